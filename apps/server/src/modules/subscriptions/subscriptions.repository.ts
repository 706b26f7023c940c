import type { Media, Process } from '@smt/shared';
import { and, asc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { agents, branches, processSettings, subscriptions } from '@/db/schema';
import { inScope, type Scope } from '@/db/scope';

// Subscriptions as the notification-types page reads and writes them. Every read takes the
// caller's scope; writes are by target after the service has checked the target in scope.

/**
 * Whose agent-level subscriptions a caller may see and change: an agent only their own, even
 * with multi-agent access (that lets them read a colleague's bookings, not decide what the
 * colleague is told).
 */
export const agentScopeOf = (scope: Scope): Scope =>
  scope.kind === 'multiAgent' ? { ...scope, kind: 'agent' } : scope;

/** Whether the caller runs the branch-wide subscriptions of the branches they see. */
export const managesBranches = (scope: Scope): boolean =>
  scope.kind === 'superUser' || scope.kind === 'agency' || scope.kind === 'branch';

const visibleRowsWhere = (scope: Scope): SQL | undefined =>
  or(
    and(
      isNotNull(subscriptions.agentId),
      inScope(agentScopeOf(scope), {
        agency: branches.agencyId,
        branch: subscriptions.branchId,
        agent: subscriptions.agentId,
      }),
    ),
    and(
      isNull(subscriptions.agentId),
      inScope(scope, { agency: branches.agencyId, branch: subscriptions.branchId }),
    ),
  );

export type StoredSubscription = {
  branchId: number;
  agentId: number | null;
  process: Process;
  media: Media;
};

/** The caller's agent-level rows and the branch-wide rows of the branches they see. */
export async function selectVisibleSubscriptions(
  db: Db,
  scope: Scope,
): Promise<StoredSubscription[]> {
  return db
    .select({
      branchId: subscriptions.branchId,
      agentId: subscriptions.agentId,
      process: subscriptions.process,
      media: subscriptions.media,
    })
    .from(subscriptions)
    .innerJoin(branches, eq(branches.id, subscriptions.branchId))
    .where(visibleRowsWhere(scope))
    .orderBy(asc(branches.pcc), sql`${subscriptions.agentId} nulls first`, asc(subscriptions.id));
}

export type BranchOfScope = { id: number; agencyId: number; name: string; pcc: string };

/** The branches the caller sees (an agent: their own), by PCC. */
export async function selectBranchesInScope(db: Db, scope: Scope): Promise<BranchOfScope[]> {
  return db
    .select({
      id: branches.id,
      agencyId: branches.agencyId,
      name: branches.name,
      pcc: branches.pcc,
    })
    .from(branches)
    .where(inScope(scope, { agency: branches.agencyId, branch: branches.id }))
    .orderBy(asc(branches.pcc));
}

export type AgentOfScope = { id: number; name: string; initials: string; branchId: number };

const agentColumns = {
  id: agents.id,
  name: agents.name,
  initials: agents.initials,
  branchId: agents.branchId,
};

const editableAgentsWhere = (scope: Scope): SQL =>
  inScope(agentScopeOf(scope), {
    agency: branches.agencyId,
    branch: agents.branchId,
    agent: agents.id,
  });

/** The agents whose subscriptions the caller may change, of one branch or by id. */
export async function selectEditableAgents(
  db: Db,
  scope: Scope,
  filter: { branchId?: number; ids?: number[] },
): Promise<AgentOfScope[]> {
  if (filter.ids?.length === 0) return [];
  return db
    .select(agentColumns)
    .from(agents)
    .innerJoin(branches, eq(branches.id, agents.branchId))
    .where(
      and(
        editableAgentsWhere(scope),
        filter.branchId === undefined ? undefined : eq(agents.branchId, filter.branchId),
        filter.ids === undefined ? undefined : inArray(agents.id, filter.ids),
      ),
    )
    .orderBy(asc(agents.name), asc(agents.id));
}

/** Names of agents by id, for the lookup of the rows a caller sees. */
export async function selectAgentsById(db: Db, ids: number[]): Promise<AgentOfScope[]> {
  if (ids.length === 0) return [];
  return db.select(agentColumns).from(agents).where(inArray(agents.id, ids));
}

/**
 * Which processes run for each branch: the branch's own process setting over the system-wide
 * default row, and a process with neither runs (as the engine's `loadBranchSettings` reads them).
 */
export async function selectActiveProcesses(
  db: Db,
  branchIds: number[],
  processes: readonly Process[],
): Promise<Map<number, Process[]>> {
  const active = new Map<number, Process[]>();
  if (branchIds.length === 0) return active;
  const rows = await db
    .select({
      branchId: processSettings.branchId,
      process: processSettings.process,
      enabled: processSettings.enabled,
    })
    .from(processSettings)
    .where(or(isNull(processSettings.branchId), inArray(processSettings.branchId, branchIds)));
  const defaults = new Map<Process, boolean>();
  const own = new Map<string, boolean>();
  for (const row of rows) {
    if (row.branchId === null) defaults.set(row.process, row.enabled);
    else own.set(`${row.branchId}:${row.process}`, row.enabled);
  }
  for (const branchId of branchIds) {
    active.set(
      branchId,
      processes.filter(
        (process) => own.get(`${branchId}:${process}`) ?? defaults.get(process) ?? true,
      ),
    );
  }
  return active;
}

export type SubscriptionTarget = {
  branchId: number;
  agentId: number | null;
  process: Process;
  media: Media;
};

/** Makes a subscription; false when it was already there. */
export async function insertSubscription(
  tx: Db,
  target: SubscriptionTarget,
  now: Date,
): Promise<boolean> {
  const made = await tx
    .insert(subscriptions)
    .values({ ...target, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: subscriptions.id });
  return made.length > 0;
}

/** Removes a subscription; false when there was none. */
export async function deleteSubscription(tx: Db, target: SubscriptionTarget): Promise<boolean> {
  const removed = await tx
    .delete(subscriptions)
    .where(
      and(
        eq(subscriptions.process, target.process),
        eq(subscriptions.media, target.media),
        eq(subscriptions.branchId, target.branchId),
        target.agentId === null
          ? isNull(subscriptions.agentId)
          : eq(subscriptions.agentId, target.agentId),
      ),
    )
    .returning({ id: subscriptions.id });
  return removed.length > 0;
}
