import { BranchItem, NOTIFICATION_CALLS } from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import {
  ORGANISATION_STALE_MS,
  organisationKeys,
} from '@/features/organisation-filter/api/organisation-keys';

const BranchList = z.array(BranchItem);

/** The branches of one agency in the caller's scope. */
export function listBranches(agencyId: number, signal?: AbortSignal): Promise<BranchItem[]> {
  return api.get(NOTIFICATION_CALLS.listBranches, {
    query: { agencyId },
    schema: BranchList,
    signal,
    forbiddenEndsSession: true,
  });
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
