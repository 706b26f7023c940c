import {
  ADM_TYPES,
  type AdmKind,
  type CreditState,
  type AdmPerAirlineResponse,
  type AirlineSavingResponse,
  CHART_MAX_ITEMS,
  type CompletedVsTotalEntry,
  type CompletedVsTotalResponse,
  type CreditTotalsResponse,
  type CustomerNumberSavingResponse,
  type DashboardQuery,
  MONTHLY_OVERVIEW_MONTHS,
  type MonthlyStatResponse,
  moneysOf,
  NotificationType,
  PANEL_GROUPS,
  type PnrPriceData,
  type SavingPeriodsResponse,
  sameMoney,
  savingsPerCurrency,
  type SavingTotals,
  toCents,
  utcDayOf,
} from '@smt/shared';
import { and, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { notifications } from '@/db/schema';
import {
  dashboardAudience,
  type DashboardAudience,
  type DashboardCaller,
} from './dashboard-audience';
import {
  actualSavingPerAirline,
  countPerAirline,
  creditTallies,
  entityTallies,
  pnrPriceData,
  potentialSavingPerCustomerNumber,
  savingTallies,
  savingTalliesByMonth,
  type CurrencyTally,
  type KeyedSaving,
  type SavingTally,
} from './dashboard.repository';
import {
  talliedActualSavingPerAirline,
  talliedCountPerAirline,
  talliedCountPerType,
  talliedEntities,
  talliedPnrPriceData,
  talliedPotentialSavingPerCustomerNumber,
  departingWithin,
  talliedSavings,
  talliedSavingsByMonth,
  tallyRows,
  type DayRange,
} from './notification-tallies.repository';
import type { TallyKind } from '@/db/schema';

// The dashboard's answers (SPEC §2.6, §7.3) composed from the repository's aggregates, as
// docs/decisions/015 defines each figure.

const OTHER = 'Other';

const cents = toCents;

/**
 * Savings in different currencies, or of different kinds, do not add up: the screens show each
 * currency and kind's figure (`byCurrency`, docs/decisions/036, 067). SPEC §3's single
 * `currency` and amounts are kept for older readers: the currency of most of the reprices
 * counted whatever their kind (ties by name), and that currency's cash.
 */
function mostCommonCurrency(tallies: CurrencyTally[]): string | null {
  const counts = new Map<string, number>();
  for (const { currency, reprices } of tallies) {
    if (currency !== null && reprices > 0) {
      counts.set(currency, (counts.get(currency) ?? 0) + reprices);
    }
  }
  const [top] = [...counts].sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  return top?.[0] ?? null;
}

/** Whether a tally is SPEC §3's single figure: cash (a reprice kept before kinds is) in it. */
const isLegacyFigure = (tally: CurrencyTally, currency: string | null) =>
  tally.currency === currency && (tally.kind ?? 'cash') === 'cash';

type Share = { name: string; value: number };

const largestFirst = (a: Share, b: Share) => b.value - a.value || a.name.localeCompare(b.name);

/** A share chart's items: the largest, and beyond the chart's room the rest as one 'Other'. */
function shareItems(items: Share[]): Share[] {
  const sorted = [...items].sort(largestFirst);
  if (sorted.length <= CHART_MAX_ITEMS) return sorted;
  const shown = sorted.slice(0, CHART_MAX_ITEMS - 1);
  const rest = sorted.slice(CHART_MAX_ITEMS - 1).reduce((sum, item) => sum + item.value, 0);
  return [...shown, { name: OTHER, value: rest }];
}

/** The rows of the detailed view: whose, raised in the notification range, in the PNR range. */
const detailedRows = (audience: DashboardAudience): SQL =>
  and(audience.notifications, audience.raised, audience.pnrDates) ?? sql`false`;

/**
 * Without a PNR date range a figure reads the tallies the database keeps per day and month
 * (docs/decisions/016); a PNR date range is about the bookings, which the tallies do not keep,
 * so then it reads the notifications and their bookings.
 */
const readsTallies = (audience: DashboardAudience) => audience.pnrDates === undefined;

/**
 * The tallies of one kind within a range of days (the notification range by default), of the
 * audience's scope: per agency where that answers the figure, else per agent.
 */
function talliesOf(
  audience: DashboardAudience,
  kind: TallyKind,
  { range = audience.range, perAgent = false }: { range?: DayRange; perAgent?: boolean } = {},
): SQL {
  const rows =
    audience.agencyTallies && !perAgent
      ? and(audience.agencyTallies, tallyRows(kind, 'agency', range))
      : and(audience.tallies, tallyRows(kind, 'agent', range));
  return rows ?? sql`false`;
}

/**
 * Totals of savings tallies: per currency and kind, and in SPEC §3's fields the cash of the one
 * currency given with the counts of every reprice.
 */
function savingTotals(tallies: SavingTally[], currency: string | null): SavingTotals {
  const inCurrency = tallies.filter((tally) => isLegacyFigure(tally, currency));
  const sum = (rows: SavingTally[], pick: (tally: SavingTally) => number) =>
    rows.reduce((total, tally) => total + pick(tally), 0);
  return {
    potential: cents(sum(inCurrency, (tally) => tally.potential)),
    actual: cents(sum(inCurrency, (tally) => tally.actual)),
    potentialCount: sum(tallies, (tally) => tally.potentialCount),
    actualCount: sum(tallies, (tally) => tally.actualCount),
    currency,
    byCurrency: savingsPerCurrency(tallies),
  };
}

// ---- months ----------------------------------------------------------------------------------

const monthOf = (date: Date) => date.toISOString().slice(0, 7);

/** 'yyyy-MM' of each month from the one holding day `from` to the one holding day `to`. */
function monthsBetween(from: string, to: string): string[] {
  const [year, month] = from.split('-').map(Number) as [number, number];
  const last = to.slice(0, 7);
  const months: string[] = [];
  for (let index = 0; ; index += 1) {
    const current = monthOf(new Date(Date.UTC(year, month - 1 + index, 1)));
    months.push(current);
    if (current >= last) return months;
  }
}

/**
 * The monthly view's window (SPEC §9): from the first of the month five months ago up to the
 * end of tomorrow (whole UTC days, as every range here), titled with the previous month.
 */
function monthlyWindow(now: Date) {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const date = now.getUTCDate();
  const from = new Date(Date.UTC(year, month - (MONTHLY_OVERVIEW_MONTHS - 1), 1));
  const tomorrow = new Date(Date.UTC(year, month, date + 1));
  return {
    title: monthOf(new Date(Date.UTC(year, month - 1, 1))),
    months: monthsBetween(utcDayOf(from), utcDayOf(tomorrow)),
    days: { from: utcDayOf(from), to: utcDayOf(tomorrow) },
  };
}

// ---- figures ---------------------------------------------------------------------------------

/**
 * Per agency, branch or agent (the query's type) and panel group: notifications in all and in
 * state Complete, with the reprices' potential and actual savings; the 10 entities with most
 * notifications in each group.
 */
async function completedVsTotal(
  db: Db,
  caller: DashboardCaller,
  query: DashboardQuery,
  now: Date,
): Promise<CompletedVsTotalResponse> {
  const audience = await dashboardAudience(db, caller, query, now);
  const tallies = readsTallies(audience)
    ? await talliedEntities(
        db,
        talliesOf(audience, 'type', { perAgent: query.type !== 'Agency' }),
        query.type,
      )
    : await entityTallies(db, detailedRows(audience), query.type);
  const currency = mostCommonCurrency(tallies);
  const entries = new Map<string, CompletedVsTotalEntry>();
  for (const tally of tallies) {
    const key = `${tally.group}/${tally.entityId}`;
    const entry = entries.get(key) ?? {
      entityId: tally.entityId,
      entityName: tally.entityName,
      msgGroup: tally.group,
      total: 0,
      completed: 0,
      potential: 0,
      actual: 0,
      byCurrency: [],
    };
    entry.total += tally.total;
    entry.completed += tally.completed;
    if (isLegacyFigure(tally, currency)) {
      entry.potential += tally.potential;
      entry.actual += tally.actual;
    }
    if (tally.currency !== null && tally.reprices > 0) {
      const money = { currency: tally.currency, kind: tally.kind ?? 'cash' } as const;
      const own = entry.byCurrency.find((each) => sameMoney(each, money));
      if (own) {
        own.potential += tally.potential;
        own.actual += tally.actual;
      } else {
        entry.byCurrency.push({ ...money, potential: tally.potential, actual: tally.actual });
      }
    }
    entries.set(key, entry);
  }
  const currencyKinds = moneysOf([...entries.values()].map((entry) => entry.byCurrency));
  const currencies = [...new Set(currencyKinds.map((each) => each.currency))];
  const largest = (a: CompletedVsTotalEntry, b: CompletedVsTotalEntry) =>
    b.total - a.total || a.entityName.localeCompare(b.entityName) || a.entityId - b.entityId;
  return {
    entries: PANEL_GROUPS.flatMap((group) =>
      [...entries.values()]
        .filter((entry) => entry.msgGroup === group)
        .sort(largest)
        .slice(0, CHART_MAX_ITEMS)
        .map((entry) => ({
          ...entry,
          potential: cents(entry.potential),
          actual: cents(entry.actual),
          byCurrency: moneysOf([entry.byCurrency]).map((money) => {
            const each = entry.byCurrency.find((own) => sameMoney(own, money));
            return {
              ...money,
              potential: cents(each?.potential ?? 0),
              actual: cents(each?.actual ?? 0),
            };
          }),
        })),
    ),
    currency,
    currencies,
    currencyKinds,
  };
}

/** The reprices raised (potential) and executed (actual): their savings and how many. */
async function potentialVsActual(
  db: Db,
  caller: DashboardCaller,
  query: DashboardQuery,
  now: Date,
): Promise<SavingTotals> {
  const audience = await dashboardAudience(db, caller, query, now);
  const tallies = readsTallies(audience)
    ? await talliedSavings(db, talliesOf(audience, 'type'))
    : await savingTallies(db, detailedRows(audience));
  return savingTotals(tallies, mostCommonCurrency(tallies));
}

/** The same per month of the notification range, every month of it, by when they were raised. */
async function savingByPeriod(
  db: Db,
  caller: DashboardCaller,
  query: DashboardQuery,
  now: Date,
): Promise<SavingPeriodsResponse> {
  const audience = await dashboardAudience(db, caller, query, now);
  const tallies = readsTallies(audience)
    ? await talliedSavingsByMonth(db, talliesOf(audience, 'type'))
    : await savingTalliesByMonth(
        db,
        detailedRows(audience),
        sql`${notifications.notificationTime}`,
      );
  const currency = mostCommonCurrency(tallies);
  const range = audience.range;
  return {
    periods: monthsBetween(range.from, range.to).map((month) => ({
      month,
      ...savingTotals(
        tallies.filter((tally) => tally.month === month),
        currency,
      ),
    })),
  };
}

/** The shares of the rows that pass. */
const sharesOf = (rows: KeyedSaving[], passes: (row: KeyedSaving) => boolean) =>
  shareItems(rows.filter(passes).map((row) => ({ name: row.key, value: row.saving }))).map(
    (item) => ({ ...item, value: cents(item.value) }),
  );

/**
 * Each currency and kind's shares, and for SPEC §3's fields the cash of the currency of most
 * reprices.
 */
const keyedShares = (rows: KeyedSaving[]) => {
  const currency = mostCommonCurrency(rows);
  const moneys = moneysOf([
    rows.flatMap((row) =>
      row.currency ? [{ currency: row.currency, kind: row.kind ?? 'cash' }] : [],
    ),
  ]);
  return {
    currency,
    items: sharesOf(rows, (row) => isLegacyFigure(row, currency)),
    byCurrency: moneys.map((money) => ({
      ...money,
      items: sharesOf(
        rows,
        (row) =>
          row.currency !== null &&
          sameMoney({ currency: row.currency, kind: row.kind ?? 'cash' }, money),
      ),
    })),
  };
};

/** What executed reprices saved per airline of their booking. */
async function savingPerAirline(
  db: Db,
  caller: DashboardCaller,
  query: DashboardQuery,
  now: Date,
): Promise<AirlineSavingResponse> {
  const audience = await dashboardAudience(db, caller, query, now);
  const { currency, items, byCurrency } = keyedShares(
    readsTallies(audience)
      ? await talliedActualSavingPerAirline(db, talliesOf(audience, 'airline'))
      : await actualSavingPerAirline(db, detailedRows(audience)),
  );
  const airlines = (shares: typeof items) =>
    shares.map((item) => ({ airline: item.name, saving: item.value }));
  return {
    items: airlines(items),
    currency,
    byCurrency: byCurrency.map((each) => ({ ...each, items: airlines(each.items) })),
  };
}

/** The potential saving of the reprices per customer number of their booking. */
async function savingPerCustomerNumber(
  db: Db,
  caller: DashboardCaller,
  query: DashboardQuery,
  now: Date,
): Promise<CustomerNumberSavingResponse> {
  const audience = await dashboardAudience(db, caller, query, now);
  const { currency, items, byCurrency } = keyedShares(
    readsTallies(audience)
      ? await talliedPotentialSavingPerCustomerNumber(db, talliesOf(audience, 'customer'))
      : await potentialSavingPerCustomerNumber(db, detailedRows(audience)),
  );
  const customerNumbers = (shares: typeof items) =>
    shares.map((item) => ({ customerNumber: item.name, saving: item.value }));
  return {
    items: customerNumbers(items),
    currency,
    byCurrency: byCurrency.map((each) => ({ ...each, items: customerNumbers(each.items) })),
  };
}

/**
 * ADM (Churning, DuplicateBooking) and Cancellation (SegmentRemoval) notifications per airline
 * of the booking.
 */
async function admPerAirline(
  db: Db,
  caller: DashboardCaller,
  query: DashboardQuery,
  kind: AdmKind,
  now: Date,
): Promise<AdmPerAirlineResponse> {
  const audience = await dashboardAudience(db, caller, query, now);
  const rows = readsTallies(audience)
    ? await talliedCountPerAirline(db, talliesOf(audience, 'airline'), ADM_TYPES[kind])
    : await countPerAirline(db, detailedRows(audience), ADM_TYPES[kind]);
  const items = shareItems(rows.map((row) => ({ name: row.airline, value: row.count })));
  return { items: items.map((item) => ({ airline: item.name, count: item.value })) };
}

/** Bookings in scope and in the PNR range with (young) and without (old) a current price. */
async function youngPqs(
  db: Db,
  caller: DashboardCaller,
  query: DashboardQuery,
  now: Date,
): Promise<PnrPriceData> {
  const audience = await dashboardAudience(db, caller, query, now);
  return readsTallies(audience)
    ? talliedPnrPriceData(db, audience.bookingTallies)
    : pnrPriceData(db, and(audience.bookings, audience.pnrDates) ?? sql`false`);
}

/**
 * The monthly view: the notifications in scope whose booking departs in the monthly window,
 * per departure month (reprices) and per type, and the price data of the bookings departing
 * then. The query's date ranges do not apply; its scope type and ids do.
 */
async function monthlyStat(
  db: Db,
  caller: DashboardCaller,
  query: DashboardQuery,
  now: Date,
): Promise<MonthlyStatResponse> {
  const audience = await dashboardAudience(db, caller, query, now);
  const window = monthlyWindow(now);
  const rows = talliesOf(audience, 'departure', { range: window.days });
  const [tallies, perType, priceData] = await Promise.all([
    talliedSavingsByMonth(db, rows),
    talliedCountPerType(db, rows),
    talliedPnrPriceData(
      db,
      and(audience.bookingTallies, departingWithin(window.days)) ?? sql`false`,
    ),
  ]);
  const currency = mostCommonCurrency(tallies);
  const currencyKinds = savingsPerCurrency(tallies).map(({ currency: each, kind }) => ({
    currency: each,
    kind,
  }));
  return {
    title: window.title,
    months: window.months.map((month) => {
      const totals = savingTotals(
        tallies.filter((tally) => tally.month === month),
        currency,
      );
      return {
        month,
        repricePotential: totals.potential,
        repricePotentialCount: totals.potentialCount,
        repriceActual: totals.actual,
        repriceActualCount: totals.actualCount,
        byCurrency: totals.byCurrency,
      };
    }),
    byType: NotificationType.options.map((type) => ({
      type,
      count: perType.find((row) => row.type === type)?.count ?? 0,
    })),
    priceData,
    currency,
    currencies: [...new Set(currencyKinds.map((each) => each.currency))],
    currencyKinds,
  };
}

/**
 * The credits ledger's figures (issue 36 point 4): the credits of the scope type and ids
 * recorded in the notification date range (with a PNR date range, of bookings in it), per
 * currency by their state now: open, used, or lost to expiry.
 */
async function creditTotals(
  db: Db,
  caller: DashboardCaller,
  query: DashboardQuery,
  now: Date,
): Promise<CreditTotalsResponse> {
  const audience = await dashboardAudience(db, caller, query, now);
  const rows = await creditTallies(
    db,
    and(audience.credits, audience.recorded, audience.pnrDates) ?? sql`false`,
  );
  const currencies = [...new Set(rows.map((row) => row.currency))].sort((a, b) =>
    a.localeCompare(b),
  );
  const tallyOf = (currency: string, state: CreditState) => {
    const row = rows.find((each) => each.currency === currency && each.state === state);
    return { count: row?.count ?? 0, amount: cents(row?.amount ?? 0) };
  };
  return {
    byCurrency: currencies.map((currency) => ({
      currency,
      open: tallyOf(currency, 'open'),
      used: tallyOf(currency, 'used'),
      expired: tallyOf(currency, 'expired'),
    })),
  };
}

/**
 * The dashboard's figures. Each answers the caller's query at the moment it is given, so a
 * file's name and the figures in it tell the same day.
 */
export function createDashboard(deps: { db: Db }) {
  const { db } = deps;
  const over =
    <Args extends unknown[], Answer>(figure: (db: Db, ...args: Args) => Promise<Answer>) =>
    (...args: Args) =>
      figure(db, ...args);

  return {
    completedVsTotal: over(completedVsTotal),
    potentialVsActual: over(potentialVsActual),
    savingByPeriod: over(savingByPeriod),
    savingPerAirline: over(savingPerAirline),
    savingPerCustomerNumber: over(savingPerCustomerNumber),
    admPerAirline: over(admPerAirline),
    youngPqs: over(youngPqs),
    monthlyStat: over(monthlyStat),
    creditTotals: over(creditTotals),
  };
}

export type DashboardFigures = ReturnType<typeof createDashboard>;
