import {
  AdmPerAirlineResponse,
  AirlineSavingResponse,
  CompletedVsTotalResponse,
  CreditTotalsResponse,
  CustomerNumberSavingResponse,
  DASHBOARD_CALLS,
  DAY_MS,
  GROUP_OF_TYPE,
  MonthlyStatResponse,
  NotificationType,
  PnrPriceData,
  SavingPeriodsResponse,
  SavingTotals,
  startOfUtcDay,
  utcDayOf,
  validationMessages as messages,
  type AdmKind,
  type CompletedVsTotalEntry,
  type CreditState,
  type MoneyKind,
  type NotificationStatus,
  type NotificationSubtype,
  type OrganisationLevel,
  type PnrDateType,
} from '@smt/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { agents, bookings, credits, notifications } from '@/db/schema';
import { aBooking } from '@/monitoring/detectors/testing/booking-builder';
import { notificationDataOf } from '@/monitoring/notification-data-of';
import { DEMO, signIn, type DemoPerson } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';
import {
  demoIds,
  expectError,
  type DemoIds,
} from '../notifications/notification-list.test-helpers';

// A hand-made organisation's worth of bookings and notifications with known values, and the
// figures expected of them worked out here from the fixture, never from the server's code.

const NOW = Date.parse('2026-03-15T06:00:00Z');
// Today is 2026-03-15: by default the figures read 2026-03-01 to 2026-03-15.
const DEFAULT_RANGE = { from: '2026-03-01', to: '2026-03-15' };
// The monthly view: from 2025-10-01 to the end of tomorrow (2026-03-16), titled February.
const MONTHLY = {
  title: '2026-02',
  from: Date.parse('2025-10-01T00:00:00Z'),
  until: Date.parse('2026-03-17T00:00:00Z'),
  months: ['2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03'],
};
const CHART_ITEMS = 10;
const KIND_TYPES: Record<AdmKind, NotificationType[]> = {
  All: ['Churning', 'SegmentRemoval', 'DuplicateBooking'],
  ADM: ['Churning', 'DuplicateBooking'],
  Cancellation: ['SegmentRemoval'],
};

type AgentKey = 'MM' | 'AA' | 'BA' | 'BB' | 'GG' | 'GA' | `X${string}`;

type BookingSpec = {
  key: string;
  agent: AgentKey;
  carrier: string | null;
  customer: string | null;
  created: string;
  departure: string | null;
  ticketed: string | null;
  price: number | null;
};

type NoteSpec = {
  key: string;
  booking: string;
  type: NotificationType;
  subtype: NotificationSubtype;
  status: NotificationStatus;
  time: string;
  potential?: number;
  actual?: number;
  currency?: string;
  /** The kind of money a reprice saves; none is a reprice kept before kinds, counted as cash. */
  kind?: MoneyKind;
};

const booking = (
  key: string,
  agent: AgentKey,
  carrier: string | null,
  customer: string | null,
  created: string,
  departure: string | null,
  ticketed: string | null,
  price: number | null,
): BookingSpec => ({ key, agent, carrier, customer, created, departure, ticketed, price });

// A table: one booking a line (key, agent, airline, customer number, created, departure,
// ticketed, current price).
// prettier-ignore
const BOOKINGS: BookingSpec[] = [
  booking('b1',  'AA', 'LY', 'DK001', '2026-01-10T08:00Z', '2026-03-20T10:00Z', null,               500),
  booking('b2',  'AA', 'LH', 'DK002', '2026-02-05T09:00Z', '2026-02-20T07:00Z', '2026-02-06T12:00Z', 800),
  booking('b3',  'BA', 'LY', 'DK001', '2026-03-02T10:00Z', '2026-04-10T22:00Z', null,               null),
  booking('b4',  'MM', 'BA', null,    '2025-12-01T11:00Z', '2026-01-15T06:00Z', '2025-12-02T09:00Z', 300),
  booking('b5',  'BB', 'AF', 'DK003', '2026-03-05T12:00Z', '2026-03-10T15:00Z', '2026-03-06T08:00Z', 1200),
  booking('b6',  'BB', 'LY', 'DK003', '2025-11-20T13:00Z', '2025-11-30T18:00Z', null,               null),
  booking('b7',  'GG', 'LY', 'DK900', '2026-03-01T14:00Z', '2026-03-25T09:00Z', null,               700),
  booking('b8',  'GA', 'UA', 'DK901', '2026-02-01T15:00Z', '2026-03-12T11:00Z', '2026-02-02T10:00Z', null),
  booking('b9',  'AA', 'EK', 'DK004', '2026-03-10T16:00Z', '2026-05-01T08:00Z', null,               950),
  booking('b10', 'BA', null, 'DK005', '2026-03-03T17:00Z', null,                null,               null),
  // Departing at the monthly window's edges: tomorrow, just after, just before, at its start.
  booking('b11', 'AA', 'LY', 'DK002', '2026-03-04T08:00Z', '2026-03-16T23:30Z', null,               400),
  booking('b12', 'AA', 'LH', 'DK002', '2026-03-04T09:00Z', '2026-03-17T00:00Z', null,               410),
  booking('b13', 'BA', 'AF', 'DK006', '2025-09-01T10:00Z', '2025-09-30T23:59Z', '2025-09-02T10:00Z', null),
  booking('b14', 'BA', 'AF', 'DK006', '2025-09-15T10:00Z', '2025-10-01T00:00Z', null,               220),
];

// Twelve extra agents of Jerusalem, one booking each on its own airline and customer number,
// with distinct figures in November 2025: more than a chart holds.
const EXTRAS = Array.from({ length: 12 }, (_, index) => index + 1);
const pad = (i: number) => String(i).padStart(2, '0');
const EXTRA_CARRIERS = ['QR', 'SQ', 'CX', 'NH', 'JL', 'KE', 'TK', 'EY', 'QF', 'AZ', 'IB', 'SK'];
const extraAgent = (i: number): AgentKey => `X${pad(i)}`;
const extraCarrier = (i: number) => EXTRA_CARRIERS[i - 1] ?? 'XX';
for (const i of EXTRAS) {
  BOOKINGS.push(
    booking(
      `e${i}`,
      extraAgent(i),
      extraCarrier(i),
      `C${pad(i)}`,
      `2025-11-${pad(i + 1)}T10:00Z`,
      `2025-12-${pad(i + 1)}T10:00Z`,
      null,
      i % 2 === 1 ? 100 + i : null,
    ),
  );
}

const note = (
  key: string,
  bookingKey: string,
  type: NotificationType,
  subtype: NotificationSubtype,
  status: NotificationStatus,
  time: string,
  money: { potential?: number; actual?: number; currency?: string; kind?: MoneyKind } = {},
): NoteSpec => ({ key, booking: bookingKey, type, subtype, status, time, ...money });

const usd = (potential: number, actual?: number) => ({ potential, actual, currency: 'USD' });
const eur = (potential: number, actual?: number) => ({ potential, actual, currency: 'EUR' });
const credit = (money: { potential: number; actual?: number; currency: string }) => ({
  ...money,
  kind: 'credit' as const,
});
const cash = (money: { potential: number; actual?: number; currency: string }) => ({
  ...money,
  kind: 'cash' as const,
});

