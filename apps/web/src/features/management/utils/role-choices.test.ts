import { describe, expect, it } from 'vitest';
import { roleChoicesFor } from './role-choices';

describe('roleChoicesFor', () => {
  it('should offer every role but the new-registered one when the caller is a super user', () => {
    expect(roleChoicesFor(true)).toEqual([
      'ROLE_SA_SUPER_USER',
      'ROLE_SA_OPERATOR_USER',
      'ROLE_SA_MANAGER_USER',
      'ROLE_SA_BRANCH_MANAGER_USER',
      'ROLE_SA_AGENCY_MANAGER_USER',
      'ROLE_SA_AGENT_USER',
    ]);
  });

  it('should leave out super user and operator when the caller is a manager', () => {
    expect(roleChoicesFor(false)).not.toContain('ROLE_SA_SUPER_USER');
    expect(roleChoicesFor(false)).not.toContain('ROLE_SA_OPERATOR_USER');
    expect(roleChoicesFor(false)).toHaveLength(4);
  });
});
