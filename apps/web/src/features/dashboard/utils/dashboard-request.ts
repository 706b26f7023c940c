import type { OrganisationLevel, PnrDateType } from '@smt/shared';
import type { DashboardDates } from '@/features/dashboard/utils/dashboard-dates';

/** Whose notifications the charts count: a level and its ids (none: the caller's whole scope). */
export type DashboardScope = { type: OrganisationLevel; ids: readonly number[] };

/** The parameters every dashboard call takes (DashboardQuery); empty dates are left out. */
export type DashboardRequest = {
  type: OrganisationLevel;
  id: number[];
  notificationDateFrom?: string;
  notificationDateTo?: string;
  dateFilter: PnrDateType;
  from?: string;
  to?: string;
};

const given = (day: string) => (day === '' ? undefined : day);

/** The request for a scope and dates already found valid. */
export function dashboardRequestOf(scope: DashboardScope, dates: DashboardDates): DashboardRequest {
  return {
    type: scope.type,
    id: [...scope.ids],
    notificationDateFrom: given(dates.notificationDateFrom),
    notificationDateTo: given(dates.notificationDateTo),
    dateFilter: dates.dateFilter,
    from: given(dates.from),
    to: given(dates.to),
  };
}
