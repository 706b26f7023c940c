import {
  DashboardQuery,
  dashboardDateIssues,
  dashboardWindowMonths,
  monthsBefore,
  type PnrDateType,
} from '@smt/shared';

/** The date filters as the inputs hold them ('yyyy-MM-dd', '' when empty), named as sent. */
export type DashboardDates = {
  notificationDateFrom: string;
  notificationDateTo: string;
  dateFilter: PnrDateType;
  from: string;
  to: string;
};

export type DashboardDateField = Exclude<keyof DashboardDates, 'dateFilter'>;

/** Field → message; an empty record means the dates may be sent. */
export type DashboardDateIssues = Partial<Record<DashboardDateField, string>>;

/** What the notification range may reach for this user on their today. */
export type DashboardDateLimits = { today: string; earliest: string; months: number };

/** Super users look back further (docs/decisions/015); the browser's today is the user's. */
export function dashboardDateLimits(today: string, superUser: boolean): DashboardDateLimits {
  const months = dashboardWindowMonths(superUser);
  return { today, earliest: monthsBefore(today, months), months };
}

/**
 * The shared contract's rules (real days, both ends or neither, in order) and the notification
 * range's window, as messages under the fields they concern.
 */
export function dashboardDatesIssues(
  dates: DashboardDates,
  limits: DashboardDateLimits,
): DashboardDateIssues {
  const issues: DashboardDateIssues = {};
  const parsed = DashboardQuery.safeParse(dates);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (isDateField(field)) issues[field] ??= issue.message;
    }
  }
  const window = dashboardDateIssues(
    {
      notificationDateFrom: dates.notificationDateFrom || undefined,
      notificationDateTo: dates.notificationDateTo || undefined,
    },
    { today: limits.today, earliestToday: limits.today, months: limits.months },
  );
  for (const [field, message] of Object.entries(window)) {
    if (isDateField(field)) issues[field] ??= message;
  }
  return issues;
}

const DATE_FIELDS: readonly DashboardDateField[] = [
  'notificationDateFrom',
  'notificationDateTo',
  'from',
  'to',
];

function isDateField(field: unknown): field is DashboardDateField {
  return (DATE_FIELDS as readonly unknown[]).includes(field);
}
