import { describe, expect, it } from 'vitest';
import { landingPathOfUser } from '@/features/auth/utils/landing';

describe('landingPathOfUser', () => {
  it('should land an agent at home when signed in', () => {
    expect(landingPathOfUser({ serverRoles: ['ROLE_SA_AGENT_USER'] })).toBe('/home');
  });

  it('should land a super user or manager at home when signed in', () => {
    expect(landingPathOfUser({ serverRoles: ['ROLE_SA_SUPER_USER'] })).toBe('/home');
    expect(landingPathOfUser({ serverRoles: ['ROLE_SA_BRANCH_MANAGER_USER'] })).toBe('/home');
  });

  it('should land an operator at the agency page when signed in', () => {
    expect(landingPathOfUser({ serverRoles: ['ROLE_SA_OPERATOR_USER'] })).toBe(
      '/management/tools/agency',
    );
  });

  it('should land a new registered user at add agency when signed in', () => {
    expect(landingPathOfUser({ serverRoles: ['ROLE_SA_NEW_REGISTERED_USER'] })).toBe(
      '/management/tools/agency/add-agency',
    );
  });

  it('should prefer home when an operator is also an agent', () => {
    expect(
      landingPathOfUser({ serverRoles: ['ROLE_SA_OPERATOR_USER', 'ROLE_SA_AGENT_USER'] }),
    ).toBe('/home');
  });

  it('should send a user with no known role home when they have none', () => {
    expect(landingPathOfUser({ serverRoles: [] })).toBe('/home');
  });
});
