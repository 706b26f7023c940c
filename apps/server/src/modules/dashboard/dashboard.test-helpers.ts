import {
  DAY_MS,
  GROUP_OF_TYPE,
  NotificationType,
  startOfUtcDay,
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
import { queryRows, type Db } from '@/db/client';
import { agents, bookings, credits, notifications } from '@/db/schema';
import { aBooking } from '@/monitoring/detectors/testing/booking-builder';
import { notificationDataOf } from '@/monitoring/notification-data-of';
import { demoIds, type DemoIds } from '../notifications/notification-list.test-helpers';

// Shared by the dashboard's service and HTTP tests: a hand-made organisation's worth of bookings,
// notifications and credits with known values, and the figures expected of them worked out here
// from the fixture, never from the server's code.

export const NOW = Date.parse('2026-03-15T06:00:00Z');
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
export const pad = (i: number) => String(i).padStart(2, '0');
const EXTRA_CARRIERS = ['QR', 'SQ', 'CX', 'NH', 'JL', 'KE', 'TK', 'EY', 'QF', 'AZ', 'IB', 'SK'];
const extraAgent = (i: number): AgentKey => `X${pad(i)}`;
export const extraCarrier = (i: number) => EXTRA_CARRIERS[i - 1] ?? 'XX';
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
export type Who = 'superUser' | 'manager';
export type Query = {
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
export const toCents = (amount: number) => Math.round(amount * 100) / 100;
const sum = <T>(rows: T[], pick: (row: T) => number) =>
  rows.reduce((total, row) => total + pick(row), 0);
const byValue = (a: { name: string; value: number }, b: { name: string; value: number }) =>
  b.value - a.value || a.name.localeCompare(b.name);

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

/** The fixture as written over the demo organisation: its ids and names, each row's place. */
export type DashboardFixture = {
  ids: DemoIds;
  names: Record<OrganisationLevel, Map<number, string>>;
  bookingRows: BookingRow[];
  noteRows: NoteRow[];
  creditRows: CreditRow[];
};

/** Writes the fixture's extra agents, bookings, notifications and credits to the database. */
export async function insertDashboardFixture(db: Db): Promise<DashboardFixture> {
  const places = new Map<AgentKey, Place>();
  const names = {
    Agency: new Map<number, string>(),
    Branch: new Map(),
    Agent: new Map(),
  } as Record<OrganisationLevel, Map<number, string>>;
  const ids = await demoIds(db);
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
  const bookingRows: BookingRow[] = BOOKINGS.map((spec) => ({ ...spec, ...placeOf(spec.agent) }));
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
  const noteRows: NoteRow[] = NOTES.map((spec) => {
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
  const creditRows: CreditRow[] = CREDITS.map((spec) => {
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
  return { ids, names, bookingRows, noteRows, creditRows };
}

/** Each figure a super user or a manager should be answered for a query, from the fixture. */
export function expectedFigures(fixture: DashboardFixture) {
  const { ids, names, bookingRows, noteRows, creditRows } = fixture;
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

  return {
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
}
