import { notificationCalls, type BranchItem } from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import {
  ORGANISATION_STALE_MS,
  organisationKeys,
} from '@/features/organisation-filter/api/organisation-keys';

/** The branches of one agency in the caller's scope. */
export function listBranches(agencyId: number, signal?: AbortSignal): Promise<BranchItem[]> {
  return api.call(
    notificationCalls.listBranches,
    { query: { agencyId } },
    { signal, forbiddenEndsSession: true },
  );
}

export const branchesQueryOptions = (agencyId: number) =>
  queryOptions({
    queryKey: organisationKeys.branches(agencyId),
    queryFn: ({ signal }) => listBranches(agencyId, signal),
    staleTime: ORGANISATION_STALE_MS,
  });

/** `null`: no single agency to list branches of yet, so nothing is asked. */
export function useBranches(agencyId: number | null) {
  return useQuery({
    ...branchesQueryOptions(agencyId ?? 0),
    enabled: agencyId !== null,
  });
}
