import type { AgencyStatusBody } from '@smt/shared';
import type { z } from 'zod';
import { postManagement } from './management-request';

/** Enables or disables an agency. */
export function updateAgencyStatus(body: z.output<typeof AgencyStatusBody>) {
  return postManagement('agencyUpdateStatus', body);
}
