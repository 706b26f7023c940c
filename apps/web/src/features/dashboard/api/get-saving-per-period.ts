import { dashboardCalls, type SavingPeriodsResponse } from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardKeys } from '@/features/dashboard/api/dashboard-keys';
import type { DashboardRequest } from '@/features/dashboard/utils/dashboard-request';
import { api } from '@/lib/api-client';

/** Potential and actual saving per month (SPEC §7.3 potential-vs-actual-by-period). */
export function getSavingPerPeriod(
  request: DashboardRequest,
  signal?: AbortSignal,
): Promise<SavingPeriodsResponse> {
  return api.call(dashboardCalls.potentialVsActualByPeriod, { query: request }, { signal });
}

export const savingPerPeriodQueryOptions = (request: DashboardRequest) =>
  queryOptions({
    queryKey: dashboardKeys.savingPerPeriod(request),
    queryFn: ({ signal }) => getSavingPerPeriod(request, signal),
  });

export function useSavingPerPeriod(request: DashboardRequest) {
  return useQuery(savingPerPeriodQueryOptions(request));
}
