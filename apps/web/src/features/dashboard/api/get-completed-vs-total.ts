import { type CompletedVsTotalResponse, dashboardCalls } from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardKeys } from '@/features/dashboard/api/dashboard-keys';
import type { DashboardRequest } from '@/features/dashboard/utils/dashboard-request';
import { api } from '@/lib/api-client';

/** Completed and total notifications per entity and panel group (SPEC §7.3). */
export function getCompletedVsTotal(
  request: DashboardRequest,
  signal?: AbortSignal,
): Promise<CompletedVsTotalResponse> {
  return api.call(dashboardCalls.completedVsTotal, { query: request }, { signal });
}

export const completedVsTotalQueryOptions = (request: DashboardRequest) =>
  queryOptions({
    queryKey: dashboardKeys.completedVsTotal(request),
    queryFn: ({ signal }) => getCompletedVsTotal(request, signal),
  });

export function useCompletedVsTotal(request: DashboardRequest) {
  return useQuery(completedVsTotalQueryOptions(request));
}
