import { describe, expect, it } from 'vitest';
import { roleChoicesFor, roleGiverOf } from './role-choices';

describe('roleChoicesFor', () => {
  it('should offer every role but the new-registered one when the caller is a super user', () => {
    expect(roleChoicesFor('superUser')).toEqual([
      'ROLE_SA_SUPER_USER',
      'ROLE_SA_OPERATOR_USER',
      'ROLE_SA_MANAGER_USER',
      'ROLE_SA_BRANCH_MANAGER_USER',
      'ROLE_SA_AGENCY_MANAGER_USER',
      'ROLE_SA_AGENT_USER',
    ]);
  });

  it('should leave out super user and operator when the caller manages an agency', () => {
    expect(roleChoicesFor('agency')).toEqual([
      'ROLE_SA_MANAGER_USER',
      'ROLE_SA_BRANCH_MANAGER_USER',
      'ROLE_SA_AGENCY_MANAGER_USER',
      'ROLE_SA_AGENT_USER',
    ]);
  });

  it('should offer only the roles inside a branch when the caller manages a branch', () => {
    expect(roleChoicesFor('branch')).toEqual(['ROLE_SA_BRANCH_MANAGER_USER', 'ROLE_SA_AGENT_USER']);
  });
});

describe('roleGiverOf', () => {
  it('should read the widest reach from the server roles when given them', () => {
    expect(roleGiverOf(['ROLE_SA_AGENT_USER', 'ROLE_SA_SUPER_USER'])).toBe('superUser');
    expect(roleGiverOf(['ROLE_SA_AGENCY_MANAGER_USER'])).toBe('agency');
    expect(roleGiverOf(['ROLE_SA_MANAGER_USER'])).toBe('agency');
    expect(roleGiverOf(['ROLE_SA_BRANCH_MANAGER_USER'])).toBe('branch');
  });
});
