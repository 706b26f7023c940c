import { dashboardCalls, type PnrPriceData } from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardKeys } from '@/features/dashboard/api/dashboard-keys';
import type { DashboardRequest } from '@/features/dashboard/utils/dashboard-request';
import { api } from '@/lib/api-client';

/** Bookings with and without a current price quote (SPEC §7.3 young-pqs). */
export function getYoungPqs(
  request: DashboardRequest,
  signal?: AbortSignal,
): Promise<PnrPriceData> {
  return api.call(dashboardCalls.youngPqs, { query: request }, { signal });
}

export const youngPqsQueryOptions = (request: DashboardRequest) =>
  queryOptions({
    queryKey: dashboardKeys.youngPqs(request),
    queryFn: ({ signal }) => getYoungPqs(request, signal),
  });

export function useYoungPqs(request: DashboardRequest) {
  return useQuery(youngPqsQueryOptions(request));
}
