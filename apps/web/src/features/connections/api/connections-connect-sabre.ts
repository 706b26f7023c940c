import { connectionCalls, type ConnectSabreBody } from '@smt/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useManagementMutation } from '@/lib/management/management-request';

/** Connects an agency to Sabre; 409 while it has an active Sabre connection already. */
export function connectSabre(body: z.output<typeof ConnectSabreBody>) {
  return api.call(connectionCalls.connectSabre, { body });
}

export function useConnectSabre() {
  return useManagementMutation(connectSabre);
}
