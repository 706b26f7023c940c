import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { agencies, agents, branches, gdsConnections, providerEvents } from '@/db/schema';
import { inScope, type Scope } from '@/db/scope';
import { containsText, type Page } from './management-query';

// Agencies, branches and agents as the management lists show and change them. Every read
// takes the caller's scope; writes are by id after the service has found the row in scope.

export type AgencyFilter = { name?: string | undefined };
export type BranchFilter = { name?: string | undefined; agencyId?: number | undefined };
export type AgentFilter = BranchFilter & { branchId?: number | undefined };

const agencyWhere = (scope: Scope, filter: AgencyFilter): SQL | undefined =>
  and(inScope(scope, { agency: agencies.id }), containsText(filter.name, agencies.name));

const branchWhere = (scope: Scope, filter: BranchFilter): SQL | undefined =>
  and(
    inScope(scope, { agency: branches.agencyId, branch: branches.id }),
    containsText(filter.name, branches.name, branches.pcc),
    filter.agencyId === undefined ? undefined : eq(branches.agencyId, filter.agencyId),
  );

const agentWhere = (scope: Scope, filter: AgentFilter): SQL | undefined =>
  and(
    inScope(scope, { agency: branches.agencyId, branch: agents.branchId, agent: agents.id }),
    containsText(filter.name, agents.name, agents.initials),
    filter.agencyId === undefined ? undefined : eq(branches.agencyId, filter.agencyId),
    filter.branchId === undefined ? undefined : eq(agents.branchId, filter.branchId),
  );

const agencyColumns = { id: agencies.id, name: agencies.name, enabled: agencies.enabled };
const branchColumns = {
  id: branches.id,
  name: branches.name,
  pcc: branches.pcc,
  agencyId: branches.agencyId,
  agencyName: agencies.name,
  enabled: branches.enabled,
};
const agentColumns = {
  id: agents.id,
  name: agents.name,
  initials: agents.initials,
  branchId: agents.branchId,
  pcc: branches.pcc,
  agencyId: branches.agencyId,
  enabled: agents.enabled,
};

export type AgencyRow = { id: number; name: string; enabled: boolean };
export type BranchRow = AgencyRow & { pcc: string; agencyId: number; agencyName: string };
export type AgentRow = AgencyRow & {
  initials: string;
  branchId: number;
  pcc: string;
  agencyId: number;
};

