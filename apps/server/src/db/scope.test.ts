import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { agents, branches } from './schema';
import { inScope, scopeCovers, scopeOf, type Scope, type ScopeAnchor } from './scope';

const anchor = (over: Partial<ScopeAnchor>): ScopeAnchor => ({
  roles: [],
  agencyId: 1,
  branchId: 2,
  agentId: 3,
  multiAgentAccess: false,
  ...over,
});

const dialect = new PgDialect();
const render = (scope: Scope) => {
  const query = dialect.sqlToQuery(
    inScope(scope, { agency: branches.agencyId, branch: agents.branchId, agent: agents.id }),
  );
  return [query.sql, query.params];
};

describe('scopeOf', () => {
  it('should give everything to a super user whatever else they have', () => {
    expect(scopeOf(anchor({ roles: ['ROLE_SA_AGENT_USER', 'ROLE_SA_SUPER_USER'] }))).toEqual({
      kind: 'superUser',
    });
  });

  it('should give a manager their agency', () => {
    expect(scopeOf(anchor({ roles: ['ROLE_SA_MANAGER_USER'] }))).toEqual({
      kind: 'agency',
      agencyId: 1,
    });
    expect(scopeOf(anchor({ roles: ['ROLE_SA_AGENCY_MANAGER_USER'] }))).toEqual({
      kind: 'agency',
      agencyId: 1,
    });
  });

  it('should give a branch manager their branch', () => {
    expect(scopeOf(anchor({ roles: ['ROLE_SA_BRANCH_MANAGER_USER'] }))).toEqual({
      kind: 'branch',
      agencyId: 1,
      branchId: 2,
    });
  });

  it('should give an agent their own bookings, or the branch when multi-agent', () => {
    expect(scopeOf(anchor({ roles: ['ROLE_SA_AGENT_USER'] })).kind).toBe('agent');
    expect(scopeOf(anchor({ roles: ['ROLE_SA_AGENT_USER'], multiAgentAccess: true })).kind).toBe(
      'multiAgent',
    );
  });

  it('should give nothing when the user has no place in the organisation', () => {
    expect(scopeOf(anchor({ roles: ['ROLE_SA_AGENT_USER'], agentId: null })).kind).toBe('none');
    expect(scopeOf(anchor({ roles: ['ROLE_SA_MANAGER_USER'], agencyId: null })).kind).toBe('none');
    expect(scopeOf(anchor({ roles: ['ROLE_SA_OPERATOR_USER'] })).kind).toBe('none');
    expect(scopeOf(anchor({ roles: ['ROLE_SA_NEW_REGISTERED_USER'] })).kind).toBe('none');
  });
});

describe('inScope', () => {
  it('should filter at the level of the scope', () => {
    expect(render({ kind: 'superUser' })).toEqual(['true', []]);
    expect(render({ kind: 'none' })).toEqual(['false', []]);
    expect(render({ kind: 'agency', agencyId: 7 })).toEqual(['"branches"."agency_id" = $1', [7]]);
    expect(render({ kind: 'branch', agencyId: 7, branchId: 8 })).toEqual([
      '"agents"."branch_id" = $1',
      [8],
    ]);
    expect(render({ kind: 'agent', agencyId: 7, branchId: 8, agentId: 9 })).toEqual([
      '"agents"."id" = $1',
      [9],
    ]);
    expect(render({ kind: 'multiAgent', agencyId: 7, branchId: 8, agentId: 9 })).toEqual([
      '"agents"."branch_id" = $1',
      [8],
    ]);
  });

  it('should match a coarser table at its own grain when the scope is finer', () => {
    const query = dialect.sqlToQuery(
      inScope(
        { kind: 'agent', agencyId: 7, branchId: 8, agentId: 9 },
        { agency: branches.agencyId },
      ),
    );
    expect([query.sql, query.params]).toEqual(['"branches"."agency_id" = $1', [7]]);
  });
});

describe('scopeCovers', () => {
  const place = { agencyId: 7, branchId: 8, agentId: 9 };

  it('should cover a record exactly where inScope would find it', () => {
    expect(scopeCovers({ kind: 'superUser' }, place)).toBe(true);
    expect(scopeCovers({ kind: 'none' }, place)).toBe(false);
    expect(scopeCovers({ kind: 'agency', agencyId: 7 }, place)).toBe(true);
    expect(scopeCovers({ kind: 'agency', agencyId: 6 }, place)).toBe(false);
    expect(scopeCovers({ kind: 'branch', agencyId: 7, branchId: 8 }, place)).toBe(true);
    expect(scopeCovers({ kind: 'branch', agencyId: 7, branchId: 5 }, place)).toBe(false);
    expect(scopeCovers({ kind: 'multiAgent', agencyId: 7, branchId: 8, agentId: 4 }, place)).toBe(
      true,
    );
  });

  it("should not cover a colleague's record when the scope is one agent's", () => {
    expect(scopeCovers({ kind: 'agent', agencyId: 7, branchId: 8, agentId: 9 }, place)).toBe(true);
    expect(scopeCovers({ kind: 'agent', agencyId: 7, branchId: 8, agentId: 4 }, place)).toBe(false);
  });
});
