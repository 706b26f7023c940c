import { subscriptionCalls } from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SUBSCRIPTIONS_ROOT_KEY } from './get-subscriptions';

/** The agents of one branch the caller may subscribe (the add dialog's agent choice). */
export function getSubscribableAgents(branchId: number, signal?: AbortSignal) {
  return api.call(subscriptionCalls.agents, { query: { branchId } }, { signal });
}

export const subscribableAgentsQueryOptions = (branchId: number) =>
  queryOptions({
    queryKey: [SUBSCRIPTIONS_ROOT_KEY, 'agents', branchId],
    queryFn: ({ signal }) => getSubscribableAgents(branchId, signal),
  });

/** Nothing is asked until a branch is chosen. */
export function useSubscribableAgents(branchId: number | null) {
  return useQuery({
    ...subscribableAgentsQueryOptions(branchId ?? 0),
    enabled: branchId !== null,
  });
}
