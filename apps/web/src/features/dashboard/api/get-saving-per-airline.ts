import { type AirlineSavingResponse, dashboardCalls } from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardKeys } from '@/features/dashboard/api/dashboard-keys';
import type { DashboardRequest } from '@/features/dashboard/utils/dashboard-request';
import { api } from '@/lib/api-client';

/** Actual saving per airline, the largest ten and the rest as one (SPEC §7.3). */
export function getSavingPerAirline(
  request: DashboardRequest,
  signal?: AbortSignal,
): Promise<AirlineSavingResponse> {
  return api.call(dashboardCalls.savingPerAirline, { query: request }, { signal });
}

export const savingPerAirlineQueryOptions = (request: DashboardRequest) =>
  queryOptions({
    queryKey: dashboardKeys.savingPerAirline(request),
    queryFn: ({ signal }) => getSavingPerAirline(request, signal),
  });

export function useSavingPerAirline(request: DashboardRequest) {
  return useQuery(savingPerAirlineQueryOptions(request));
}
