import { z } from 'zod';
import { DATE_WINDOW_MONTHS, DATE_WINDOW_MONTHS_EXTENDED } from '../constants';
import { PnrDateType } from '../enums/bookings';
import { MoneyKind } from '../enums/credits';
import type { ReportKind } from '../enums/dashboard';
import { NotificationType, PANEL_GROUPS } from '../enums/notifications';
import { OrganisationLevel } from '../enums/organisation';
import { validationMessages as messages } from '../messages';
import { utcDayOf } from '../rules/utc-day';
import { OptionalDay } from './dates';
import { IdList } from './notifications';
import { monthsBefore } from './pnrs';

// What the dashboard's calls (calls/dashboard-calls.ts) take and answer (SPEC §7.3). What each
// figure means is written in docs/decisions/015 and in the OpenAPI descriptions.

/**
 * The ADM chart's dropdown: ADM means the booking-policy ADMs (Churning, DuplicateBooking),
 * Cancellation means SegmentRemoval.
 */
export const AdmKind = z.enum(['All', 'ADM', 'Cancellation']);
export type AdmKind = z.infer<typeof AdmKind>;

export const ADM_TYPES: Record<AdmKind, readonly NotificationType[]> = {
  All: ['Churning', 'SegmentRemoval', 'DuplicateBooking'],
  ADM: ['Churning', 'DuplicateBooking'],
  Cancellation: ['SegmentRemoval'],
};

const emptyAsMissing = (value: unknown) => (value === '' || value === null ? undefined : value);

/**
 * The parameters every dashboard call takes (SPEC §7.3): whose notifications (a scope type and
 * its ids; no ids means the caller's whole scope), the notification date range, and optionally
 * a PNR date range read on the date the `dateFilter` names.
 */
const dashboardFilter = z.object({
  type: z.preprocess(emptyAsMissing, OrganisationLevel.default('Agency')),
  id: IdList.default([]),
  notificationDateFrom: OptionalDay,
  notificationDateTo: OptionalDay,
  dateFilter: z.preprocess(emptyAsMissing, PnrDateType.default('CREATION')),
  from: OptionalDay,
  to: OptionalDay,
});

/** Both ends of a range or neither, in order. */
function checkRanges(
  query: z.output<typeof dashboardFilter>,
  context: z.core.$RefinementCtx<z.output<typeof dashboardFilter>>,
) {
  const pairs = [
    ['notificationDateFrom', 'notificationDateTo'],
    ['from', 'to'],
  ] as const;
  for (const [start, end] of pairs) {
    if (Boolean(query[start]) !== Boolean(query[end])) {
      const missing = query[start] ? end : start;
      context.addIssue({ code: 'custom', path: [missing], message: messages.dateRangeBothEnds });
    } else if (query[start] && query[end] && query[start] > query[end]) {
      context.addIssue({ code: 'custom', path: [end], message: messages.dateRangeOrder });
    }
  }
}

export const DashboardQuery = dashboardFilter.superRefine(checkRanges);
export type DashboardQuery = z.output<typeof DashboardQuery>;
export type DashboardQueryInput = z.input<typeof DashboardQuery>;

const admKind = z.preprocess(emptyAsMissing, AdmKind.default('All'));

export const AdmQuery = dashboardFilter.extend({ notifType: admKind }).superRefine(checkRanges);
export type AdmQuery = z.output<typeof AdmQuery>;

/** The chart an XLS download holds (SPEC §3 report kinds). */
export const SAVING_REPORTS = [
  'PotentialVsActual',
  'PotentialVsActualPerPeriod',
  'ActualSaving',
  'ActualSavingPerAirline',
  'PotentialPerCustomerNumber',
] as const satisfies readonly ReportKind[];
export const NOTIFICATION_REPORTS = [
  'PendingVsCompleted',
  'AdmPerAirline',
  'YoungPqs',
] as const satisfies readonly ReportKind[];

/**
 * The monthly overview's charts (SPEC §2.6: each chart has an XLS download); SPEC §3's report
 * kinds name the detailed view's only.
 */
export const MONTHLY_REPORTS = [
  'RepricePotential',
  'RepriceActual',
  'NotificationsByType',
  'PnrPriceData',
] as const;
export type MonthlyReport = (typeof MONTHLY_REPORTS)[number];

/** The monthly view's window is the server's: only the scope of the filter applies. */
export const MonthlyXlsQuery = dashboardFilter
  .extend({ report: z.enum(MONTHLY_REPORTS) })
  .superRefine(checkRanges);
