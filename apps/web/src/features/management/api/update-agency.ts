import type { AgencyUpdateBody } from '@smt/shared';
import type { z } from 'zod';
import { postManagement } from './management-request';

/** Renames an agency; 409 when the name is taken. */
export function updateAgency(body: z.output<typeof AgencyUpdateBody>) {
  return postManagement('agencyUpdate', body);
}
