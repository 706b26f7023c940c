import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { instantsOf } from '@/gds/airport-time';
import type { TicketingResult } from '@/gds/gds-types';
import type { SimRecord } from './sim-types';

// The simulator's own tables, in their own schema: a GDS is another system, so none of this
// is the product's and none of it goes through the product's migrations. Creating them is
// idempotent and serialised, so any number of processes may start at once.

// Any number, as long as every process uses the same one (the product's migrations use 7310223).
const SETUP_LOCK_KEY = 7_310_224;

const SETUP_SQL = `
BEGIN;
SELECT pg_advisory_xact_lock(${SETUP_LOCK_KEY});
CREATE SCHEMA IF NOT EXISTS gds_sim;
CREATE TABLE IF NOT EXISTS gds_sim.state (
  key text PRIMARY KEY,
  value jsonb NOT NULL
);
CREATE TABLE IF NOT EXISTS gds_sim.bookings (
  locator text PRIMARY KEY,
  pcc text NOT NULL,
  data jsonb NOT NULL,
  revision bigint NOT NULL DEFAULT 1,
  changed_at timestamptz NOT NULL,
  next_event_at timestamptz
);
CREATE INDEX IF NOT EXISTS bookings_pcc_changed_idx ON gds_sim.bookings (pcc, changed_at);
CREATE INDEX IF NOT EXISTS bookings_pcc_next_event_idx ON gds_sim.bookings (pcc, next_event_at)
  WHERE next_event_at IS NOT NULL;
CREATE TABLE IF NOT EXISTS gds_sim.scripts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  locator text NOT NULL,
  result jsonb NOT NULL
);
CREATE INDEX IF NOT EXISTS scripts_locator_idx ON gds_sim.scripts (locator, id);
COMMIT;
`;

export type StoredBooking = {
  record: SimRecord;
  /** Grows at every write: a write based on an older read is refused. */
  revision: number;
  changedAt: number;
};

export type SimStore = ReturnType<typeof createSimStore>;

/** A booking stored before segments carried their instants gets them from its local times. */
function withInstants(record: SimRecord): SimRecord {
  for (const segment of record.booking.segments) {
    if (!segment.departsAt || !segment.arrivesAt) Object.assign(segment, instantsOf(segment));
  }
  return record;
}

const iso = (instant: number | null) => (instant === null ? null : new Date(instant).toISOString());
const json = (value: unknown) => JSON.stringify(value);

