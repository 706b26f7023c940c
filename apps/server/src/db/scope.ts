import type { ServerRole } from '@smt/shared';
import { eq, sql, type Column, type SQL } from 'drizzle-orm';

/**
 * What part of the organisation's data a request may read and write. Every repository
 * query takes one; it comes from the effective user of the session, never from the client.
 */
export type Scope =
  | { kind: 'superUser' }
  | { kind: 'agency'; agencyId: number }
  | { kind: 'branch'; agencyId: number; branchId: number }
  // An agent sees their own bookings; with multi-agent access, their branch's agents' too.
  | { kind: 'agent'; agencyId: number; branchId: number; agentId: number }
  | { kind: 'multiAgent'; agencyId: number; branchId: number; agentId: number }
  | { kind: 'none' };

export type ScopeAnchor = {
  roles: readonly ServerRole[];
  agencyId: number | null;
  branchId: number | null;
  agentId: number | null;
  multiAgentAccess: boolean;
};

/** The widest scope a user's roles give, anchored where the user sits in the organisation. */
export function scopeOf(user: ScopeAnchor): Scope {
  const { roles, agencyId, branchId, agentId } = user;
  if (roles.includes('ROLE_SA_SUPER_USER')) return { kind: 'superUser' };
  const managesAgency =
    roles.includes('ROLE_SA_MANAGER_USER') || roles.includes('ROLE_SA_AGENCY_MANAGER_USER');
  if (managesAgency && agencyId !== null) return { kind: 'agency', agencyId };
  if (roles.includes('ROLE_SA_BRANCH_MANAGER_USER') && agencyId !== null && branchId !== null) {
    return { kind: 'branch', agencyId, branchId };
  }
  if (
    roles.includes('ROLE_SA_AGENT_USER') &&
    agencyId !== null &&
    branchId !== null &&
    agentId !== null
  ) {
    return { kind: user.multiAgentAccess ? 'multiAgent' : 'agent', agencyId, branchId, agentId };
  }
  return { kind: 'none' };
}

/** The columns by which a table (or a join) belongs to an agency, a branch and an agent. */
export type ScopeColumns = { agency: Column; branch?: Column; agent?: Column };

/**
 * The condition that keeps a query inside a scope. A table coarser than the scope is matched
 * at its own grain: an agent's scope over branches is the agent's own branch.
 */
export function inScope(scope: Scope, columns: ScopeColumns): SQL {
  switch (scope.kind) {
    case 'superUser':
      return sql`true`;
    case 'none':
      return sql`false`;
    case 'agency':
      return eq(columns.agency, scope.agencyId);
    case 'branch':
    case 'multiAgent':
      return columns.branch
        ? eq(columns.branch, scope.branchId)
        : eq(columns.agency, scope.agencyId);
    case 'agent':
      if (columns.agent) return eq(columns.agent, scope.agentId);
      return columns.branch
        ? eq(columns.branch, scope.branchId)
        : eq(columns.agency, scope.agencyId);
  }
}

/** Where a record sits in the organisation. */
export type Placement = { agencyId: number; branchId: number; agentId: number };

/** Whether a scope lets its user see a record placed there: `inScope` for one row in memory. */
export function scopeCovers(scope: Scope, place: Placement): boolean {
  switch (scope.kind) {
    case 'superUser':
      return true;
    case 'none':
      return false;
    case 'agency':
      return place.agencyId === scope.agencyId;
    case 'branch':
    case 'multiAgent':
      return place.branchId === scope.branchId;
    case 'agent':
      return place.agentId === scope.agentId;
  }
}
