import type { BranchCreateBody } from '@smt/shared';
import type { z } from 'zod';
import { postManagement } from './management-request';

/** Adds a branch to an agency; 409 when the PCC is taken. */
export function createBranch(body: z.output<typeof BranchCreateBody>) {
  return postManagement('branchCreate', body);
}