export function createSimStore(database: Database) {
  const { db } = database;
  const readState = async <T>(key: string): Promise<T | null> => {
    const rows = await queryRows<{ value: T }>(
      db,
      sql`select value from gds_sim.state where key = ${key}`,
    );
    return rows[0]?.value ?? null;
  };
  return {
    setup: () => database.exec(SETUP_SQL),

    readState,

    /** Writes a value unless one is there; answers the value that stays. */
    async initState<T>(key: string, value: T): Promise<T> {
      await db.execute(sql`
        insert into gds_sim.state (key, value) values (${key}, ${json(value)}::jsonb)
        on conflict (key) do nothing`);
      return (await readState<T>(key)) ?? value;
    },

    async writeState(key: string, value: unknown): Promise<void> {
      await db.execute(sql`
        insert into gds_sim.state (key, value) values (${key}, ${json(value)}::jsonb)
        on conflict (key) do update set value = excluded.value`);
    },

    /** Adds to a number inside a state value in one statement; answers the new value. */
    async addToState<T>(key: string, field: string, amount: number): Promise<T | null> {
      const rows = await queryRows<{ value: T }>(
        db,
        sql`
          update gds_sim.state
          set value = jsonb_set(value, ${`{${field}}`}::text[],
            to_jsonb((value ->> ${field})::numeric + ${amount}::numeric))
          where key = ${key}
          returning value`,
      );
      return rows[0]?.value ?? null;
    },

    /** Sets one field inside a state value; answers the whole new value. */
    async setStateField<T>(key: string, field: string, value: unknown): Promise<T | null> {
      const rows = await queryRows<{ value: T }>(
        db,
        sql`
          update gds_sim.state
          set value = jsonb_set(value, ${`{${field}}`}::text[], ${json(value)}::jsonb)
          where key = ${key}
          returning value`,
      );
      return rows[0]?.value ?? null;
    },

    /** The next number of a counter, 1 first; safe under concurrent callers. */
    async nextNumber(name: string): Promise<number> {
      const rows = await queryRows<{ value: number }>(
        db,
        sql`
          insert into gds_sim.state (key, value) values (${name}, '1'::jsonb)
          on conflict (key) do update
            set value = to_jsonb((gds_sim.state.value #>> '{}')::bigint + 1)
          returning value`,
      );
      return Number(rows[0]?.value);
    },

    async find(locator: string): Promise<StoredBooking | null> {
      const rows = await queryRows<{
        data: SimRecord;
        revision: string | number;
        changed_at: Date | string;
      }>(
        db,
        sql`select data, revision, changed_at from gds_sim.bookings where locator = ${locator}`,
      );
      const row = rows[0];
      if (!row) return null;
      return {
        record: withInstants(row.data),
        revision: Number(row.revision),
        changedAt: new Date(row.changed_at).getTime(),
      };
    },

    /** Adds a booking; false when its locator is taken (the booking there stays). */
    async insert(
      record: SimRecord,
      changedAt: number,
      nextEventAt: number | null,
    ): Promise<boolean> {
      const rows = await queryRows<{ locator: string }>(
        db,
        sql`
          insert into gds_sim.bookings (locator, pcc, data, changed_at, next_event_at)
          values (${record.booking.locator}, ${record.booking.pcc}, ${json(record)}::jsonb,
            ${iso(changedAt)}::timestamptz, ${iso(nextEventAt)}::timestamptz)
          on conflict (locator) do nothing
          returning locator`,
      );
      return rows.length === 1;
    },

    /** Writes a booking read at `revision`; false when someone wrote it since. */
    async update(
      record: SimRecord,
      revision: number,
      changedAt: number,
      nextEventAt: number | null,
    ): Promise<boolean> {
      const rows = await queryRows<{ locator: string }>(
        db,
        sql`
          update gds_sim.bookings
          set data = ${json(record)}::jsonb, revision = revision + 1,
            changed_at = ${iso(changedAt)}::timestamptz,
            next_event_at = ${iso(nextEventAt)}::timestamptz
          where locator = ${record.booking.locator} and revision = ${revision}
          returning locator`,
      );
      return rows.length === 1;
    },

    async dueLocators(pcc: string, now: number): Promise<string[]> {
      const rows = await queryRows<{ locator: string }>(
        db,
        sql`
          select locator from gds_sim.bookings
          where pcc = ${pcc} and next_event_at <= ${iso(now)}::timestamptz
          order by next_event_at, locator`,
      );
      return rows.map((row) => row.locator);
    },

    async changedLocators(pcc: string, since: number | null): Promise<string[]> {
      const rows = await queryRows<{ locator: string }>(
        db,
        since === null
          ? sql`select locator from gds_sim.bookings where pcc = ${pcc} order by changed_at, locator`
          : sql`
              select locator from gds_sim.bookings
              where pcc = ${pcc} and changed_at >= ${iso(since)}::timestamptz
              order by changed_at, locator`,
      );
      return rows.map((row) => row.locator);
    },

    async pushScript(locator: string, result: TicketingResult): Promise<void> {
      await db.execute(
        sql`insert into gds_sim.scripts (locator, result) values (${locator}, ${json(result)}::jsonb)`,
      );
    },

    /** Takes the oldest outcome queued for a booking, if any. */
    async popScript(locator: string): Promise<TicketingResult | null> {
      const rows = await queryRows<{ result: TicketingResult }>(
        db,
        sql`
          delete from gds_sim.scripts
          where id = (
            select id from gds_sim.scripts where locator = ${locator}
            order by id limit 1 for update skip locked)
          returning result`,
      );
      return rows[0]?.result ?? null;
    },
  };
}
