import { AgentItem, NOTIFICATION_CALLS } from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import {
  ORGANISATION_STALE_MS,
  organisationKeys,
} from '@/features/organisation-filter/api/organisation-keys';

const AgentList = z.array(AgentItem);

/** The agents of one branch in the caller's scope. */
export function listAgents(branchId: number, signal?: AbortSignal): Promise<AgentItem[]> {
  return api.get(NOTIFICATION_CALLS.listAgents, {
    query: { branchId },
    schema: AgentList,
    signal,
    forbiddenEndsSession: true,
  });
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