const NOTES: NoteSpec[] = [
  note('r1', 'b1', 'Reprice', 'Pending', 'NEW', '2026-03-02T09:00Z', usd(100.1)),
  note('r2', 'b1', 'Reprice', 'Complete', 'READ', '2026-03-03T09:00Z', usd(50.25, 45.5)),
  note('r3', 'b2', 'Reprice', 'Complete', 'READ', '2026-03-04T09:00Z', usd(20, 20)),
  note('r4', 'b3', 'Reprice', 'Failed', 'READ', '2026-03-05T09:00Z', usd(70.33)),
  note('r5', 'b9', 'Reprice', 'Complete', 'READ', '2026-03-06T09:00Z', eur(300, 280)),
  note('r6', 'b5', 'Reprice', 'Pending', 'NEW', '2026-03-07T09:00Z', cash(usd(40.01))),
  note('r7', 'b5', 'Reprice', 'Pending', 'DEL', '2026-03-08T09:00Z', usd(999)),
  note('r8', 'b7', 'Reprice', 'Complete', 'READ', '2026-03-09T09:00Z', cash(usd(60, 55.55))),
  note('r9', 'b8', 'Reprice', 'Pending', 'NEW', '2026-03-10T09:00Z', eur(33.33)),
  note('r10', 'b1', 'Reprice', 'Pending', 'READ', '2026-02-20T09:00Z', usd(77)),
  note('r11', 'b4', 'Reprice', 'Complete', 'READ', '2026-03-11T09:00Z', usd(10.5, 10.49)),
  note('r12', 'b6', 'Reprice', 'Pending', 'NEW', '2026-03-16T00:00Z', usd(5)),
  note('r13', 'b4', 'Reprice', 'Complete', 'READ', '2026-01-20T09:00Z', usd(15, 12)),
  note('r14', 'b6', 'Reprice', 'Pending', 'READ', '2025-12-10T09:00Z', usd(25)),
  note('r15', 'b11', 'Reprice', 'Pending', 'NEW', '2025-12-01T09:00Z', usd(12.34)),
  note('r16', 'b12', 'Reprice', 'Pending', 'NEW', '2026-03-01T00:00Z', usd(1.11)),
  note('r17', 'b14', 'Reprice', 'Complete', 'READ', '2025-10-05T09:00Z', eur(8, 7.5)),
  note('r18', 'b13', 'Reprice', 'Complete', 'READ', '2025-09-10T09:00Z', usd(9, 9)),
  // Airline credit (docs/decisions/067): beside the cash, never added to it.
  note('k1', 'b2', 'Reprice', 'Complete', 'READ', '2026-03-05T11:00Z', credit(usd(150, 150))),
  note('k2', 'b5', 'Reprice', 'Pending', 'NEW', '2026-03-06T11:00Z', credit(usd(80))),
  note('k3', 'b9', 'Reprice', 'Complete', 'READ', '2026-03-07T11:00Z', credit(eur(40, 40))),
  note('k4', 'b12', 'Reprice', 'Pending', 'NEW', '2025-12-02T09:00Z', credit(usd(7.5))),
  note('c1', 'b1', 'Churning', 'Pending', 'NEW', '2026-03-02T10:00Z'),
  note('c2', 'b4', 'Churning', 'Complete', 'READ', '2026-03-03T10:00Z'),
  note('c3', 'b6', 'Churning', 'Pending', 'NEW', '2026-03-04T10:00Z'),
  note('c4', 'b7', 'Churning', 'Pending', 'NEW', '2026-03-05T10:00Z'),
  note('c5', 'b3', 'Churning', 'Pending', 'DEL', '2026-03-06T10:00Z'),
  note('c6', 'b2', 'Churning', 'Pending', 'READ', '2026-02-25T10:00Z'),
  note('s1', 'b2', 'SegmentRemoval', 'Complete', 'READ', '2026-03-07T10:00Z'),
  note('s2', 'b5', 'SegmentRemoval', 'Pending', 'NEW', '2026-03-08T10:00Z'),
  note('s3', 'b8', 'SegmentRemoval', 'Pending', 'NEW', '2026-03-09T10:00Z'),
  note('s4', 'b10', 'SegmentRemoval', 'Pending', 'NEW', '2026-03-10T10:00Z'),
  note('t1', 'b1', 'TicketingDue', 'Pending', 'NEW', '2026-03-12T10:00Z'),
  note('t2', 'b3', 'TicketingDue', 'Complete', 'READ', '2026-03-13T10:00Z'),
  note('t3', 'b7', 'TicketingDue', 'Pending', 'NEW', '2026-03-14T10:00Z'),
  note('t4', 'b14', 'TicketingDue', 'Pending', 'READ', '2025-10-02T10:00Z'),
  note('h1', 'b2', 'Reschedule', 'Pending', 'NEW', '2026-03-15T23:00Z'),
  note('h2', 'b5', 'Reschedule', 'Complete', 'READ', '2026-03-01T00:00Z'),
  note('h3', 'b11', 'Reschedule', 'Pending', 'NEW', '2026-03-05T10:00Z'),
  note('w1', 'b4', 'HoldsWaitlist', 'Pending', 'NEW', '2026-03-09T10:00Z'),
  note('w2', 'b9', 'HoldsWaitlist', 'Failed', 'READ', '2026-03-02T10:00Z'),
  note('w3', 'b6', 'HoldsWaitlist', 'Pending', 'DEL', '2026-03-03T10:00Z'),
];
for (const i of EXTRAS) {
  const day = `2025-11-${pad(i + 1)}`;
  NOTES.push(
    note(`e${i}r`, `e${i}`, 'Reprice', 'Complete', 'READ', `${day}T12:00Z`, {
      potential: 20 * i + 0.25,
      actual: 10 * i + 0.1,
      currency: 'USD',
    }),
  );
  for (let k = 0; k < 2 * i; k += 1) {
    const subtype = k === 0 ? 'Complete' : 'Pending';
    NOTES.push(note(`e${i}c${k}`, `e${i}`, 'Churning', subtype, 'READ', `${day}T13:${pad(k)}Z`));
  }
  if (i % 2 === 1) {
    NOTES.push(note(`e${i}s`, `e${i}`, 'SegmentRemoval', 'Pending', 'NEW', `${day}T14:00Z`));
  }
}

/** The credits ledger: one credit a line (key, booking, currency, cents, state, recorded). */
type CreditSpec = {
  key: string;
  booking: string;
  currency: string;
  cents: number;
  state: CreditState;
  created: string;
};
const creditOf = (
  key: string,
  bookingKey: string,
  currency: string,
  cents: number,
  state: CreditState,
  created: string,
): CreditSpec => ({ key, booking: bookingKey, currency, cents, state, created });
// prettier-ignore
const CREDITS: CreditSpec[] = [
  creditOf('cr1', 'b1', 'USD', 15_000, 'open',    '2026-03-05T10:00Z'),
  creditOf('cr2', 'b2', 'USD',  5_025, 'used',    '2026-03-06T10:00Z'),
  creditOf('cr3', 'b5', 'USD',  2_000, 'expired', '2026-03-07T10:00Z'),
  creditOf('cr4', 'b9', 'EUR',  4_000, 'open',    '2026-03-08T10:00Z'),
  creditOf('cr5', 'b1', 'USD',    110, 'open',    '2026-03-15T23:59Z'),
  creditOf('cr6', 'b8', 'USD',  9_900, 'open',    '2026-03-09T10:00Z'),
  creditOf('cr7', 'b7', 'EUR',    300, 'expired', '2026-03-02T10:00Z'),
  creditOf('cr8', 'b4', 'USD',  1_000, 'open',    '2026-02-10T10:00Z'),
  creditOf('cr9', 'b6', 'USD',  7_000, 'used',    '2025-11-20T10:00Z'),
];

