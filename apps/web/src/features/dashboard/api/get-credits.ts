import { dashboardCalls, type CreditTotalsResponse } from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardKeys } from '@/features/dashboard/api/dashboard-keys';
import type { DashboardRequest } from '@/features/dashboard/utils/dashboard-request';
import { api } from '@/lib/api-client';

/** The credits ledger's figures: open, used and lost to expiry per currency (issue 36). */
export function getCredits(
  request: DashboardRequest,
  signal?: AbortSignal,
): Promise<CreditTotalsResponse> {
  return api.call(dashboardCalls.credits, { query: request }, { signal });
}

export const creditsQueryOptions = (request: DashboardRequest) =>
  queryOptions({
    queryKey: dashboardKeys.credits(request),
    queryFn: ({ signal }) => getCredits(request, signal),
  });

export function useCredits(request: DashboardRequest) {
  return useQuery(creditsQueryOptions(request));
}
