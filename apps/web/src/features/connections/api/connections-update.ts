import { connectionCalls, type ConnectionUpdateBody } from '@smt/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useManagementMutation } from '@/lib/management/management-request';

/** Changes what the body gives of a connection; a token given replaces the stored one. */
export function updateConnection(body: z.output<typeof ConnectionUpdateBody>) {
  return api.call(connectionCalls.update, { body });
}

export function useUpdateConnection() {
  return useManagementMutation(updateConnection);
}
