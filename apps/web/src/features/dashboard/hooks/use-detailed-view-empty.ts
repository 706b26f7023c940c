import type { AdmKind } from '@smt/shared';
import { useAdmPerAirline } from '@/features/dashboard/api/get-adm-per-airline';
import { useCompletedVsTotal } from '@/features/dashboard/api/get-completed-vs-total';
import { useCredits } from '@/features/dashboard/api/get-credits';
import { usePotentialVsActual } from '@/features/dashboard/api/get-potential-vs-actual';
import { useSavingPerAirline } from '@/features/dashboard/api/get-saving-per-airline';
import { useSavingPerCustomerNumber } from '@/features/dashboard/api/get-saving-per-customer-number';
import { useSavingPerPeriod } from '@/features/dashboard/api/get-saving-per-period';
import { useYoungPqs } from '@/features/dashboard/api/get-young-pqs';
import type { DashboardRequest } from '@/features/dashboard/utils/dashboard-request';
import {
  isEmptyAdmPerAirline,
  isEmptyAirlineSaving,
  isEmptyCompletedVsTotal,
  isEmptyCredits,
  isEmptyCustomerNumberSaving,
  isEmptyPriceData,
  isEmptySavingPeriods,
  isEmptySavingTotals,
} from '@/features/dashboard/utils/empty-answers';

type Answered<T> = { data: T | undefined };

const answeredEmpty = <T>(query: Answered<T>, isEmpty: (data: T) => boolean) =>
  query.data !== undefined && isEmpty(query.data);

/**
 * Whether every call of the detailed view answered and found nothing. The cards ask the same
 * queries, so this reads their cache rather than calling again.
 */
export function useDetailedViewEmpty(request: DashboardRequest, admKind: AdmKind): boolean {
  const checks = [
    answeredEmpty(useCompletedVsTotal(request), isEmptyCompletedVsTotal),
    answeredEmpty(usePotentialVsActual(request), isEmptySavingTotals),
    answeredEmpty(useSavingPerPeriod(request), isEmptySavingPeriods),
    answeredEmpty(useSavingPerAirline(request), isEmptyAirlineSaving),
    answeredEmpty(useSavingPerCustomerNumber(request), isEmptyCustomerNumberSaving),
    answeredEmpty(useAdmPerAirline(request, admKind), isEmptyAdmPerAirline),
    answeredEmpty(useYoungPqs(request), isEmptyPriceData),
    answeredEmpty(useCredits(request), isEmptyCredits),
  ];
  return checks.every(Boolean);
}
