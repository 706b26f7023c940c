import { managedKindCalls, managementCalls } from '@smt/shared';
import { kindApi } from '@/lib/management/kind-api';
import { changeOf } from '@/lib/management/management-request';

/** The users' calls (calls/management-calls.ts), each typed by its contract. */
export const usersApi = kindApi(managedKindCalls.user, {
  entity: 'users',
  csvFile: 'users.csv',
});

/** Activates or deactivates a user; an inactive user cannot sign in. */
export const updateUserActivation = changeOf(managementCalls.userUpdateActivation);
