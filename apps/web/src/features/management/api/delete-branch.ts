import type { BranchDeleteBody } from '@smt/shared';
import type { z } from 'zod';
import { postManagement } from './management-request';

/** Deletes a branch; 409 while anything refers to it. */
export function deleteBranch(body: z.output<typeof BranchDeleteBody>) {
  return postManagement('branchDelete', body);
}
