import { notificationCalls } from '@smt/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { managementKeys } from './management-keys';

/** The agents of one branch, for the user form's agent select. */
export function listAgentChoices(branchId: number, signal?: AbortSignal) {
  return api.call(notificationCalls.listAgents, { query: { branchId } }, { signal });
}

/** `null`: no branch chosen yet, so nothing is asked. */
export function useAgentChoices(branchId: number | null) {
  return useQuery({
    queryKey: managementKeys.agentChoices(branchId ?? 0),
    queryFn: ({ signal }) => listAgentChoices(branchId ?? 0, signal),
    enabled: branchId !== null,
  });
}
