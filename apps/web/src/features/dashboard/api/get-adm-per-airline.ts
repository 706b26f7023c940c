import { type AdmKind, type AdmPerAirlineResponse, dashboardCalls } from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardKeys } from '@/features/dashboard/api/dashboard-keys';
import type { DashboardRequest } from '@/features/dashboard/utils/dashboard-request';
import { api } from '@/lib/api-client';

/** ADM notifications per airline, of the kind the dropdown names (SPEC §7.3 notifType). */
export function getAdmPerAirline(
  request: DashboardRequest,
  notifType: AdmKind,
  signal?: AbortSignal,
): Promise<AdmPerAirlineResponse> {
  return api.call(dashboardCalls.admPerAirline, { query: { ...request, notifType } }, { signal });
}

export const admPerAirlineQueryOptions = (request: DashboardRequest, notifType: AdmKind) =>
  queryOptions({
    queryKey: dashboardKeys.admPerAirline(request, notifType),
    queryFn: ({ signal }) => getAdmPerAirline(request, notifType, signal),
  });

export function useAdmPerAirline(request: DashboardRequest, notifType: AdmKind) {
  return useQuery(admPerAirlineQueryOptions(request, notifType));
}
