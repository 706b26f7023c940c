import { notificationCalls, type AgencyItem } from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import {
  ORGANISATION_STALE_MS,
  organisationKeys,
} from '@/features/organisation-filter/api/organisation-keys';

/** The agencies in the caller's scope. */
export function listAgencies(signal?: AbortSignal): Promise<AgencyItem[]> {
  return api.call(
    notificationCalls.listAgencies,
    { query: { level: 'AGENT' } },
    { signal, forbiddenEndsSession: true },
  );
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
