import { notificationCalls } from '@smt/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { managementKeys } from './management-keys';

/** The branches the caller may see, or one agency's, for a form's branch select. */
export function listBranchChoices(agencyId: number | null, signal?: AbortSignal) {
  return api.call(notificationCalls.listBranches, { query: { agencyId } }, { signal });
}

/** `enabled: false` asks nothing (a cascade with no agency chosen yet). */
export function useBranchChoices(agencyId: number | null, enabled = true) {
  return useQuery({
    queryKey: managementKeys.branchChoices(agencyId),
    queryFn: ({ signal }) => listBranchChoices(agencyId, signal),
    enabled,
  });
}
