import {
  addUtcDays,
  dashboardDateIssues,
  type DashboardQuery,
  dashboardWindowMonths,
  defaultNotificationRange,
  type PnrDateType,
  startOfUtcDay,
  utcDayOf,
} from '@smt/shared';
import { and, inArray, sql, type Column, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { bookings, bookingTallies, credits, notifications, notificationTallies } from '@/db/schema';
import { inScope, type Scope, type ScopeColumns } from '@/db/scope';
import { allInScope } from '@/modules/notifications';
import { fail } from './dashboard.errors';

/** Who asks: the effective user's data scope. */
export type DashboardCaller = { scope: Scope };

/** Whose rows and which dates every dashboard figure reads (docs/decisions/015). */
export type DashboardAudience = {
  /** Over notifications: the caller's scope narrowed by the query's type and ids. */
  notifications: SQL;
  /** Over bookings: the same scope and narrowing on the booking's own columns. */
  bookings: SQL;
  /** Over notifications: raised within the notification date range. */
  raised: SQL;
  /** Over bookings: the date the query's dateFilter names within its PNR range, if any. */
  pnrDates: SQL | undefined;
  /** Over notification tallies per agent: the same scope and narrowing as `notifications`. */
  tallies: SQL;
  /**
   * Over notification tallies per agency, when the audience is whole agencies (a super user's
   * or a manager's, not narrowed to branches or agents): the same rows, fewer of them.
   */
  agencyTallies: SQL | undefined;
  /** Over booking tallies: the same scope and narrowing as `bookings`. */
  bookingTallies: SQL;
  /** Over credits: the same scope and narrowing on the credit's own columns. */
  credits: SQL;
  /** Over credits: recorded within the notification date range. */
  recorded: SQL;
  /** The notification date range, whole UTC days. */
  range: { from: string; to: string };
};

const HOUR_MS = 3_600_000;

/** The first instant of a day and of the day after another: a range of whole UTC days. */
const dayBounds = (range: { from: string; to: string }) => ({
  from: new Date(`${range.from}T00:00:00Z`),
  until: startOfUtcDay(addUtcDays(range.to, 1)),
});

const withinDays = (column: Column, range: { from: string; to: string }): SQL => {
  const { from, until } = dayBounds(range);
  return sql`${column} >= ${from} and ${column} < ${until}`;
};

const PNR_DATE_COLUMN: Record<PnrDateType, Column> = {
  CREATION: bookings.pnrCreatedAt,
  DEPARTURE: bookings.departureAt,
  TICKETING: bookings.ticketedAt,
};

/**
 * The notification range's window (SPEC §5 'Dashboard dates'), checked against the server's
 * clock with every time zone's leeway as My PNRs does (docs/decisions/014): super users reach
 * 36 months back, everyone else 6, and nobody into the future.
 */
export function checkDashboardDates(query: DashboardQuery, scope: Scope, now: Date): void {
  const issues = dashboardDateIssues(query, {
    today: utcDayOf(new Date(now.getTime() + 14 * HOUR_MS)),
    earliestToday: utcDayOf(new Date(now.getTime() - 12 * HOUR_MS)),
    months: dashboardWindowMonths(scope.kind === 'superUser'),
  });
  if (Object.keys(issues).length > 0) {
    throw fail(
      'dashboard.dates-out-of-range',
      `The request has invalid fields: ${Object.keys(issues).join(', ')}.`,
      issues,
    );
  }
}

/** The notification range asked for, or this month (the previous one on the 1st). */
export function notificationRange(query: DashboardQuery, now: Date): { from: string; to: string } {
  const { notificationDateFrom: from, notificationDateTo: to } = query;
  return from && to ? { from, to } : defaultNotificationRange(utcDayOf(now));
}

const idsOf = (query: DashboardQuery) => {
  const ids = [...new Set(query.id)];
  return {
    agencyIds: query.type === 'Agency' ? ids : [],
    branchIds: query.type === 'Branch' ? ids : [],
    agentIds: query.type === 'Agent' ? ids : [],
  };
};

/** Whether the audience is whole agencies: every one in scope, or those the query names. */
const wholeAgencies = (scope: Scope, query: DashboardQuery) =>
  (scope.kind === 'superUser' || scope.kind === 'agency') &&
  (query.type === 'Agency' || query.id.length === 0);

/** The scope narrowed by the query's ids, over columns down to the query's type at least. */
function whose(scope: Scope, query: DashboardQuery, columns: ScopeColumns): SQL {
  const column =
    { Agency: columns.agency, Branch: columns.branch, Agent: columns.agent }[query.type] ??
    columns.agency;
  const narrowed = query.id.length > 0 ? inArray(column, query.id) : undefined;
  return and(inScope(scope, columns), narrowed) ?? sql`false`;
}

/**
 * Whose notifications and bookings a dashboard call reads and within which dates. Bad dates
 * are refused first, then any agency, branch or agent outside the caller's scope, before a
 * single figure is read.
 */
export async function dashboardAudience(
  db: Db,
  caller: DashboardCaller,
  query: DashboardQuery,
  now: Date,
): Promise<DashboardAudience> {
  checkDashboardDates(query, caller.scope, now);
  if (query.id.length > 0 && !(await allInScope(db, caller.scope, idsOf(query)))) {
    throw fail(
      'dashboard.audience-outside',
      'You may not see the figures of that agency, branch or agent.',
    );
  }
  const { from, to, dateFilter } = query;
  const range = notificationRange(query, now);
  return {
    notifications: whose(caller.scope, query, {
      agency: notifications.agencyId,
      branch: notifications.branchId,
      agent: notifications.agentId,
    }),
    bookings: whose(caller.scope, query, {
      agency: bookings.agencyId,
      branch: bookings.branchId,
      agent: bookings.agentId,
    }),
    raised: withinDays(notifications.notificationTime, range),
    pnrDates: from && to ? withinDays(PNR_DATE_COLUMN[dateFilter], { from, to }) : undefined,
    tallies: whose(caller.scope, query, {
      agency: notificationTallies.agencyId,
      branch: notificationTallies.branchId,
      agent: notificationTallies.agentId,
    }),
    agencyTallies: wholeAgencies(caller.scope, query)
      ? whose(caller.scope, query, { agency: notificationTallies.agencyId })
      : undefined,
    bookingTallies: whose(caller.scope, query, {
      agency: bookingTallies.agencyId,
      branch: bookingTallies.branchId,
      agent: bookingTallies.agentId,
    }),
    credits: whose(caller.scope, query, {
      agency: credits.agencyId,
      branch: credits.branchId,
      agent: credits.agentId,
    }),
    recorded: withinDays(credits.createdAt, range),
    range,
  };
}
