import { notificationCalls } from '@smt/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { managementKeys } from './management-keys';

/**
 * Which agents a select offers: all of the branch's, or those no user is placed at yet (a
 * user's agent), keeping `keepingUser`'s own while that user is edited.
 */
export type AgentChoiceFilter = { withoutUser: true; keepingUser?: number | undefined };

/** The agents of one branch, for a form's agent select. */
export function listAgentChoices(
  branchId: number,
  filter: AgentChoiceFilter | undefined,
  signal?: AbortSignal,
) {
  return api.call(notificationCalls.listAgents, { query: { branchId, ...filter } }, { signal });
}

/** `null`: no branch chosen yet, so nothing is asked. */
export function useAgentChoices(branchId: number | null, filter?: AgentChoiceFilter) {
  return useQuery({
    queryKey: [...managementKeys.agentChoices(branchId ?? 0), filter ?? null],
    queryFn: ({ signal }) => listAgentChoices(branchId ?? 0, filter, signal),
    enabled: branchId !== null,
  });
}
