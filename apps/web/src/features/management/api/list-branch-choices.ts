import { BranchItem, NOTIFICATION_CALLS } from '@smt/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { managementKeys } from './management-keys';

const BranchList = z.array(BranchItem);

/** The branches the caller may see, or one agency's, for a form's branch select. */
export function listBranchChoices(agencyId: number | null, signal?: AbortSignal) {
  return api.get(NOTIFICATION_CALLS.listBranches, {
    query: { agencyId },
    schema: BranchList,
    signal,
  });
}

/** `enabled: false` asks nothing (a cascade with no agency chosen yet). */
export function useBranchChoices(agencyId: number | null, enabled = true) {
  return useQuery({
    queryKey: managementKeys.branchChoices(agencyId),
    queryFn: ({ signal }) => listBranchChoices(agencyId, signal),
    enabled,
  });
}