// ---- the figures, worked out from the fixture ----------------------------------------------

type Place = { agencyId: number; branchId: number; agentId: number };
type BookingRow = BookingSpec & Place;
type NoteRow = NoteSpec & Place & { of: BookingRow };
type CreditRow = CreditSpec & Place & { of: BookingRow };
type Who = 'superUser' | 'manager';
type Query = {
  type?: OrganisationLevel;
  id?: number[];
  notificationDateFrom?: string;
  notificationDateTo?: string;
  dateFilter?: PnrDateType;
  from?: string;
  to?: string;
};

const inDays = (instant: string | null, from: string, to: string) =>
  instant !== null &&
  Date.parse(instant) >= startOfUtcDay(from).getTime() &&
  Date.parse(instant) < startOfUtcDay(to).getTime() + DAY_MS;
const toCents = (amount: number) => Math.round(amount * 100) / 100;
const sum = <T>(rows: T[], pick: (row: T) => number) =>
  rows.reduce((total, row) => total + pick(row), 0);
const byValue = (a: { name: string; value: number }, b: { name: string; value: number }) =>
  b.value - a.value || a.name.localeCompare(b.name);

function queryString(query: Query, extra: Record<string, string> = {}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const id of value) params.append(key, String(id));
    else if (value !== undefined) params.set(key, String(value));
  }
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

function monthsFrom(from: string, to: string) {
  const months: string[] = [];
  let [year, month] = from.split('-').map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (;;) {
    const current = `${year}-${pad(month)}`;
    months.push(current);
    if (current >= last) return months;
    month += 1;
    if (month === 13) [year, month] = [year + 1, 1];
  }
}

function topCurrency(reprices: NoteRow[]): string | null {
  const counts = new Map<string, number>();
  for (const row of reprices) {
    if (row.currency) counts.set(row.currency, (counts.get(row.currency) ?? 0) + 1);
  }
  const [top] = [...counts].sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  return top?.[0] ?? null;
}

function shared(items: { name: string; value: number }[]) {
  const sorted = [...items].sort(byValue);
  if (sorted.length <= CHART_ITEMS) return sorted;
  const rest = sorted.slice(CHART_ITEMS - 1);
  return [...sorted.slice(0, CHART_ITEMS - 1), { name: 'Other', value: sum(rest, (r) => r.value) }];
}

type Money = { currency: string; kind: MoneyKind };
const kindOf = (row: NoteRow): MoneyKind => row.kind ?? 'cash';
const isIn = (row: NoteRow, money: Money) =>
  row.currency === money.currency && kindOf(row) === money.kind;

/** SPEC §3's single amounts: the cash of one currency, with the counts of every reprice. */
function totalsOf(rows: NoteRow[], currency: string | null) {
  const reprices = rows.filter((row) => row.type === 'Reprice');
  const executed = reprices.filter((row) => row.actual !== undefined);
  const inCurrency = (row: NoteRow) =>
    (row.currency ?? null) === currency && kindOf(row) === 'cash';
  return {
    potential: toCents(sum(reprices.filter(inCurrency), (row) => row.potential ?? 0)),
    actual: toCents(sum(executed.filter(inCurrency), (row) => row.actual ?? 0)),
    potentialCount: reprices.length,
    actualCount: executed.length,
  };
}

/** The currencies and kinds of the reprices among the rows: by currency, cash first. */
const moneysIn = (rows: NoteRow[]): Money[] => {
  const keys = new Set(
    rows.flatMap((row) =>
      row.type === 'Reprice' && row.currency ? [`${row.currency}/${kindOf(row)}`] : [],
    ),
  );
  return [...keys]
    .map((key): Money => {
      const [currency = '', kind] = key.split('/');
      return { currency, kind: kind === 'credit' ? 'credit' : 'cash' };
    })
    .sort((a, b) => a.currency.localeCompare(b.currency) || (a.kind === 'cash' ? -1 : 1));
};

const currenciesIn = (rows: NoteRow[]) => [...new Set(moneysIn(rows).map((m) => m.currency))];

/** Each currency and kind's reprice savings among the rows, never summed together. */
const perCurrencyOf = (rows: NoteRow[]) =>
  moneysIn(rows).map((money) => {
    const own = rows.filter((row) => row.type === 'Reprice' && isIn(row, money));
    const executed = own.filter((row) => row.actual !== undefined);
    return {
      ...money,
      potential: toCents(sum(own, (row) => row.potential ?? 0)),
      actual: toCents(sum(executed, (row) => row.actual ?? 0)),
      potentialCount: own.length,
      actualCount: executed.length,
    };
  });

/** A share chart's items per currency and kind, keyed and valued as given. */
function sharesPerCurrency<K extends string>(
  rows: NoteRow[],
  keyOf: (row: NoteRow) => string,
  valueOf: (row: NoteRow) => number,
  keyName: K,
) {
  return moneysIn(rows).map((money) => {
    const own = rows.filter((row) => isIn(row, money));
    const keys = [...new Set(own.map(keyOf))];
    const items = keys.map((name) => ({
      name,
      value: sum(
        own.filter((row) => keyOf(row) === name),
        valueOf,
      ),
    }));
    return {
      ...money,
      items: shared(items).map(
        (item) =>
          ({ [keyName]: item.name, saving: toCents(item.value) }) as Record<K, string> & {
            saving: number;
          },
      ),
    };
  });
}

