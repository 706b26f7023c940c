import { readFileSync } from 'node:fs';
import { GROUP_OF_TYPE, type NotificationType } from '@smt/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { seedDemoOrganisation } from '@/db/seed/seed';
import { foldTallies } from '@/monitoring/fold-tallies';
import {
  createTestDatabase,
  TEST_DATABASE_KINDS,
  type TestDatabase,
} from '../../../test/test-database';

// The tallies the dashboard reads (docs/decisions/016) must equal, after any sequence of
// writes, what the notifications and the bookings hold. The expected tallies are worked out
// here in TypeScript from the rows, never by the database's own tallying.

const TYPES: NotificationType[] = [
  'Reprice',
  'TicketingDue',
  'Churning',
  'SegmentRemoval',
  'HoldsWaitlist',
  'Reschedule',
  'DuplicateBooking',
];
const SUBTYPES = ['Pending', 'Complete', 'Failed'] as const;
const STATUSES = ['NEW', 'READY', 'READ', 'DEL'] as const;
const CARRIERS = ['LY', 'BA', null] as const;
const CUSTOMERS = ['C1', 'C2', null] as const;
// Days either side of a month's end, so day and month rows both move.
const DAYS = ['2026-01-30', '2026-01-31', '2026-02-01', '2026-03-15'] as const;
const BOOKINGS = 4;

type Row = {
  agency_id: number;
  branch_id: number;
  agent_id: number;
  type: NotificationType;
  group: string;
  subtype: string;
  status: string;
  day: string;
  potential_saving: string | null;
  actual_saving: string | null;
  currency: string | null;
  saving_kind: 'cash' | 'credit' | null;
  carrier_code: string | null;
  customer_number: string | null;
  departure_day: string | null;
};

type Tally = {
  notifications: number;
  completed: number;
  unread: number;
  executed: number;
  potential_cents: number;
  actual_cents: number;
};

const keyOf = (parts: (string | number)[]) => parts.join('|');

/** Every kind, level and grain a notification counts in, as decision 016 defines them. */
function expectedTallies(rows: Row[]): Map<string, Tally> {
  const tallies = new Map<string, Tally>();
  for (const row of rows) {
    if (row.status === 'DEL') continue;
    const reprice = row.type === 'Reprice';
    const executed = reprice && row.actual_saving !== null;
    const places: [string, string, string][] = [['type', row.day, '']];
    if (
      row.carrier_code !== null &&
      (row.type === 'Churning' ||
        row.type === 'SegmentRemoval' ||
        row.type === 'DuplicateBooking' ||
        executed)
    ) {
      places.push(['airline', row.day, row.carrier_code]);
    }
    if (reprice && row.customer_number !== null) {
      places.push(['customer', row.day, row.customer_number]);
    }
    if (row.departure_day !== null) places.push(['departure', row.departure_day, '']);
    if (row.subtype === 'Pending') places.push(['pending', row.day, '']);
    const levels = [
      ['agent', row.branch_id, row.agent_id],
      ['agency', 0, 0],
    ] as const;
    for (const [kind, day, key] of places) {
      for (const [grain, period, [level, branch, agent]] of [
        ['D', day, levels[0]],
        ['M', `${day.slice(0, 7)}-01`, levels[0]],
        ['D', day, levels[1]],
        ['M', `${day.slice(0, 7)}-01`, levels[1]],
      ] as const) {
        // Pending notifications are tallied by month only.
        if (kind === 'pending' && grain === 'D') continue;
        const id = keyOf([
          kind,
          level,
          grain,
          period,
          row.agency_id,
          branch,
          agent,
          row.type,
          row.group,
          row.currency ?? '',
          // Cash and credit are tallied apart; a reprice without a kind is cash.
          reprice ? (row.saving_kind ?? 'cash') : '',
          key,
        ]);
        const tally = tallies.get(id) ?? {
          notifications: 0,
          completed: 0,
          unread: 0,
          executed: 0,
          potential_cents: 0,
          actual_cents: 0,
        };
        tally.notifications += 1;
        tally.completed += row.subtype === 'Complete' ? 1 : 0;
        tally.unread += row.status === 'NEW' || row.status === 'READY' ? 1 : 0;
        tally.executed += executed ? 1 : 0;
        tally.potential_cents += reprice ? Math.round(Number(row.potential_saving ?? 0) * 100) : 0;
        tally.actual_cents += reprice ? Math.round(Number(row.actual_saving ?? 0) * 100) : 0;
        tallies.set(id, tally);
      }
    }
  }
  return tallies;
}

