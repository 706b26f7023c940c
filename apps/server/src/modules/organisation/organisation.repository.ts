import { and, asc, eq, ne, notExists } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { agencies, agents, branches, users } from '@/db/schema';
import { inScope, type Scope } from '@/db/scope';

// The organisation as the caller may see it: the items of the organisation filter
// (SPEC §3: agency id/name, branch id/pcc/name, agent id/initials/name).

export type AgencyItem = { id: number; name: string };
export type BranchItem = { id: number; pcc: string; name: string; agencyId: number };
export type AgentItem = { id: number; initials: string; name: string; branchId: number };

export async function listAgencies(db: Db, scope: Scope): Promise<AgencyItem[]> {
  return db
    .select({ id: agencies.id, name: agencies.name })
    .from(agencies)
    .where(and(eq(agencies.enabled, true), inScope(scope, { agency: agencies.id })))
    .orderBy(asc(agencies.name), asc(agencies.id));
}

export async function listBranches(
  db: Db,
  scope: Scope,
  filter: { agencyId?: number } = {},
): Promise<BranchItem[]> {
  return db
    .select({
      id: branches.id,
      pcc: branches.pcc,
      name: branches.name,
      agencyId: branches.agencyId,
    })
    .from(branches)
    .where(
      and(
        eq(branches.enabled, true),
        inScope(scope, { agency: branches.agencyId, branch: branches.id }),
        filter.agencyId === undefined ? undefined : eq(branches.agencyId, filter.agencyId),
      ),
    )
    .orderBy(asc(branches.pcc), asc(branches.id));
}

/**
 * `withoutUser`: only agents no user is placed at, but for `keepingUser`'s own (a user being
 * edited keeps their agent among the choices).
 */
export type AgentFilter = { branchId?: number; withoutUser?: boolean; keepingUser?: number };

/** No user but `keepingUser` is placed at the agent. */
const noUserAt = (db: Db, keepingUser: number | undefined) =>
  notExists(
    db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.agentId, agents.id),
          keepingUser === undefined ? undefined : ne(users.id, keepingUser),
        ),
      ),
  );

export async function listAgents(
  db: Db,
  scope: Scope,
  filter: AgentFilter = {},
): Promise<AgentItem[]> {
  return db
    .select({
      id: agents.id,
      initials: agents.initials,
      name: agents.name,
      branchId: agents.branchId,
    })
    .from(agents)
    .innerJoin(branches, eq(branches.id, agents.branchId))
    .where(
      and(
        eq(agents.enabled, true),
        inScope(scope, { agency: branches.agencyId, branch: agents.branchId, agent: agents.id }),
        filter.branchId === undefined ? undefined : eq(agents.branchId, filter.branchId),
        filter.withoutUser ? noUserAt(db, filter.keepingUser) : undefined,
      ),
    )
    .orderBy(asc(agents.name), asc(agents.id));
}
