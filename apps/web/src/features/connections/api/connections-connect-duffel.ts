import { connectionCalls, type ConnectDuffelBody } from '@smt/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useManagementMutation } from '@/lib/management/management-request';

/** Connects an agency to Duffel; 409 while it has an active Duffel connection already. */
export function connectDuffel(body: z.output<typeof ConnectDuffelBody>) {
  return api.call(connectionCalls.connectDuffel, { body });
}

export function useConnectDuffel() {
  return useManagementMutation(connectDuffel);
}
