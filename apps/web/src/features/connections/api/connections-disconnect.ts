import { connectionCalls, type ConnectionIdBody } from '@smt/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useManagementMutation } from '@/lib/management/management-request';

/** Stops monitoring through a connection; its bookings and their history stay. */
export function disconnectConnection(body: z.output<typeof ConnectionIdBody>) {
  return api.call(connectionCalls.disconnect, { body });
}

export function useDisconnectConnection() {
  return useManagementMutation(disconnectConnection);
}
