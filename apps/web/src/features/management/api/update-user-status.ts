import type { UserStatusBody } from '@smt/shared';
import type { z } from 'zod';
import { postManagement } from './management-request';

/** Enables or disables a user; a disabled user cannot sign in. */
export function updateUserStatus(body: z.output<typeof UserStatusBody>) {
  return postManagement('userUpdateStatus', body);
}
