import type { AgencyCreateBody } from '@smt/shared';
import type { z } from 'zod';
import { postManagement } from './management-request';

/** Adds an agency; 409 when the name is taken. */
export function createAgency(body: z.output<typeof AgencyCreateBody>) {
  return postManagement('agencyCreate', body);
}
