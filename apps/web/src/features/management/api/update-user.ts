import type { UserUpdateBody } from '@smt/shared';
import type { z } from 'zod';
import { postManagement, useManagementMutation } from './management-request';

/** Changes a user's name, e-mail, device number, role and place. */
export function updateUser(body: z.output<typeof UserUpdateBody>) {
  return postManagement('userUpdate', body);
}

export function useUpdateUser() {
  return useManagementMutation(updateUser);
}
