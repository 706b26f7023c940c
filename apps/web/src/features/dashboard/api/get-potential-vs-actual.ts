import { dashboardCalls, type SavingTotals } from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardKeys } from '@/features/dashboard/api/dashboard-keys';
import type { DashboardRequest } from '@/features/dashboard/utils/dashboard-request';
import { api } from '@/lib/api-client';

/** Potential and actual saving over the filter, with their counts (SPEC §7.3). */
export function getPotentialVsActual(
  request: DashboardRequest,
  signal?: AbortSignal,
): Promise<SavingTotals> {
  return api.call(dashboardCalls.potentialVsActual, { query: request }, { signal });
}

export const potentialVsActualQueryOptions = (request: DashboardRequest) =>
  queryOptions({
    queryKey: dashboardKeys.potentialVsActual(request),
    queryFn: ({ signal }) => getPotentialVsActual(request, signal),
  });

export function usePotentialVsActual(request: DashboardRequest) {
  return useQuery(potentialVsActualQueryOptions(request));
}