type Op =
  | {
      op: 'raise';
      booking: number;
      type: NotificationType;
      subtype: (typeof SUBTYPES)[number];
      status: (typeof STATUSES)[number];
      day: (typeof DAYS)[number];
      potential: number;
      executed: boolean;
      currency: 'USD' | 'EUR';
      savingKind: 'cash' | 'credit' | null;
    }
  | { op: 'subtype'; pick: number; subtype: (typeof SUBTYPES)[number] }
  | { op: 'status'; pick: number; status: (typeof STATUSES)[number] }
  | { op: 'execute'; pick: number; saving: number | null }
  | { op: 'kind'; pick: number; savingKind: 'cash' | 'credit' | null }
  | { op: 'move'; pick: number; day: (typeof DAYS)[number] }
  | { op: 'readAll'; booking: number }
  | { op: 'delete'; pick: number }
  | { op: 'carrier'; booking: number; carrier: (typeof CARRIERS)[number] }
  | { op: 'customer'; booking: number; customer: (typeof CUSTOMERS)[number] }
  | { op: 'departure'; booking: number; day: (typeof DAYS)[number] | null }
  | { op: 'price'; booking: number; price: number | null }
  | { op: 'book'; day: (typeof DAYS)[number] | null; price: number | null }
  | { op: 'rolledBack'; pick: number }
  | { op: 'fold' };

const money = fc.integer({ min: 1, max: 99_999 }).map((cents) => cents / 100);
const bookingIndex = fc.integer({ min: 0, max: BOOKINGS - 1 });
const pick = fc.nat();

const anOp: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('raise' as const),
      booking: bookingIndex,
      type: fc.constantFrom(...TYPES),
      subtype: fc.constantFrom(...SUBTYPES),
      status: fc.constantFrom(...STATUSES),
      day: fc.constantFrom(...DAYS),
      potential: money,
      executed: fc.boolean(),
      currency: fc.constantFrom('USD' as const, 'EUR' as const),
      savingKind: fc.constantFrom('cash' as const, 'credit' as const, null),
    }),
  },
  fc.record({ op: fc.constant('subtype' as const), pick, subtype: fc.constantFrom(...SUBTYPES) }),
  fc.record({ op: fc.constant('status' as const), pick, status: fc.constantFrom(...STATUSES) }),
  fc.record({ op: fc.constant('execute' as const), pick, saving: fc.option(money) }),
  fc.record({
    op: fc.constant('kind' as const),
    pick,
    savingKind: fc.constantFrom('cash' as const, 'credit' as const, null),
  }),
  fc.record({ op: fc.constant('move' as const), pick, day: fc.constantFrom(...DAYS) }),
  fc.record({ op: fc.constant('readAll' as const), booking: bookingIndex }),
  fc.record({ op: fc.constant('delete' as const), pick }),
  fc.record({
    op: fc.constant('carrier' as const),
    booking: bookingIndex,
    carrier: fc.constantFrom(...CARRIERS),
  }),
  fc.record({
    op: fc.constant('customer' as const),
    booking: bookingIndex,
    customer: fc.constantFrom(...CUSTOMERS),
  }),
  fc.record({
    op: fc.constant('departure' as const),
    booking: bookingIndex,
    day: fc.option(fc.constantFrom(...DAYS)),
  }),
  fc.record({ op: fc.constant('price' as const), booking: bookingIndex, price: fc.option(money) }),
  fc.record({
    op: fc.constant('book' as const),
    day: fc.option(fc.constantFrom(...DAYS)),
    price: fc.option(money),
  }),
  fc.record({ op: fc.constant('rolledBack' as const), pick }),
  fc.record({ op: fc.constant('fold' as const) }),
);

