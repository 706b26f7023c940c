import { dashboardCalls, type MonthlyStatResponse } from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardKeys } from '@/features/dashboard/api/dashboard-keys';
import type { DashboardScope } from '@/features/dashboard/utils/dashboard-request';
import { api } from '@/lib/api-client';

/**
 * The monthly overview (SPEC §2.6, §9). Its window (six months by departure, up to tomorrow)
 * is the server's, so only the scope is sent.
 */
export function getMonthlyStat(
  scope: DashboardScope,
  signal?: AbortSignal,
): Promise<MonthlyStatResponse> {
  return api.call(
    dashboardCalls.monthlyStat,
    { query: { type: scope.type, id: scope.ids } },
    { signal },
  );
}

export const monthlyStatQueryOptions = (scope: DashboardScope) =>
  queryOptions({
    queryKey: dashboardKeys.monthlyStat(scope),
    queryFn: ({ signal }) => getMonthlyStat(scope, signal),
  });

export function useMonthlyStat(scope: DashboardScope) {
  return useQuery(monthlyStatQueryOptions(scope));
}
