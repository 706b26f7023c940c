import type { BranchStatusBody } from '@smt/shared';
import type { z } from 'zod';
import { postManagement } from './management-request';

/** Enables or disables a branch. */
export function updateBranchStatus(body: z.output<typeof BranchStatusBody>) {
  return postManagement('branchUpdateStatus', body);
}
