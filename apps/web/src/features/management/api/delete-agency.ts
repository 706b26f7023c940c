import type { AgencyDeleteBody } from '@smt/shared';
import type { z } from 'zod';
import { postManagement } from './management-request';

/** Deletes an agency; 409 while anything refers to it. */
export function deleteAgency(body: z.output<typeof AgencyDeleteBody>) {
  return postManagement('agencyDelete', body);
}
