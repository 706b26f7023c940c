import type { UserCreateBody } from '@smt/shared';
import type { z } from 'zod';
import { postManagement, useManagementMutation } from './management-request';

/** Adds a user; 409 when the e-mail or device number is taken. */
export function createUser(body: z.output<typeof UserCreateBody>) {
  return postManagement('userCreate', body);
}

export function useCreateUser() {
  return useManagementMutation(createUser);
}