describe.each(TEST_DATABASE_KINDS)('notification tallies on %s', (kind) => {
  let database: TestDatabase;
  let bookingIds: number[] = [];
  let raised = 0;
  let booked = 0;

  const run = (query: ReturnType<typeof sql>) => database.db.execute(query);

  /** The id of an existing notification, chosen by `index`, or none. */
  const chosen = async (index: number): Promise<number | null> => {
    const ids = await queryRows<{ id: number }>(
      database.db,
      sql`select id::int as id from notifications order by id`,
    );
    return ids.length === 0 ? null : (ids[index % ids.length]?.id ?? null);
  };

  async function apply(op: Op): Promise<void> {
    switch (op.op) {
      case 'raise': {
        raised += 1;
        const reprice = op.type === 'Reprice';
        await run(sql`
          insert into notifications (booking_id, agency_id, branch_id, agent_id, type, "group",
            subtype, status, title, notification_time, payload, data, dedupe_key,
            potential_saving, actual_saving, currency, saving_kind)
          select b.id, b.agency_id, b.branch_id, b.agent_id, ${op.type}, ${GROUP_OF_TYPE[op.type]},
            ${op.subtype}, ${op.status}, 't', ${`${op.day}T12:00:00Z`}::timestamptz, '{}', '{}',
            ${`k${raised}`}, ${reprice ? op.potential : null}::numeric,
            ${reprice && op.executed ? op.potential / 2 : null}::numeric,
            ${reprice ? op.currency : null}, ${reprice ? op.savingKind : null}
          from bookings b where b.id = ${bookingIds[op.booking]}`);
        return;
      }
      case 'subtype':
      case 'status':
      case 'execute':
      case 'kind':
      case 'move':
      case 'delete':
      case 'rolledBack': {
        const id = await chosen(op.pick);
        if (id === null) return;
        if (op.op === 'subtype') {
          await run(sql`update notifications set subtype = ${op.subtype} where id = ${id}`);
        } else if (op.op === 'status') {
          await run(sql`update notifications set status = ${op.status} where id = ${id}`);
        } else if (op.op === 'execute') {
          await run(
            sql`update notifications set actual_saving = ${op.saving}::numeric where id = ${id}`,
          );
        } else if (op.op === 'kind') {
          // A revision turns a cash reprice into a credit one, or back.
          await run(sql`update notifications set saving_kind = ${op.savingKind} where id = ${id}`);
        } else if (op.op === 'move') {
          await run(sql`update notifications
            set notification_time = ${`${op.day}T08:00:00Z`}::timestamptz where id = ${id}`);
        } else if (op.op === 'delete') {
          await run(sql`delete from notifications where id = ${id}`);
        } else {
          await database.db
            .transaction(async (tx) => {
              await tx.execute(sql`update notifications set status = 'DEL' where id = ${id}`);
              await tx.execute(sql`update bookings set carrier_code = 'ZZ'`);
              throw new Error('rolled back');
            })
            .catch(() => undefined);
        }
        return;
      }
      case 'readAll':
        await run(sql`update notifications set status = 'READ'
          where booking_id = ${bookingIds[op.booking]} and status = 'NEW'`);
        return;
      case 'carrier':
        await run(sql`update bookings set carrier_code = ${op.carrier}
          where id = ${bookingIds[op.booking]}`);
        return;
      case 'customer':
        await run(sql`update bookings set customer_number = ${op.customer}
          where id = ${bookingIds[op.booking]}`);
        return;
      case 'departure':
        await run(sql`update bookings
          set departure_at = ${op.day === null ? null : `${op.day}T22:30:00Z`}::timestamptz
          where id = ${bookingIds[op.booking]}`);
        return;
      case 'price':
        await run(sql`update bookings set current_price = ${op.price}::numeric
          where id = ${bookingIds[op.booking]}`);
        return;
      case 'book':
        booked += 1;
        await run(sql`insert into bookings (gds_id, pnr_number, agency_id, branch_id, agent_id,
            pnr_created_at, departure_at, current_price)
          select 'SIM', ${`BOOK${booked}`}, b.agency_id, a.branch_id, a.id, now(),
            ${op.day === null ? null : `${op.day}T01:00:00Z`}::timestamptz, ${op.price}::numeric
          from agents a join branches b on b.id = a.branch_id
          order by a.id offset ${booked % 5} limit 1`);
        return;
      case 'fold':
        await foldTallies(database.db);
        return;
    }
  }

  const actualTallies = async () => {
    const rows = await queryRows<Tally & { key: string }>(
      database.db,
      sql`select concat_ws('|', kind, level, grain, to_char(period, 'YYYY-MM-DD'), agency_id,
          branch_id,
          agent_id, type, "group", currency, saving_kind, key) as key,
        sum(notifications)::int as notifications, sum(completed)::int as completed,
        sum(unread)::int as unread,
        sum(executed)::int as executed, sum(potential_cents)::int as potential_cents,
        sum(actual_cents)::int as actual_cents
      from notification_tallies
      group by kind, level, grain, period, agency_id, branch_id, agent_id, type, "group",
        currency, saving_kind, key`,
    );
    const zero = (tally: Tally) => Object.values(tally).every((value) => value === 0);
    return new Map(
      rows.flatMap(({ key, ...tally }) => (zero(tally) ? [] : [[key, tally] as const])),
    );
  };

  const notificationRows = () =>
    queryRows<Row>(
      database.db,
      sql`select n.agency_id, n.branch_id, n.agent_id, n.type, n."group", n.subtype, n.status,
        to_char(n.notification_time at time zone 'UTC', 'YYYY-MM-DD') as day,
        n.potential_saving::text as potential_saving, n.actual_saving::text as actual_saving,
        n.currency, n.saving_kind, b.carrier_code, b.customer_number,
        to_char(b.departure_at at time zone 'UTC', 'YYYY-MM-DD') as departure_day
      from notifications n join bookings b on b.id = n.booking_id`,
    );

  /** Bookings with and without a price per departure day and agent, from the table. */
  const expectedBookingTallies = async () => {
    const rows = await queryRows<{
      day: string | null;
      agency_id: number;
      branch_id: number;
      agent_id: number;
      priced: boolean;
    }>(
      database.db,
      sql`select to_char(departure_at at time zone 'UTC', 'YYYY-MM-DD') as day, agency_id,
        branch_id, agent_id, current_price is not null as priced from bookings`,
    );
    const tallies = new Map<string, { priced: number; unpriced: number }>();
    for (const row of rows) {
      const key = keyOf([row.day ?? '', row.agency_id, row.branch_id, row.agent_id]);
      const tally = tallies.get(key) ?? { priced: 0, unpriced: 0 };
      if (row.priced) tally.priced += 1;
      else tally.unpriced += 1;
      tallies.set(key, tally);
    }
    return tallies;
  };

  const actualBookingTallies = async () => {
    const rows = await queryRows<{ key: string; priced: number; unpriced: number }>(
      database.db,
      sql`select concat_ws('|', coalesce(to_char(departure_day, 'YYYY-MM-DD'), ''), agency_id,
          branch_id, agent_id) as key, sum(priced)::int as priced, sum(unpriced)::int as unpriced
        from booking_tallies group by departure_day, agency_id, branch_id, agent_id
        having sum(priced) <> 0 or sum(unpriced) <> 0`,
    );
    return new Map(rows.map(({ key, ...tally }) => [key, tally] as const));
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoOrganisation(database.db);
    const rows = await queryRows<{ id: number }>(
      database.db,
      sql`insert into bookings (gds_id, pnr_number, agency_id, branch_id, agent_id,
          pnr_created_at, departure_at, carrier_code, customer_number)
        select 'SIM', 'TALLY' || g, b.agency_id, a.branch_id, a.id, now(),
          '2026-02-10T10:00:00Z', 'LY', 'C1'
        from generate_series(1, ${BOOKINGS}) g
        join lateral (select * from agents order by id offset g % 3 limit 1) a on true
        join branches b on b.id = a.branch_id
        returning id`,
    );
    bookingIds = rows.map((row) => row.id);
  });

  afterAll(async () => {
    await database?.close();
  });

  it('should equal the notifications and the bookings after any sequence of writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(anOp, { minLength: 1, maxLength: 25 }), async (ops) => {
        await run(sql`delete from notifications`);
        await foldTallies(database.db);
        for (const op of ops) await apply(op);
        expect(await actualTallies()).toEqual(expectedTallies(await notificationRows()));
        expect(await actualBookingTallies()).toEqual(await expectedBookingTallies());
      }),
      { numRuns: kind === 'pglite' ? 40 : 60 },
    );
  });

  it('should make the tallies again from the notifications as migration 0031 does, cash and credit apart', async () => {
    await run(sql`delete from notifications`);
    await foldTallies(database.db);
    const kinds = ['cash', 'credit', null] as const;
    for (const [at, bookingId] of bookingIds.entries()) {
      for (const savingKind of kinds) {
        raised += 1;
        await run(sql`
          insert into notifications (booking_id, agency_id, branch_id, agent_id, type, "group",
            subtype, status, title, notification_time, payload, data, dedupe_key,
            potential_saving, actual_saving, currency, saving_kind)
          select id, agency_id, branch_id, agent_id, 'Reprice', 'REPRICE', 'Complete', 'READ',
            't', ${`${DAYS[at % DAYS.length]}T09:00:00Z`}::timestamptz, '{}', '{}',
            ${`k${raised}`}, 40.5, 20.25, 'USD', ${savingKind}
          from bookings where id = ${bookingId}`);
      }
    }
    const expected = expectedTallies(await notificationRows());
    // Tallies lost (as if kept before the kind was), then the migration's last statements.
    await run(sql`delete from notification_tallies`);
    const migration = readFileSync(
      new URL('../../db/migrations/0031_saving_kind_tallies.sql', import.meta.url),
      'utf8',
    );
    const statements = migration.split('--> statement-breakpoint');
    const rebuild = statements.slice(statements.findIndex((each) => each.includes('DELETE FROM')));
    expect(rebuild).toHaveLength(3);
    for (const statement of rebuild) await database.db.execute(sql.raw(statement));
    expect(await actualTallies()).toEqual(expected);
    const [counts] = await queryRows<{ credit: number; cash: number; unfolded: number }>(
      database.db,
      sql`select (count(*) filter (where saving_kind = 'credit'))::int as credit,
        (count(*) filter (where saving_kind = 'cash'))::int as cash,
        (count(*) filter (where not compacted))::int as unfolded
      from notification_tallies where kind = 'type' and level = 'agency' and grain = 'M'`,
    );
    // One month row per agency and month of each kind; the reprices without a kind are cash.
    expect(counts?.unfolded).toBe(0);
    expect(counts?.credit).toBeGreaterThan(0);
    expect(counts?.cash).toBe(counts?.credit);
  });

  it('should leave one row per key and period once folded, with the same sums', async () => {
    await run(sql`delete from notifications`);
    for (const day of DAYS) {
      for (const bookingId of bookingIds) {
        raised += 1;
        await run(sql`
          insert into notifications (booking_id, agency_id, branch_id, agent_id, type, "group",
            subtype, status, title, notification_time, payload, data, dedupe_key,
            potential_saving, currency)
          select id, agency_id, branch_id, agent_id, 'Reprice', 'REPRICE', 'Pending', 'NEW', 't',
            ${`${day}T09:00:00Z`}::timestamptz, '{}', '{}', ${`k${raised}`}, 10.25, 'USD'
          from bookings where id = ${bookingId}`);
      }
    }
    await run(sql`update notifications set status = 'READ'`);
    const before = await actualTallies();
    await foldTallies(database.db);
    expect(await actualTallies()).toEqual(before);
    const [counts] = await queryRows<{ rows: number; keys: number; unfolded: number }>(
      database.db,
      sql`select count(*)::int as rows,
        count(distinct (kind, level, grain, period, agency_id, branch_id, agent_id, type, "group",
          currency, saving_kind, key))::int as keys,
        (count(*) filter (where not compacted))::int as unfolded
      from notification_tallies`,
    );
    expect(counts).toEqual({ rows: counts?.keys, keys: counts?.keys, unfolded: 0 });
    expect(before).toEqual(expectedTallies(await notificationRows()));
    expect(await actualBookingTallies()).toEqual(await expectedBookingTallies());
    const [unfoldedBookings] = await queryRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from booking_tallies where not compacted`,
    );
    expect(unfoldedBookings?.count).toBe(0);
  });
});
