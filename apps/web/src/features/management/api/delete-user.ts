import type { UserDeleteBody } from '@smt/shared';
import type { z } from 'zod';
import { postManagement } from './management-request';

/** Deletes a user and ends their sessions. */
export function deleteUser(body: z.output<typeof UserDeleteBody>) {
  return postManagement('userDelete', body);
}
