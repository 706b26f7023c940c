import { AgencyItem, NOTIFICATION_CALLS } from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import {
  ORGANISATION_STALE_MS,
  organisationKeys,
} from '@/features/organisation-filter/api/organisation-keys';

const AgencyList = z.array(AgencyItem);

/** The agencies in the caller's scope. */
export function listAgencies(signal?: AbortSignal): Promise<AgencyItem[]> {
  return api.get(NOTIFICATION_CALLS.listAgencies, {
    query: { level: 'AGENT' },
    schema: AgencyList,
    signal,
    forbiddenEndsSession: true,
  });
}

export const agenciesQueryOptions = () =>
  queryOptions({
    queryKey: organisationKeys.agencies(),
    queryFn: ({ signal }) => listAgencies(signal),
    staleTime: ORGANISATION_STALE_MS,
  });

export function useAgencies() {
  return useQuery(agenciesQueryOptions());
}
