import type { BranchUpdateBody } from '@smt/shared';
import type { z } from 'zod';
import { postManagement } from './management-request';

/** Changes a branch's name and PCC; 409 when the PCC is taken. */
export function updateBranch(body: z.output<typeof BranchUpdateBody>) {
  return postManagement('branchUpdate', body);
}
