import { DASHBOARD_CALLS, AirlineSavingResponse } from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardKeys } from '@/features/dashboard/api/dashboard-keys';
import type { DashboardRequest } from '@/features/dashboard/utils/dashboard-request';
import { api } from '@/lib/api-client';

/** Actual saving per airline, the largest ten and the rest as one (SPEC §7.3). */
export function getSavingPerAirline(
  request: DashboardRequest,
  signal?: AbortSignal,
): Promise<AirlineSavingResponse> {
  return api.get(DASHBOARD_CALLS.savingPerAirline, {
    query: request,
    schema: AirlineSavingResponse,
    signal,
  });
}

export const savingPerAirlineQueryOptions = (request: DashboardRequest) =>
  queryOptions({
    queryKey: dashboardKeys.savingPerAirline(request),
    queryFn: ({ signal }) => getSavingPerAirline(request, signal),
  });

export function useSavingPerAirline(request: DashboardRequest) {
  return useQuery(savingPerAirlineQueryOptions(request));
}