export type MonthlyXlsQuery = z.output<typeof MonthlyXlsQuery>;

export const SavingXlsQuery = dashboardFilter
  .extend({ report: z.enum(SAVING_REPORTS) })
  .superRefine(checkRanges);
export const NotificationsXlsQuery = dashboardFilter
  .extend({ report: z.enum(NOTIFICATION_REPORTS), notifType: admKind })
  .superRefine(checkRanges);

/** The subscription report: every agency in scope, or those named. */
export const AgentSubscriptionsQuery = z.object({ agencies: IdList.default([]) });

// ---- date windows ----------------------------------------------------------------------------

/** Super users look back three years; everyone else six months (docs/decisions/015). */
export const dashboardWindowMonths = (superUser: boolean) =>
  superUser ? DATE_WINDOW_MONTHS_EXTENDED : DATE_WINDOW_MONTHS;

/** The default notification range: this month, or the previous one on the 1st (SPEC §3). */
export function defaultNotificationRange(today: string): { from: string; to: string } {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  if (day !== 1) return { from: `${today.slice(0, 8)}01`, to: today };
  // Day 0 of this month is the last day of the previous one.
  const lastOfPrevious = utcDayOf(Date.UTC(year, month - 1, 0));
  return { from: `${lastOfPrevious.slice(0, 8)}01`, to: lastOfPrevious };
}

const tooFarBack = (months: number) =>
  months === DATE_WINDOW_MONTHS
    ? messages.dateTooFarBack
    : `The date cannot be more than ${months} months back`;

/**
 * Field → message for a notification range past its window: not in the future, not more than
 * the window's months back. `today` and `earliestToday` as in pnrDateLimits.
 */
export function dashboardDateIssues(
  query: Pick<DashboardQuery, 'notificationDateFrom' | 'notificationDateTo'>,
  limits: { today: string; earliestToday: string; months: number },
): Record<string, string> {
  const earliest = monthsBefore(limits.earliestToday, limits.months);
  const issues: Record<string, string> = {};
  for (const field of ['notificationDateFrom', 'notificationDateTo'] as const) {
    const day = query[field];
    if (!day) continue;
    if (day > limits.today) issues[field] = messages.dateInFuture;
    else if (day < earliest) issues[field] = tooFarBack(limits.months);
  }
  return issues;
}

// ---- answers ---------------------------------------------------------------------------------

const Amount = z.number();
const Count = z.number().int().min(0);

// Money on the dashboard (docs/decisions/036, 067): a saving is in one currency and is one kind
// of money, cash (paid back, or not paid) or airline credit (kept by the airline for a later
// ticket). Neither two currencies nor the two kinds ever add up. Every `byCurrency` list has
// one entry per currency AND kind, in currency order and cash before credit; a currency with
// savings of both kinds has two entries. SPEC §3's single-figure fields (`potential`,
// `actual`, `items`, `amount`) are kept for older readers: the cash of the answer's
// `currency` (the currency of most of the reprices counted, whatever their kind), which is
// what reaches the agency's bank; their counts take every reprice.

/** What one figure is in: a currency and a kind of money. */
const InMoney = { currency: z.string(), kind: MoneyKind };
export const CurrencyKind = z.object(InMoney);
export type CurrencyKind = z.infer<typeof CurrencyKind>;

/** An entity's reprice savings in one currency and kind. */
export const CurrencyPotentialActual = z.object({
  ...InMoney,
  potential: Amount,
  actual: Amount,
});
export type CurrencyPotentialActual = z.infer<typeof CurrencyPotentialActual>;

/**
 * Per entity of the scope type and panel group (SPEC §3 'Per-agency entry'). SPEC §3's
 * `potential` and `actual` are the cash of the answer's `currency` only; `byCurrency` has the
 * entity's savings in each currency and kind, never added up.
 */
export const CompletedVsTotalEntry = z.object({
  entityId: z.number().int(),
  entityName: z.string(),
  msgGroup: z.enum(PANEL_GROUPS),
  total: Count,
  completed: Count,
  potential: Amount,
  actual: Amount,
  byCurrency: z.array(CurrencyPotentialActual),
});
export type CompletedVsTotalEntry = z.infer<typeof CompletedVsTotalEntry>;
export const CompletedVsTotalResponse = z.object({
  entries: z.array(CompletedVsTotalEntry),
  currency: z.string().nullable(),
  /** Every currency of any entry's savings, by name. */
  currencies: z.array(z.string()),
  /** Every currency and kind of any entry's savings, in order: a column each in the files. */
  currencyKinds: z.array(CurrencyKind),
});
export type CompletedVsTotalResponse = z.infer<typeof CompletedVsTotalResponse>;

