import type { UserActivationBody } from '@smt/shared';
import type { z } from 'zod';
import { postManagement } from './management-request';

/** Activates or deactivates a user; an inactive user cannot sign in. */
export function updateUserActivation(body: z.output<typeof UserActivationBody>) {
  return postManagement('userUpdateActivation', body);
}
