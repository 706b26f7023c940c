import { describe, expect, it } from 'vitest';
import { mayImpersonate } from './impersonation.rules';

const agent = { agencyId: 1, roles: ['ROLE_SA_AGENT_USER' as const] };

describe('mayImpersonate', () => {
  it('should let a super user act as anyone', () => {
    expect(
      mayImpersonate({ kind: 'superUser' }, { agencyId: null, roles: ['ROLE_SA_OPERATOR_USER'] }),
    ).toBe(true);
  });

  it("should let a manager act only as their own agency's people when they are not super-only", () => {
    const scope = { kind: 'agency', agencyId: 1 } as const;
    expect(mayImpersonate(scope, agent)).toBe(true);
    expect(mayImpersonate(scope, { ...agent, agencyId: 2 })).toBe(false);
    expect(mayImpersonate(scope, { agencyId: 1, roles: ['ROLE_SA_SUPER_USER'] })).toBe(false);
    expect(mayImpersonate(scope, { agencyId: null, roles: ['ROLE_SA_AGENT_USER'] })).toBe(false);
  });

  it('should refuse every narrower scope', () => {
    expect(mayImpersonate({ kind: 'branch', agencyId: 1, branchId: 1 }, agent)).toBe(false);
    expect(mayImpersonate({ kind: 'agent', agencyId: 1, branchId: 1, agentId: 1 }, agent)).toBe(
      false,
    );
    expect(mayImpersonate({ kind: 'none' }, agent)).toBe(false);
  });
});