describe.each(TEST_DATABASE_KINDS)('dashboard figures on %s', (kind) => {
  let test: TestApp;
  let ids: DemoIds;
  const places = new Map<AgentKey, Place>();
  const names = {
    Agency: new Map<number, string>(),
    Branch: new Map(),
    Agent: new Map(),
  } as Record<OrganisationLevel, Map<number, string>>;
  let bookingRows: BookingRow[] = [];
  let noteRows: NoteRow[] = [];
  let creditRows: CreditRow[] = [];

  const headers = new Map<string, Record<string, string>>();
  const as = async (person: DemoPerson) => {
    const known = headers.get(person.email);
    if (known) return known;
    const signed = (await signIn(test.app, person)).headers;
    headers.set(person.email, signed);
    return signed;
  };
  const call = async (person: DemoPerson | null, path: string, query = '') =>
    test.app.inject({
      method: 'GET',
      url: `/api/${path}${query}`,
      headers: person ? await as(person) : {},
    });
  const ok = async (person: DemoPerson, path: string, query = '') => {
    const res = await call(person, path, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<unknown>();
  };
  const PERSON: Record<Who, DemoPerson> = { superUser: DEMO.superUser, manager: DEMO.manager };

  // -- the model --
  const visible = (who: Who, place: Place) =>
    who === 'superUser' || place.agencyId === ids.agency.demoTravel;
  const entityOf = (level: OrganisationLevel, place: Place) =>
    ({ Agency: place.agencyId, Branch: place.branchId, Agent: place.agentId })[level];
  const named = (query: Query, place: Place) =>
    !query.id?.length || query.id.includes(entityOf(query.type ?? 'Agency', place));
  const pnrDay = (row: BookingRow, dateFilter: PnrDateType = 'CREATION') =>
    ({ CREATION: row.created, DEPARTURE: row.departure, TICKETING: row.ticketed })[dateFilter];
  const inPnrRange = (query: Query, row: BookingRow) =>
    !query.from || !query.to || inDays(pnrDay(row, query.dateFilter), query.from, query.to);
  const rangeOf = (query: Query) =>
    query.notificationDateFrom && query.notificationDateTo
      ? { from: query.notificationDateFrom, to: query.notificationDateTo }
      : DEFAULT_RANGE;

  const rowsFor = (who: Who, query: Query) => {
    const range = rangeOf(query);
    return noteRows.filter(
      (row) =>
        row.status !== 'DEL' &&
        visible(who, row) &&
        named(query, row) &&
        inDays(row.time, range.from, range.to) &&
        inPnrRange(query, row.of),
    );
  };

  const expected = {
    potentialVsActual(who: Who, query: Query) {
      const rows = rowsFor(who, query);
      const currency = topCurrency(rows.filter((row) => row.type === 'Reprice'));
      return { ...totalsOf(rows, currency), currency, byCurrency: perCurrencyOf(rows) };
    },
    byPeriod(who: Who, query: Query) {
      const rows = rowsFor(who, query);
      const currency = topCurrency(rows.filter((row) => row.type === 'Reprice'));
      const range = rangeOf(query);
      return {
        periods: monthsFrom(range.from, range.to).map((month) => ({
          month,
          ...totalsOf(
            rows.filter((row) => row.time.startsWith(month)),
            currency,
          ),
          currency,
          byCurrency: perCurrencyOf(rows.filter((row) => row.time.startsWith(month))),
        })),
      };
    },
    completedVsTotal(who: Who, query: Query) {
      const level = query.type ?? 'Agency';
      const rows = rowsFor(who, query);
      const currency = topCurrency(rows.filter((row) => row.type === 'Reprice'));
      const entries: CompletedVsTotalEntry[] = [];
      for (const group of ['REPRICE', 'ADM', 'TICKETING_DUE', 'RESCHEDULE', 'WAITLIST'] as const) {
        const ofGroup = rows.filter((row) => GROUP_OF_TYPE[row.type] === group);
        const entityIds = [...new Set(ofGroup.map((row) => entityOf(level, row)))];
        const perEntity = entityIds.map((entityId) => {
          const own = ofGroup.filter((row) => entityOf(level, row) === entityId);
          const totals = totalsOf(own, currency);
          return {
            entityId,
            entityName: names[level].get(entityId) ?? '?',
            msgGroup: group,
            total: own.length,
            completed: own.filter((row) => row.subtype === 'Complete').length,
            potential: totals.potential,
            actual: totals.actual,
            byCurrency: perCurrencyOf(own).map(({ currency: each, kind, potential, actual }) => ({
              currency: each,
              kind,
              potential,
              actual,
            })),
          };
        });
        perEntity.sort(
          (a, b) =>
            b.total - a.total ||
            a.entityName.localeCompare(b.entityName) ||
            a.entityId - b.entityId,
        );
        entries.push(...perEntity.slice(0, CHART_ITEMS));
      }
      return {
        entries,
        currency,
        currencies: currenciesIn(rows),
        currencyKinds: moneysIn(rows),
      };
    },
    perAirline(who: Who, query: Query) {
      const rows = rowsFor(who, query).filter(
        (row) => row.type === 'Reprice' && row.actual !== undefined && row.of.carrier !== null,
      );
      const currency = topCurrency(rows);
      const inCurrency = rows.filter((row) =>
        isIn(row, { currency: currency ?? '', kind: 'cash' }),
      );
      const airlines = [...new Set(inCurrency.map((row) => row.of.carrier ?? ''))];
      const items = airlines.map((name) => ({
        name,
        value: sum(
          inCurrency.filter((row) => row.of.carrier === name),
          (row) => row.actual ?? 0,
        ),
      }));
      return {
        items: shared(items).map((item) => ({ airline: item.name, saving: toCents(item.value) })),
        currency,
        byCurrency: sharesPerCurrency(
          rows,
          (row) => row.of.carrier ?? '',
          (row) => row.actual ?? 0,
          'airline',
        ),
      };
    },
    perCustomerNumber(who: Who, query: Query) {
      const rows = rowsFor(who, query).filter(
        (row) => row.type === 'Reprice' && row.of.customer !== null,
      );
      const currency = topCurrency(rows);
      const inCurrency = rows.filter((row) =>
        isIn(row, { currency: currency ?? '', kind: 'cash' }),
      );
      const customers = [...new Set(inCurrency.map((row) => row.of.customer ?? ''))];
      const items = customers.map((name) => ({
        name,
        value: sum(
          inCurrency.filter((row) => row.of.customer === name),
          (row) => row.potential ?? 0,
        ),
      }));
      return {
        items: shared(items).map((item) => ({
          customerNumber: item.name,
          saving: toCents(item.value),
        })),
        currency,
        byCurrency: sharesPerCurrency(
          rows,
          (row) => row.of.customer ?? '',
          (row) => row.potential ?? 0,
          'customerNumber',
        ),
      };
    },
    admPerAirline(who: Who, query: Query, kind: AdmKind) {
      const rows = rowsFor(who, query).filter(
        (row) => KIND_TYPES[kind].includes(row.type) && row.of.carrier !== null,
      );
      const airlines = [...new Set(rows.map((row) => row.of.carrier ?? ''))];
      const items = airlines.map((name) => ({
        name,
        value: rows.filter((row) => row.of.carrier === name).length,
      }));
      return { items: shared(items).map((item) => ({ airline: item.name, count: item.value })) };
    },
    credits(who: Who, query: Query) {
      const range = rangeOf(query);
      const rows = creditRows.filter(
        (row) =>
          visible(who, row) &&
          named(query, row) &&
          inDays(row.created, range.from, range.to) &&
          inPnrRange(query, row.of),
      );
      const tally = (currency: string, state: CreditState) => {
        const own = rows.filter((row) => row.currency === currency && row.state === state);
        return { count: own.length, amount: toCents(sum(own, (row) => row.cents) / 100) };
      };
      return {
        byCurrency: [...new Set(rows.map((row) => row.currency))]
          .sort((a, b) => a.localeCompare(b))
          .map((currency) => ({
            currency,
            open: tally(currency, 'open'),
            used: tally(currency, 'used'),
            expired: tally(currency, 'expired'),
          })),
      };
    },
    youngPqs(who: Who, query: Query) {
      const rows = bookingRows.filter(
        (row) => visible(who, row) && named(query, row) && inPnrRange(query, row),
      );
      return {
        youngCnt: rows.filter((row) => row.price !== null).length,
        oldCnt: rows.filter((row) => row.price === null).length,
      };
    },
    monthlyStat(who: Who, query: Query) {
      const departing = (row: BookingRow) =>
        row.departure !== null &&
        Date.parse(row.departure) >= MONTHLY.from &&
        Date.parse(row.departure) < MONTHLY.until;
      const rows = noteRows.filter(
        (row) =>
          row.status !== 'DEL' && visible(who, row) && named(query, row) && departing(row.of),
      );
      const currency = topCurrency(rows.filter((row) => row.type === 'Reprice'));
      const bookingsThen = bookingRows.filter(
        (row) => visible(who, row) && named(query, row) && departing(row),
      );
      return {
        title: MONTHLY.title,
        months: MONTHLY.months.map((month) => {
          const totals = totalsOf(
            rows.filter((row) => row.of.departure?.startsWith(month)),
            currency,
          );
          return {
            month,
            repricePotential: totals.potential,
            repricePotentialCount: totals.potentialCount,
            repriceActual: totals.actual,
            repriceActualCount: totals.actualCount,
            byCurrency: perCurrencyOf(rows.filter((row) => row.of.departure?.startsWith(month))),
          };
        }),
        // Every type there is, in its order, those without notifications at 0.
        byType: NotificationType.options.map((type) => ({
          type,
          count: rows.filter((row) => row.type === type).length,
        })),
        priceData: {
          youngCnt: bookingsThen.filter((row) => row.price !== null).length,
          oldCnt: bookingsThen.filter((row) => row.price === null).length,
        },
        currency,
        currencies: currenciesIn(
          rows.filter((row) => MONTHLY.months.some((m) => row.of.departure?.startsWith(m))),
        ),
        currencyKinds: moneysIn(
          rows.filter((row) => MONTHLY.months.some((m) => row.of.departure?.startsWith(m))),
        ),
      };
    },
  };

  /** Every call's answer for one caller and query, compared with the figures worked out. */
  async function expectAllFigures(who: Who, query: Query) {
    const person = PERSON[who];
    const qs = queryString(query);
    expect(
      CompletedVsTotalResponse.parse(await ok(person, DASHBOARD_CALLS.completedVsTotal, qs)),
    ).toEqual(expected.completedVsTotal(who, query));
    expect(SavingTotals.parse(await ok(person, DASHBOARD_CALLS.potentialVsActual, qs))).toEqual(
      expected.potentialVsActual(who, query),
    );
    expect(
      SavingPeriodsResponse.parse(await ok(person, DASHBOARD_CALLS.potentialVsActualByPeriod, qs)),
    ).toEqual(expected.byPeriod(who, query));
    expect(
      AirlineSavingResponse.parse(await ok(person, DASHBOARD_CALLS.savingPerAirline, qs)),
    ).toEqual(expected.perAirline(who, query));
    expect(
      CustomerNumberSavingResponse.parse(
        await ok(person, DASHBOARD_CALLS.savingPerCustomerNumber, qs),
      ),
    ).toEqual(expected.perCustomerNumber(who, query));
    for (const kind of ['All', 'ADM', 'Cancellation'] as const) {
      const admQs = queryString(query, { notifType: kind });
      expect(
        AdmPerAirlineResponse.parse(await ok(person, DASHBOARD_CALLS.admPerAirline, admQs)),
      ).toEqual(expected.admPerAirline(who, query, kind));
    }
    expect(CreditTotalsResponse.parse(await ok(person, DASHBOARD_CALLS.credits, qs))).toEqual(
      expected.credits(who, query),
    );
    expect(PnrPriceData.parse(await ok(person, DASHBOARD_CALLS.youngPqs, qs))).toEqual(
      expected.youngPqs(who, query),
    );
    expect(MonthlyStatResponse.parse(await ok(person, DASHBOARD_CALLS.monthlyStat, qs))).toEqual(
      expected.monthlyStat(who, query),
    );
  }

  beforeAll(async () => {
    test = await createTestApp(kind);
    const db = test.database.db;
    // Pinned before anyone signs in, so sessions live on the same clock as the figures.
    test.app.clock.advance(NOW - test.app.clock.now().getTime());
    ids = await demoIds(db);
    await db.insert(agents).values(
      EXTRAS.map((i) => ({
        branchId: ids.branch.JRS1,
        name: `Extra Agent ${pad(i)}`,
        initials: extraAgent(i),
      })),
    );
    const org = await queryRows<{
      agent_id: number;
      initials: AgentKey;
      agent_name: string;
      branch_id: number;
      branch_name: string;
      agency_id: number;
      agency_name: string;
    }>(
      db,
      sql`select a.id as agent_id, a.initials, a.name as agent_name, b.id as branch_id,
            b.name as branch_name, g.id as agency_id, g.name as agency_name
          from agents a join branches b on b.id = a.branch_id join agencies g on g.id = b.agency_id`,
    );
    for (const row of org) {
      places.set(row.initials, {
        agencyId: row.agency_id,
        branchId: row.branch_id,
        agentId: row.agent_id,
      });
      names.Agency.set(row.agency_id, row.agency_name);
      names.Branch.set(row.branch_id, row.branch_name);
      names.Agent.set(row.agent_id, row.agent_name);
    }
    const placeOf = (agent: AgentKey) => {
      const place = places.get(agent);
      if (!place) throw new Error(`no agent ${agent}`);
      return place;
    };
    bookingRows = BOOKINGS.map((spec) => ({ ...spec, ...placeOf(spec.agent) }));
    const inserted = await db
      .insert(bookings)
      .values(
        bookingRows.map((row) => ({
          gdsId: '1S',
          pnrNumber: `PNR${row.key.toUpperCase()}`,
          agencyId: row.agencyId,
          branchId: row.branchId,
          agentId: row.agentId,
          pnrCreatedAt: new Date(row.created),
          departureAt: row.departure === null ? null : new Date(row.departure),
          ticketedAt: row.ticketed === null ? null : new Date(row.ticketed),
          isTicketed: row.ticketed !== null,
          carrierCode: row.carrier,
          customerNumber: row.customer,
          currentPrice: row.price,
          currency: row.price === null ? null : 'USD',
        })),
      )
      .returning({ id: bookings.id, pnrNumber: bookings.pnrNumber });
    const bookingIdOf = new Map(inserted.map((row) => [row.pnrNumber, row.id]));
    noteRows = NOTES.map((spec) => {
      const of = bookingRows.find((row) => row.key === spec.booking);
      if (!of) throw new Error(`no booking ${spec.booking}`);
      return { ...spec, of, agencyId: of.agencyId, branchId: of.branchId, agentId: of.agentId };
    });
    await db.insert(notifications).values(
      noteRows.map((row) => ({
        bookingId: bookingIdOf.get(`PNR${row.booking.toUpperCase()}`) ?? 0,
        agencyId: row.agencyId,
        branchId: row.branchId,
        agentId: row.agentId,
        type: row.type,
        group: GROUP_OF_TYPE[row.type],
        subtype: row.subtype,
        status: row.status,
        title: `${row.type} ${row.key}`,
        notificationTime: new Date(row.time),
        payload: { alerts: [], remarks: [], last_purchase_date: null, segment_classes: [] },
        data: notificationDataOf(aBooking(), new Date(NOW)),
        dedupeKey: row.key,
        potentialSaving: row.potential ?? null,
        actualSaving: row.actual ?? null,
        currency: row.currency ?? null,
        savingKind: row.kind ?? null,
      })),
    );
    creditRows = CREDITS.map((spec) => {
      const of = bookingRows.find((row) => row.key === spec.booking);
      if (!of) throw new Error(`no booking ${spec.booking}`);
      return { ...spec, of, agencyId: of.agencyId, branchId: of.branchId, agentId: of.agentId };
    });
    await db.insert(credits).values(
      creditRows.map((row) => ({
        agencyId: row.agencyId,
        branchId: row.branchId,
        agentId: row.agentId,
        bookingId: bookingIdOf.get(`PNR${row.booking.toUpperCase()}`) ?? 0,
        passengerName: 'LEVI/DANA',
        passengerKey: `levi dana ${row.key}`,
        airline: row.of.carrier ?? 'LY',
        amountCents: row.cents,
        currency: row.currency,
        source: 'reprice' as const,
        state: row.state,
        createdAt: new Date(row.created),
      })),
    );
  });
  afterAll(async () => test?.close());

  describe('figures', () => {
    const cases: [string, Who, () => Query][] = [
      ['the whole scope by default', 'superUser', () => ({})],
      ['one agency', 'superUser', () => ({ type: 'Agency', id: [ids.agency.globeTours] })],
      [
        'two branches',
        'superUser',
        () => ({ type: 'Branch', id: [ids.branch.TLV1, ids.branch.HFA1] }),
      ],
      ['two agents', 'superUser', () => ({ type: 'Agent', id: [ids.agent.AA, ids.agent.GA] })],
      ['branches without ids', 'superUser', () => ({ type: 'Branch' })],
      ['the whole scope by default', 'manager', () => ({})],
      ['their agency', 'manager', () => ({ type: 'Agency', id: [ids.agency.demoTravel] })],
      ['one branch', 'manager', () => ({ type: 'Branch', id: [ids.branch.JRS1] })],
      [
        'three agents',
        'manager',
        () => ({ type: 'Agent', id: [ids.agent.AA, ids.agent.BA, ids.agent.BB] }),
      ],
      [
        'every agent in November',
        'manager',
        () => ({
          type: 'Agent',
          notificationDateFrom: '2025-11-01',
          notificationDateTo: '2025-11-30',
        }),
      ],
      [
        'six months by branch',
        'superUser',
        () => ({
          type: 'Branch',
          notificationDateFrom: '2025-09-20',
          notificationDateTo: '2026-03-15',
        }),
      ],
      [
        'a PNR creation range',
        'manager',
        () => ({ dateFilter: 'CREATION', from: '2026-03-01', to: '2026-03-10' }),
      ],
      [
        'a PNR departure range reaching ahead',
        'manager',
        () => ({ type: 'Agent', dateFilter: 'DEPARTURE', from: '2026-03-10', to: '2026-03-31' }),
      ],
      [
        'a PNR ticketing range over three months',
        'superUser',
        () => ({
          dateFilter: 'TICKETING',
          from: '2026-02-01',
          to: '2026-03-15',
          notificationDateFrom: '2026-01-01',
          notificationDateTo: '2026-03-15',
        }),
      ],
    ];

    it.each(cases)(
      'should answer every figure as worked out for %s (%s)',
      async (_, who, query) => {
        await expectAllFigures(who, query());
      },
    );

    // SPEC §3's single-currency fields, worked out by hand; byCurrency is checked with every
    // figure above (expectAllFigures).
    it('should answer the potential and actual saving a person works out by hand', async () => {
      // Demo Travel, 1 to 15 March: seven USD cash reprices and one EUR, four of them
      // executed; and three credit ones, two executed, counted but not in the cash.
      expect(await ok(DEMO.manager, DASHBOARD_CALLS.potentialVsActual)).toMatchObject({
        potential: 292.3,
        actual: 75.99,
        potentialCount: 11,
        actualCount: 6,
        currency: 'USD',
      });
      expect(await ok(DEMO.superUser, DASHBOARD_CALLS.potentialVsActual)).toMatchObject({
        potential: 352.3,
        actual: 131.54,
        potentialCount: 13,
        actualCount: 7,
        currency: 'USD',
      });
      // The credit beside the cash, each currency and kind its own figure.
      const manager = SavingTotals.parse(await ok(DEMO.manager, DASHBOARD_CALLS.potentialVsActual));
      expect(manager.byCurrency).toEqual([
        {
          currency: 'EUR',
          kind: 'cash',
          potential: 300,
          actual: 280,
          potentialCount: 1,
          actualCount: 1,
        },
        {
          currency: 'EUR',
          kind: 'credit',
          potential: 40,
          actual: 40,
          potentialCount: 1,
          actualCount: 1,
        },
        {
          currency: 'USD',
          kind: 'cash',
          potential: 292.3,
          actual: 75.99,
          potentialCount: 7,
          actualCount: 3,
        },
        {
          currency: 'USD',
          kind: 'credit',
          potential: 230,
          actual: 150,
          potentialCount: 2,
          actualCount: 1,
        },
      ]);
    });

    it('should leave EUR reprices out of a USD sum and show EUR where most reprices are', async () => {
      const adam = `?type=Agent&id=${ids.agent.AA}`;
      expect(await ok(DEMO.manager, DASHBOARD_CALLS.potentialVsActual, adam)).toMatchObject({
        potential: 171.46,
        actual: 65.5,
        potentialCount: 7,
        actualCount: 5,
        currency: 'USD',
      });
      expect(await ok(DEMO.manager, DASHBOARD_CALLS.savingPerAirline)).toMatchObject({
        items: [
          { airline: 'LY', saving: 45.5 },
          { airline: 'LH', saving: 20 },
          { airline: 'BA', saving: 10.49 },
        ],
        currency: 'USD',
      });
      const gal = `?type=Agent&id=${ids.agent.GA}`;
      expect(await ok(DEMO.superUser, DASHBOARD_CALLS.potentialVsActual, gal)).toMatchObject({
        potential: 33.33,
        actual: 0,
        potentialCount: 1,
        actualCount: 0,
        currency: 'EUR',
      });
    });

    it('should sum the rest as Other beyond ten airlines and customer numbers', async () => {
      const november = '?notificationDateFrom=2025-11-01&notificationDateTo=2025-11-30';
      const airlines = AirlineSavingResponse.parse(
        await ok(DEMO.manager, DASHBOARD_CALLS.savingPerAirline, november),
      );
      // Extra agent i saved 10·i + 0.10 on airline i: the nine largest, then 1 + 2 + 3.
      expect(airlines.items).toHaveLength(10);
      expect(airlines.items.slice(0, 9)).toEqual(
        [12, 11, 10, 9, 8, 7, 6, 5, 4].map((i) => ({
          airline: extraCarrier(i),
          saving: toCents(10 * i + 0.1),
        })),
      );
      expect(airlines.items[9]).toMatchObject({ airline: 'Other', saving: 60.3 });
      const customers = CustomerNumberSavingResponse.parse(
        await ok(DEMO.manager, DASHBOARD_CALLS.savingPerCustomerNumber, november),
      );
      expect(customers.items[0]).toMatchObject({ customerNumber: 'C12', saving: 240.25 });
      expect(customers.items[9]).toMatchObject({ customerNumber: 'Other', saving: 120.75 });
    });

    it('should count ADM, Cancellation or both per airline', async () => {
      const november = 'notificationDateFrom=2025-11-01&notificationDateTo=2025-11-30';
      const adm = async (kind: AdmKind) =>
        AdmPerAirlineResponse.parse(
          await ok(DEMO.manager, DASHBOARD_CALLS.admPerAirline, `?${november}&notifType=${kind}`),
        );
      // Airline i: 2·i Churning, and one SegmentRemoval when i is odd.
      expect((await adm('ADM')).items.at(-1)).toMatchObject({ airline: 'Other', count: 2 + 4 + 6 });
      expect((await adm('All')).items.at(-1)).toMatchObject({ airline: 'Other', count: 3 + 4 + 7 });
      expect((await adm('All')).items[0]).toMatchObject({ airline: extraCarrier(12), count: 24 });
      expect((await adm('Cancellation')).items).toEqual(
        [1, 3, 5, 7, 9, 11]
          .map((i) => ({ airline: extraCarrier(i), count: 1 }))
          .sort((a, b) => a.airline.localeCompare(b.airline)),
      );
      const march = AdmPerAirlineResponse.parse(
        await ok(DEMO.manager, DASHBOARD_CALLS.admPerAirline),
      );
      expect(march.items).toEqual([
        { airline: 'LY', count: 2 },
        { airline: 'AF', count: 1 },
        { airline: 'BA', count: 1 },
        { airline: 'LH', count: 1 },
      ]);
    });

    it('should keep the ten agents with most notifications per group', async () => {
      const body = CompletedVsTotalResponse.parse(
        await ok(
          DEMO.manager,
          DASHBOARD_CALLS.completedVsTotal,
          '?type=Agent&notificationDateFrom=2025-11-01&notificationDateTo=2025-11-30',
        ),
      );
      const adm = body.entries.filter((entry) => entry.msgGroup === 'ADM');
      expect(adm.map((entry) => entry.entityName)).toEqual(
        [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((i) => `Extra Agent ${pad(i)}`),
      );
      expect(adm[0]).toMatchObject({ total: 24, completed: 1, potential: 0, actual: 0 });
      const reprice = body.entries.filter((entry) => entry.msgGroup === 'REPRICE');
      expect(reprice).toHaveLength(10);
      expect(reprice[0]).toMatchObject({
        entityName: 'Extra Agent 01',
        total: 1,
        completed: 1,
        potential: 20.25,
        actual: 10.1,
      });
    });

    it("should never show a manager Globe Tours' rows", async () => {
      const manager = CompletedVsTotalResponse.parse(
        await ok(DEMO.manager, DASHBOARD_CALLS.completedVsTotal),
      );
      const agencies = new Set(manager.entries.map((e) => e.entityName));
      expect([...agencies]).toEqual(['Demo Travel']);
      const superUser = CompletedVsTotalResponse.parse(
        await ok(DEMO.superUser, DASHBOARD_CALLS.completedVsTotal),
      );
      expect(superUser.entries.map((e) => e.entityName)).toContain('Globe Tours');
      expect(await ok(DEMO.manager, DASHBOARD_CALLS.youngPqs)).toMatchObject({
        youngCnt: 14,
        oldCnt: 10,
      });
      expect(await ok(DEMO.superUser, DASHBOARD_CALLS.youngPqs)).toMatchObject({
        youngCnt: 15,
        oldCnt: 11,
      });
    });

    it('should date the monthly view by departure over six months up to tomorrow', async () => {
      expect(
        await ok(
          DEMO.manager,
          DASHBOARD_CALLS.monthlyStat,
          '?notificationDateFrom=2026-03-02&notificationDateTo=2026-03-02',
        ),
      ).toMatchObject({
        title: '2026-02',
        months: [
          ['2025-10', 0, 1, 0, 1],
          ['2025-11', 30, 2, 0, 0],
          ['2025-12', 1563, 12, 781.2, 12],
          ['2026-01', 25.5, 2, 22.49, 2],
          ['2026-02', 20, 2, 20, 2],
          ['2026-03', 52.35, 3, 0, 0],
        ].map(
          ([
            month,
            repricePotential,
            repricePotentialCount,
            repriceActual,
            repriceActualCount,
          ]) => ({
            month,
            repricePotential,
            repricePotentialCount,
            repriceActual,
            repriceActualCount,
          }),
        ),
        // The types with notifications; every other type is there at 0.
        byType: expect.arrayContaining([
          { type: 'Reprice', count: 22 },
          { type: 'TicketingDue', count: 1 },
          { type: 'Churning', count: 159 },
          { type: 'SegmentRemoval', count: 8 },
          { type: 'HoldsWaitlist', count: 1 },
          { type: 'Reschedule', count: 3 },
          { type: 'DuplicateBooking', count: 0 },
        ]),
        priceData: { youngCnt: 11, oldCnt: 7 },
        currency: 'USD',
      });
    });

    it('should count the credits open, used and expired per currency a person works out by hand', async () => {
      // Demo Travel, 1 to 15 March: two USD credits open (150.00 and 1.10, the second in the
      // range's last minute), one used, one expired, and one EUR credit open; Globe Tours'
      // credits and those recorded before March are not counted.
      expect(await ok(DEMO.manager, DASHBOARD_CALLS.credits)).toEqual({
        byCurrency: [
          {
            currency: 'EUR',
            open: { count: 1, amount: 40 },
            used: { count: 0, amount: 0 },
            expired: { count: 0, amount: 0 },
          },
          {
            currency: 'USD',
            open: { count: 2, amount: 151.1 },
            used: { count: 1, amount: 50.25 },
            expired: { count: 1, amount: 20 },
          },
        ],
      });
      // Adam's own: the credits of his bookings only.
      const adam = `?type=Agent&id=${ids.agent.AA}`;
      expect(await ok(DEMO.manager, DASHBOARD_CALLS.credits, adam)).toEqual({
        byCurrency: [
          {
            currency: 'EUR',
            open: { count: 1, amount: 40 },
            used: { count: 0, amount: 0 },
            expired: { count: 0, amount: 0 },
          },
          {
            currency: 'USD',
            open: { count: 2, amount: 151.1 },
            used: { count: 1, amount: 50.25 },
            expired: { count: 0, amount: 0 },
          },
        ],
      });
      const october = '?notificationDateFrom=2025-10-01&notificationDateTo=2025-10-31';
      expect(await ok(DEMO.manager, DASHBOARD_CALLS.credits, october)).toEqual({ byCurrency: [] });
    });

    it('should answer every month of the range, empty ones too', async () => {
      const quiet = SavingPeriodsResponse.parse(
        await ok(
          DEMO.superUser,
          DASHBOARD_CALLS.potentialVsActualByPeriod,
          `?type=Agent&id=${ids.agent.GA}&notificationDateFrom=2025-12-15&notificationDateTo=2026-02-01`,
        ),
      );
      expect(quiet.periods).toEqual(
        ['2025-12', '2026-01', '2026-02'].map((month) => ({
          month,
          potential: 0,
          actual: 0,
          potentialCount: 0,
          actualCount: 0,
          currency: null,
          byCurrency: [],
        })),
      );
    });
  });

  describe('access', () => {
    const GETS = [
      DASHBOARD_CALLS.completedVsTotal,
      DASHBOARD_CALLS.potentialVsActual,
      DASHBOARD_CALLS.savingPerAirline,
      DASHBOARD_CALLS.potentialVsActualByPeriod,
      DASHBOARD_CALLS.savingPerCustomerNumber,
      DASHBOARD_CALLS.admPerAirline,
      DASHBOARD_CALLS.youngPqs,
      DASHBOARD_CALLS.monthlyStat,
      DASHBOARD_CALLS.credits,
    ];

    it.each(GETS)('should refuse %s to an agent with 403 and to nobody with 401', async (path) => {
      expectError(await call(DEMO.agent, path), 403, 'FORBIDDEN');
      expectError(await call(null, path), 401, 'UNAUTHORIZED');
    });

    it.each(GETS)(
      "should refuse %s for Globe Tours' agency, branch or agent to a manager",
      async (path) => {
        const refused = [
          `?type=Agency&id=${ids.agency.globeTours}`,
          `?type=Branch&id=${ids.branch.HFA1}`,
          `?type=Agent&id=${ids.agent.GA}`,
          `?type=Agent&id=${ids.agent.AA}&id=${ids.agent.GG}`,
        ];
        for (const query of refused) {
          expectError(await call(DEMO.manager, path, query), 403, 'FORBIDDEN');
        }
        expectError(await call(DEMO.superUser, path, '?type=Branch&id=999999'), 403, 'FORBIDDEN');
      },
    );
  });

  describe('bad input', () => {
    const path = DASHBOARD_CALLS.potentialVsActual;

    it.each([
      ['an unknown type', '?type=Company', 'type'],
      ['a non-numeric id', '?type=Agent&id=abc', 'id.0'],
      ['an unknown date type', '?dateFilter=BOOKING', 'dateFilter'],
      [
        'a date that does not exist',
        '?notificationDateFrom=2026-02-30&notificationDateTo=2026-03-01',
        'notificationDateFrom',
      ],
    ])('should answer 400 with field errors for %s', async (_, query, field) => {
      const body = expectError(await call(DEMO.manager, path, query), 400, 'BAD_REQUEST');
      expect(Object.keys(body.fieldErrors ?? {})).toContain(field);
    });

    it('should answer 400 for an unknown ADM kind', async () => {
      const body = expectError(
        await call(DEMO.manager, DASHBOARD_CALLS.admPerAirline, '?notifType=Fares'),
        400,
        'BAD_REQUEST',
      );
      expect(Object.keys(body.fieldErrors ?? {})).toContain('notifType');
    });

    it('should answer 400 when a range has one end', async () => {
      const notification = expectError(
        await call(DEMO.manager, path, '?notificationDateFrom=2026-03-01'),
        400,
        'BAD_REQUEST',
      );
      expect(notification.fieldErrors).toEqual({ notificationDateTo: messages.dateRangeBothEnds });
      const pnr = expectError(await call(DEMO.manager, path, '?to=2026-03-01'), 400, 'BAD_REQUEST');
      expect(pnr.fieldErrors).toEqual({ from: messages.dateRangeBothEnds });
    });

    it('should refuse a manager more than 6 months back and a super user more than 36', async () => {
      // Six months before the earliest today on earth (2026-03-14) is 2025-09-14.
      const range = (from: string) => `?notificationDateFrom=${from}&notificationDateTo=2026-03-01`;
      const manager = expectError(
        await call(DEMO.manager, path, range('2025-09-13')),
        400,
        'BAD_REQUEST',
      );
      expect(manager.fieldErrors).toEqual({ notificationDateFrom: messages.dateTooFarBack });
      await ok(DEMO.manager, path, range('2025-09-14'));
      await ok(DEMO.superUser, path, range('2025-09-13'));
      await ok(DEMO.superUser, path, range('2023-03-14'));
      const superUser = expectError(
        await call(DEMO.superUser, path, range('2023-03-13')),
        400,
        'BAD_REQUEST',
      );
      expect(superUser.fieldErrors).toEqual({
        notificationDateFrom: 'The date cannot be more than 36 months back',
      });
    });

    it('should refuse a notification date in the future', async () => {
      // The latest today on earth is still 2026-03-15.
      await ok(
        DEMO.manager,
        path,
        '?notificationDateFrom=2026-03-01&notificationDateTo=2026-03-15',
      );
      const body = expectError(
        await call(
          DEMO.manager,
          path,
          '?notificationDateFrom=2026-03-01&notificationDateTo=2026-03-16',
        ),
        400,
        'BAD_REQUEST',
      );
      expect(body.fieldErrors).toEqual({ notificationDateTo: messages.dateInFuture });
    });

    it('should answer 200, 400 or 403 and never fail for any query string', async () => {
      const paths = [
        DASHBOARD_CALLS.completedVsTotal,
        DASHBOARD_CALLS.potentialVsActual,
        DASHBOARD_CALLS.savingPerAirline,
        DASHBOARD_CALLS.potentialVsActualByPeriod,
        DASHBOARD_CALLS.savingPerCustomerNumber,
        DASHBOARD_CALLS.admPerAirline,
        DASHBOARD_CALLS.youngPqs,
        DASHBOARD_CALLS.monthlyStat,
        DASHBOARD_CALLS.credits,
      ];
      const key = fc.constantFrom(
        'type',
        'id',
        'notificationDateFrom',
        'notificationDateTo',
        'dateFilter',
        'from',
        'to',
        'notifType',
        'other',
      );
      const value = fc.oneof(
        fc.string({ maxLength: 20 }),
        fc.constantFrom(
          '',
          'Agency',
          'Branch',
          'Agent',
          'CREATION',
          'DEPARTURE',
          'TICKETING',
          'All',
          'ADM',
          'Cancellation',
          '2026-02-30',
          '-1',
          '0',
          '1,2',
          '99999999999',
          "'; drop table notifications;--",
          String(ids.agency.globeTours),
          String(ids.branch.TLV1),
          String(ids.agent.AA),
        ),
        fc.integer().map(String),
        fc
          .date({ noInvalidDate: true, min: new Date('2022-01-01'), max: new Date('2027-01-01') })
          .map((date) => utcDayOf(date)),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...paths),
          fc.constantFrom<Who>('superUser', 'manager'),
          fc.array(fc.tuple(key, value), { maxLength: 6 }),
          async (path, who, pairs) => {
            const query = new URLSearchParams(pairs).toString();
            const res = await call(PERSON[who], path, query ? `?${query}` : '');
            expect([200, 400, 403], res.body).toContain(res.statusCode);
            if (res.statusCode !== 200) {
              expectError(
                res,
                res.statusCode,
                res.statusCode === 400 ? 'BAD_REQUEST' : 'FORBIDDEN',
              );
            }
          },
        ),
        { numRuns: 60 },
      );
    });
  });

  it('should describe each figure in the OpenAPI document', async () => {
    const doc = (await test.app.inject({ method: 'GET', url: '/api/docs' })).json();
    for (const path of [
      DASHBOARD_CALLS.completedVsTotal,
      DASHBOARD_CALLS.potentialVsActual,
      DASHBOARD_CALLS.savingPerAirline,
      DASHBOARD_CALLS.potentialVsActualByPeriod,
      DASHBOARD_CALLS.savingPerCustomerNumber,
      DASHBOARD_CALLS.admPerAirline,
      DASHBOARD_CALLS.youngPqs,
      DASHBOARD_CALLS.monthlyStat,
      DASHBOARD_CALLS.credits,
    ]) {
      const operation = doc.paths[`/api/${path}`]?.get;
      expect(operation?.tags, path).toEqual(['dashboard']);
      expect(operation?.description?.length, path).toBeGreaterThan(40);
    }
  });
});