/** Reprice savings in one currency and kind (docs/decisions/033, 067). */
export const CurrencySaving = z.object({
  ...InMoney,
  potential: Amount,
  actual: Amount,
  potentialCount: Count,
  actualCount: Count,
});
export type CurrencySaving = z.infer<typeof CurrencySaving>;

/**
 * SPEC §3's fields: the counts of every reprice, the cash of the currency of most of them
 * (kept for older readers); `byCurrency` has the savings of each currency and kind, which is
 * what the screens show, one figure each, never a sum across currencies or kinds.
 */
export const SavingTotals = z.object({
  potential: Amount,
  actual: Amount,
  potentialCount: Count,
  actualCount: Count,
  currency: z.string().nullable(),
  byCurrency: z.array(CurrencySaving),
});
export type SavingTotals = z.infer<typeof SavingTotals>;

/** Savings per period (SPEC §3): `month` is 'yyyy-MM'. */
export const SavingPeriod = SavingTotals.extend({ month: z.string() });
export type SavingPeriod = z.infer<typeof SavingPeriod>;
export const SavingPeriodsResponse = z.object({ periods: z.array(SavingPeriod) });
export type SavingPeriodsResponse = z.infer<typeof SavingPeriodsResponse>;

/** At most CHART_MAX_ITEMS items; where the chart is a share, the rest as one 'Other'. */
const AirlineSaving = z.object({ airline: z.string(), saving: Amount });
/**
 * `items` and `currency`: the cash of the currency of most reprices; `byCurrency`: each
 * currency and kind's shares.
 */
export const AirlineSavingResponse = z.object({
  items: z.array(AirlineSaving),
  currency: z.string().nullable(),
  byCurrency: z.array(z.object({ ...InMoney, items: z.array(AirlineSaving) })),
});
export type AirlineSavingResponse = z.infer<typeof AirlineSavingResponse>;

const CustomerNumberSaving = z.object({ customerNumber: z.string(), saving: Amount });
export const CustomerNumberSavingResponse = z.object({
  items: z.array(CustomerNumberSaving),
  currency: z.string().nullable(),
  byCurrency: z.array(z.object({ ...InMoney, items: z.array(CustomerNumberSaving) })),
});
export type CustomerNumberSavingResponse = z.infer<typeof CustomerNumberSavingResponse>;

export const AdmPerAirlineResponse = z.object({
  items: z.array(z.object({ airline: z.string(), count: Count })),
});
export type AdmPerAirlineResponse = z.infer<typeof AdmPerAirlineResponse>;

/** Bookings with (young) and without (old) a current price quote. */
export const PnrPriceData = z.object({ youngCnt: Count, oldCnt: Count });
export type PnrPriceData = z.infer<typeof PnrPriceData>;

/** The monthly view (SPEC §2.6, §9): six months up to tomorrow, dated by departure. */
export const MonthlyStatResponse = z.object({
  /** 'yyyy-MM' of the previous month, which titles the view. */
  title: z.string(),
  months: z.array(
    z.object({
      month: z.string(),
      repricePotential: Amount,
      repricePotentialCount: Count,
      repriceActual: Amount,
      repriceActualCount: Count,
      /** The month's reprice savings per currency and kind. */
      byCurrency: z.array(CurrencySaving),
    }),
  ),
  byType: z.array(z.object({ type: NotificationType, count: Count })),
  priceData: PnrPriceData,
  currency: z.string().nullable(),
  /** Every currency of any month's savings, by name. */
  currencies: z.array(z.string()),
  /** Every currency and kind of any month's savings, in order: one amount series each. */
  currencyKinds: z.array(CurrencyKind),
});
export type MonthlyStatResponse = z.infer<typeof MonthlyStatResponse>;

/** How many credits and how much, in one currency. */
const CreditTally = z.object({ count: Count, amount: Amount });

/**
 * The credits ledger's figures (issue 36 point 4, docs/decisions/068): the credits of the
 * scope type and ids recorded in the notification date range (and, with from/to, of bookings
 * whose dateFilter date falls in them), per currency and by where they stand now: still
 * open, used for a ticket, or lost to expiry. Credits are airline credit by nature, so no kind.
 */
export const CreditTotalsResponse = z.object({
  byCurrency: z.array(
    z.object({ currency: z.string(), open: CreditTally, used: CreditTally, expired: CreditTally }),
  ),
});
export type CreditTotalsResponse = z.infer<typeof CreditTotalsResponse>;
