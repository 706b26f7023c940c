import { connectionCalls, type SabreUpdateBody } from '@smt/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useManagementMutation } from '@/lib/management/management-request';

/** Changes what the body gives of a Sabre connection; without a password the stored one stays. */
export function updateSabre(body: z.output<typeof SabreUpdateBody>) {
  return api.call(connectionCalls.updateSabre, { body });
}

export function useUpdateSabre() {
  return useManagementMutation(updateSabre);
}
