import { UserCreateBody } from '@smt/shared';
import { describe, expect, it } from 'vitest';
import { EMPTY_USER_FORM, userBodyOf, userFormOf } from './user-form-values';

const filled = {
  ...EMPTY_USER_FORM,
  name: 'Dana Levi',
  email: 'dana@demo.test',
  deviceNumber: '+972501234567',
  role: 'ROLE_SA_AGENT_USER',
};

describe('userBodyOf', () => {
  it('should send only the deepest level of the place when several are chosen', () => {
    expect(userBodyOf({ ...filled, agencyId: '1', branchId: '7', agentId: '21' })).toMatchObject({
      agentId: '21',
    });
    const branchOnly = userBodyOf({ ...filled, agencyId: '1', branchId: '7' });
    expect(branchOnly).toMatchObject({ branchId: '7' });
    expect(branchOnly).not.toHaveProperty('agencyId');
    expect(userBodyOf({ ...filled, agencyId: '1' })).toMatchObject({ agencyId: '1' });
  });

  it("should fail the server's schema at agencyId when no place is chosen", () => {
    const result = UserCreateBody.safeParse(userBodyOf(filled));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toContainEqual(['agencyId']);
  });
});

describe('userFormOf', () => {
  it("should leave the role empty when the user's role is not one the picker offers", () => {
    const values = userFormOf({
      id: 1,
      name: 'New',
      email: 'new@demo.test',
      deviceNumber: '+972501234567',
      roles: ['ROLE_SA_NEW_REGISTERED_USER'],
      agencyId: 1,
      agencyName: 'Demo Travel',
      branchId: null,
      branchPcc: null,
      agentId: null,
      enabled: true,
      activated: false,
    });
    expect(values).toMatchObject({ role: '', agencyId: '1', branchId: '', agentId: '' });
  });
});
