import { notificationCalls, type AgentItem } from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import {
  ORGANISATION_STALE_MS,
  organisationKeys,
} from '@/features/organisation-filter/api/organisation-keys';

/** The agents of one branch in the caller's scope. */
export function listAgents(branchId: number, signal?: AbortSignal): Promise<AgentItem[]> {
  return api.call(
    notificationCalls.listAgents,
    { query: { branchId } },
    { signal, forbiddenEndsSession: true },
  );
}

export const agentsQueryOptions = (branchId: number) =>
  queryOptions({
    queryKey: organisationKeys.agents(branchId),
    queryFn: ({ signal }) => listAgents(branchId, signal),
    staleTime: ORGANISATION_STALE_MS,
  });

/** `null`: no single branch to list agents of yet, so nothing is asked. */
export function useAgents(branchId: number | null) {
  return useQuery({
    ...agentsQueryOptions(branchId ?? 0),
    enabled: branchId !== null,
  });
}
