import { managementToolCalls, type CreatePnrBody } from '@smt/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useManagementMutation } from '@/lib/management/management-request';

/** Makes a booking in the GDS for an agent; the engine watches it from then on. */
export function createPnr(body: z.output<typeof CreatePnrBody>) {
  return api.call(managementToolCalls.createPnr, { body });
}

export function useCreatePnr() {
  return useManagementMutation(createPnr);
}
