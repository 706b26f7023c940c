import { type CustomerNumberSavingResponse, dashboardCalls } from '@smt/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardKeys } from '@/features/dashboard/api/dashboard-keys';
import type { DashboardRequest } from '@/features/dashboard/utils/dashboard-request';
import { api } from '@/lib/api-client';

/** Potential saving per customer number, the largest ten (SPEC §7.3). */
export function getSavingPerCustomerNumber(
  request: DashboardRequest,
  signal?: AbortSignal,
): Promise<CustomerNumberSavingResponse> {
  return api.call(dashboardCalls.savingPerCustomerNumber, { query: request }, { signal });
}

export const savingPerCustomerNumberQueryOptions = (request: DashboardRequest) =>
  queryOptions({
    queryKey: dashboardKeys.savingPerCustomerNumber(request),
    queryFn: ({ signal }) => getSavingPerCustomerNumber(request, signal),
  });

export function useSavingPerCustomerNumber(request: DashboardRequest) {
  return useQuery(savingPerCustomerNumberQueryOptions(request));
}
