import { connectionCalls, type ConnectionIdBody } from '@smt/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useManagementMutation } from '@/lib/management/management-request';

/**
 * Asks the provider with the connection's token. A refused token is an answer (`ok: false`),
 * not an error; the result is stored as the connection's last test, hence the refresh.
 */
export function testConnection(body: z.output<typeof ConnectionIdBody>) {
  return api.call(connectionCalls.test, { body });
}

export function useTestConnection() {
  return useManagementMutation(testConnection);
}
