import { AgentItem, NOTIFICATION_CALLS } from '@smt/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { managementKeys } from './management-keys';

const AgentList = z.array(AgentItem);

/** The agents of one branch, for the user form's agent select. */
export function listAgentChoices(branchId: number, signal?: AbortSignal) {
  return api.get(NOTIFICATION_CALLS.listAgents, {
    query: { branchId },
    schema: AgentList,
    signal,
  });
}

/** `null`: no branch chosen yet, so nothing is asked. */
export function useAgentChoices(branchId: number | null) {
  return useQuery({
    queryKey: managementKeys.agentChoices(branchId ?? 0),
    queryFn: ({ signal }) => listAgentChoices(branchId ?? 0, signal),
    enabled: branchId !== null,
  });
}