/** The agencies of a search in the list's order; a page of them when `page` is given. */
export async function selectAgencies(
  db: Db,
  scope: Scope,
  filter: AgencyFilter,
  page?: Page,
): Promise<AgencyRow[]> {
  const query = db
    .select(agencyColumns)
    .from(agencies)
    .where(agencyWhere(scope, filter))
    .orderBy(asc(agencies.name), asc(agencies.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function countAgencies(db: Db, scope: Scope, filter: AgencyFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(agencies).where(agencyWhere(scope, filter));
  return row?.n ?? 0;
}

export async function selectBranches(
  db: Db,
  scope: Scope,
  filter: BranchFilter,
  page?: Page,
): Promise<BranchRow[]> {
  const query = db
    .select(branchColumns)
    .from(branches)
    .innerJoin(agencies, eq(agencies.id, branches.agencyId))
    .where(branchWhere(scope, filter))
    .orderBy(asc(branches.pcc), asc(branches.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function countBranches(db: Db, scope: Scope, filter: BranchFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(branches).where(branchWhere(scope, filter));
  return row?.n ?? 0;
}

export async function selectAgents(
  db: Db,
  scope: Scope,
  filter: AgentFilter,
  page?: Page,
): Promise<AgentRow[]> {
  const query = db
    .select(agentColumns)
    .from(agents)
    .innerJoin(branches, eq(branches.id, agents.branchId))
    .where(agentWhere(scope, filter))
    .orderBy(asc(agents.name), asc(agents.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function countAgents(db: Db, scope: Scope, filter: AgentFilter): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(agents)
    .innerJoin(branches, eq(branches.id, agents.branchId))
    .where(agentWhere(scope, filter));
  return row?.n ?? 0;
}

/** One agency, branch or agent, or null when it does not exist inside the scope. */
export async function findAgencyInScope(db: Db, scope: Scope, id: number) {
  const [row] = await db
    .select(agencyColumns)
    .from(agencies)
    .where(and(eq(agencies.id, id), agencyWhere(scope, {})));
  return row ?? null;
}

export async function findBranchInScope(db: Db, scope: Scope, id: number) {
  const [row] = await db
    .select(branchColumns)
    .from(branches)
    .innerJoin(agencies, eq(agencies.id, branches.agencyId))
    .where(and(eq(branches.id, id), branchWhere(scope, {})));
  return row ?? null;
}

export async function findAgentInScope(db: Db, scope: Scope, id: number) {
  const [row] = await db
    .select(agentColumns)
    .from(agents)
    .innerJoin(branches, eq(branches.id, agents.branchId))
    .where(and(eq(agents.id, id), agentWhere(scope, {})));
  return row ?? null;
}

// ---- duplicates: the unique keys of the tables, checked first for a message naming the field

export async function agencyNameTaken(db: Db, name: string, exceptId = 0): Promise<boolean> {
  const rows = await db
    .select({ id: agencies.id })
    .from(agencies)
    .where(and(sql`lower(${agencies.name}) = lower(${name})`, ne(agencies.id, exceptId)))
    .limit(1);
  return rows.length > 0;
}

// PCCs are unique across agencies (branches_pcc_key): a PCC is one office in the GDS.
export async function branchPccTaken(db: Db, pcc: string, exceptId = 0): Promise<boolean> {
  const rows = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.pcc, pcc), ne(branches.id, exceptId)))
    .limit(1);
  return rows.length > 0;
}

export async function agentInitialsTaken(
  db: Db,
  branchId: number,
  initials: string,
  exceptId = 0,
): Promise<boolean> {
  const rows = await db
    .select({ id: agents.id })
    .from(agents)
    .where(
      and(eq(agents.branchId, branchId), eq(agents.initials, initials), ne(agents.id, exceptId)),
    )
    .limit(1);
  return rows.length > 0;
}

// ---- writes --------------------------------------------------------------------------------

export async function insertAgency(tx: Db, values: { name: string }): Promise<number> {
  const [row] = await tx.insert(agencies).values(values).returning({ id: agencies.id });
  if (!row) throw new Error('agency insert returned no row');
  return row.id;
}

/** Connects an agency to the embedded simulator, as the demo's agencies are. */
export async function insertSimulatorConnection(tx: Db, agencyId: number): Promise<void> {
  await tx.insert(gdsConnections).values({ agencyId, provider: 'SIMULATOR' });
}

export async function updateAgency(
  tx: Db,
  id: number,
  changes: { name?: string; enabled?: boolean },
  now: Date,
): Promise<void> {
  await tx
    .update(agencies)
    .set({ ...changes, updatedAt: now })
    .where(eq(agencies.id, id));
}

export async function deleteAgency(tx: Db, id: number): Promise<void> {
  // Its connections go with it; one that still has bookings stops the delete as in use.
  const connections = tx
    .select({ id: gdsConnections.id })
    .from(gdsConnections)
    .where(eq(gdsConnections.agencyId, id));
  await tx.delete(providerEvents).where(inArray(providerEvents.connectionId, connections));
  await tx.delete(gdsConnections).where(eq(gdsConnections.agencyId, id));
  await tx.delete(agencies).where(eq(agencies.id, id));
}

export async function insertBranch(
  tx: Db,
  values: { name: string; pcc: string; agencyId: number },
): Promise<number> {
  const [row] = await tx.insert(branches).values(values).returning({ id: branches.id });
  if (!row) throw new Error('branch insert returned no row');
  return row.id;
}

export async function updateBranch(
  tx: Db,
  id: number,
  changes: { name?: string; pcc?: string; agencyId?: number; enabled?: boolean },
  now: Date,
): Promise<void> {
  await tx
    .update(branches)
    .set({ ...changes, updatedAt: now })
    .where(eq(branches.id, id));
}

export async function deleteBranch(tx: Db, id: number): Promise<void> {
  await tx.delete(branches).where(eq(branches.id, id));
}

export async function insertAgent(
  tx: Db,
  values: { name: string; initials: string; branchId: number },
): Promise<number> {
  const [row] = await tx.insert(agents).values(values).returning({ id: agents.id });
  if (!row) throw new Error('agent insert returned no row');
  return row.id;
}

export async function updateAgent(
  tx: Db,
  id: number,
  changes: { name?: string; initials?: string; branchId?: number; enabled?: boolean },
  now: Date,
): Promise<void> {
  await tx
    .update(agents)
    .set({ ...changes, updatedAt: now })
    .where(eq(agents.id, id));
}

export async function deleteAgent(tx: Db, id: number): Promise<void> {
  await tx.delete(agents).where(eq(agents.id, id));
}
