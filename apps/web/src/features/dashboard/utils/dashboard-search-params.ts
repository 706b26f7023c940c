import { defaultNotificationRange, PnrDateType } from '@smt/shared';
import type { DashboardDates } from '@/features/dashboard/utils/dashboard-dates';
import {
  encodeOrganisationParam,
  parseOrganisationParam,
  type OrganisationIds,
} from '@/features/dashboard/utils/organisation-param';

// The dashboard keeps its view and filter in the query string so a reload or a shared link
// shows the same charts: view=monthly|detailed, nf/nt the notification range, dt the PNR date
// type, from/to the PNR range, org the organisation selection. Each value is kept as typed
// (the page shows what is wrong with it); a missing notification range is the default one.

export type DashboardView = 'monthly' | 'detailed';

export type DashboardSearch = {
  view: DashboardView;
  dates: DashboardDates;
  organisation: OrganisationIds;
};

const DEFAULT_VIEW: DashboardView = 'detailed';
const DEFAULT_DATE_TYPE: PnrDateType = 'CREATION';

const PARAM = {
  view: 'view',
  notificationDateFrom: 'nf',
  notificationDateTo: 'nt',
  dateFilter: 'dt',
  from: 'from',
  to: 'to',
  organisation: 'org',
} as const;

function viewOf(raw: string | null): DashboardView {
  return raw === 'monthly' || raw === 'detailed' ? raw : DEFAULT_VIEW;
}

/** What a query string stands for, on the user's `today` ('yyyy-MM-dd'). */
export function readDashboardSearch(params: URLSearchParams, today: string): DashboardSearch {
  const notificationFrom = params.get(PARAM.notificationDateFrom);
  const notificationTo = params.get(PARAM.notificationDateTo);
  const range =
    notificationFrom === null && notificationTo === null
      ? defaultNotificationRange(today)
      : { from: notificationFrom ?? '', to: notificationTo ?? '' };
  return {
    view: viewOf(params.get(PARAM.view)),
    dates: {
      notificationDateFrom: range.from,
      notificationDateTo: range.to,
      dateFilter: PnrDateType.safeParse(params.get(PARAM.dateFilter)).data ?? DEFAULT_DATE_TYPE,
      from: params.get(PARAM.from) ?? '',
      to: params.get(PARAM.to) ?? '',
    },
    organisation: parseOrganisationParam(params.get(PARAM.organisation)),
  };
}

function put(params: URLSearchParams, name: string, value: string | null) {
  if (value === null) params.delete(name);
  else params.set(name, value);
}

/** `current` with the parts of `change` written in; every other parameter stays as it was. */
export function writeDashboardSearch(
  current: URLSearchParams,
  change: Partial<DashboardSearch>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  if (change.view !== undefined) put(next, PARAM.view, change.view);
  if (change.dates !== undefined) {
    const dates = change.dates;
    put(next, PARAM.notificationDateFrom, dates.notificationDateFrom);
    put(next, PARAM.notificationDateTo, dates.notificationDateTo);
    put(next, PARAM.dateFilter, dates.dateFilter === DEFAULT_DATE_TYPE ? null : dates.dateFilter);
    put(next, PARAM.from, dates.from || null);
    put(next, PARAM.to, dates.to || null);
  }
  if (change.organisation !== undefined) {
    put(next, PARAM.organisation, encodeOrganisationParam(change.organisation));
  }
  return next;
}
