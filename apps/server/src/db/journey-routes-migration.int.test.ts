import { readFile } from 'node:fs/promises';
import { journeyRouteOf, type RouteLeg, type SegmentStatus } from '@smt/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { agents, bookings, bookingSnapshots } from '@/db/schema';
import { seedDemoOrganisation } from '@/db/seed/seed';
import { aBooking, aSegment } from '@/monitoring/detectors/testing/booking-builder';
import {
  createTestDatabase,
  TEST_DATABASE_KINDS,
  type TestDatabase,
} from '../../test/test-database';

// Migration 0014 gives bookings already stored their route by SQL; journeyRouteOf gives new
// checks theirs in TypeScript. Both must say the same of the same legs.

const MIGRATION = new URL('./migrations/0014_journey_routes.sql', import.meta.url);

type Leg = RouteLeg & { status: SegmentStatus };
const leg = (
  from: string,
  to: string,
  departure: string,
  arrival: string,
  status: SegmentStatus = 'HK',
): Leg => ({
  from,
  to,
  departure,
  arrival,
  status,
});

const TRIPS: Record<string, Leg[]> = {
  'one-way': [leg('TLV', 'BKK', '2027-01-10 08:00', '2027-01-10 19:00')],
  'one-way with a connection': [
    leg('TLV', 'IST', '2027-01-10 08:00', '2027-01-10 11:00'),
    leg('IST', 'BKK', '2027-01-10 14:00', '2027-01-10 23:00'),
  ],
  return: [
    leg('TLV', 'BKK', '2027-01-10 08:00', '2027-01-10 19:00'),
    leg('BKK', 'TLV', '2027-01-20 09:00', '2027-01-20 20:00'),
  ],
  'return with connections': [
    leg('TLV', 'IST', '2027-01-10 08:00', '2027-01-10 11:00'),
    leg('IST', 'BKK', '2027-01-10 14:00', '2027-01-10 23:00'),
    leg('BKK', 'IST', '2027-01-20 09:00', '2027-01-20 19:00'),
    leg('IST', 'TLV', '2027-01-20 22:00', '2027-01-21 00:00'),
  ],
  'a stop of exactly 24 hours': [
    leg('TLV', 'IST', '2027-01-10 08:00', '2027-01-10 11:00'),
    leg('IST', 'BKK', '2027-01-11 11:00', '2027-01-11 20:00'),
    leg('BKK', 'TLV', '2027-01-25 09:00', '2027-01-25 20:00'),
  ],
  'open jaw home': [
    leg('TLV', 'BKK', '2027-01-10 08:00', '2027-01-10 19:00'),
    leg('HKT', 'TLV', '2027-01-20 09:00', '2027-01-20 21:00'),
  ],
  'multi-city home': [
    leg('TLV', 'LHR', '2027-01-10 08:00', '2027-01-10 13:00'),
    leg('LHR', 'JFK', '2027-01-14 10:00', '2027-01-14 18:00'),
    leg('JFK', 'TLV', '2027-01-20 23:00', '2027-01-21 10:00'),
  ],
  'same-day return': [
    leg('TLV', 'HFA', '2027-01-10 07:00', '2027-01-10 08:00'),
    leg('HFA', 'ETM', '2027-01-10 08:30', '2027-01-10 09:30'),
    leg('ETM', 'TLV', '2027-01-10 19:00', '2027-01-10 20:00'),
  ],
  'a cancelled leg left out': [
    leg('TLV', 'BKK', '2027-01-10 08:00', '2027-01-10 19:00'),
    leg('BKK', 'HKT', '2027-01-12 09:00', '2027-01-12 10:30', 'UN'),
    leg('BKK', 'TLV', '2027-01-20 09:00', '2027-01-20 20:00'),
  ],
};

describe.each(TEST_DATABASE_KINDS)('migration 0014 (journey routes) on %s', (kind) => {
  let database: TestDatabase;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoOrganisation(database.db);
    const [agent] = await database.db.select().from(agents).limit(1);
    if (!agent) throw new Error('no agent');
    const { branchId } = agent;
    const [{ agencyId } = { agencyId: 0 }] = await queryRows<{ agencyId: number }>(
      database.db,
      sql`select agency_id as "agencyId" from branches where id = ${branchId}`,
    );
    let n = 0;
    for (const [name, legs] of Object.entries(TRIPS)) {
      n += 1;
      const [booking] = await database.db
        .insert(bookings)
        .values({
          gdsId: 'test',
          pnrNumber: `ROUTE${n}`,
          agencyId,
          branchId,
          agentId: agent.id,
          pnrCreatedAt: new Date('2026-11-01T00:00:00Z'),
          // As a booking stored before the migration: the old rule's destination, no arrays.
          origin: legs[0]?.from,
          destination: legs.at(-1)?.to,
        })
        .returning({ id: bookings.id });
      if (!booking) throw new Error('no booking');
      const [snapshot] = await database.db
        .insert(bookingSnapshots)
        .values({
          bookingId: booking.id,
          takenAt: new Date('2026-11-01T00:00:00Z'),
          contentHash: name,
          data: aBooking({
            segments: legs.map((one, i) => aSegment({ id: String(i + 1), ...one })),
          }),
        })
        .returning({ id: bookingSnapshots.id });
      await database.db
        .update(bookings)
        .set({ latestSnapshotId: snapshot?.id })
        .where(eq(bookings.id, booking.id));
      ids.set(name, booking.id);
    }
    // The migration's last statement, the backfill, run again over these bookings.
    const text = await readFile(MIGRATION, 'utf8');
    const backfill = text.split('--> statement-breakpoint').at(-1) ?? '';
    await database.db.execute(sql.raw(backfill));
  });
  afterAll(async () => {
    await database?.close();
  });

  it.each(Object.keys(TRIPS))(
    'should store the route of %s as journeyRouteOf gives it',
    async (name) => {
      const legs = (TRIPS[name] ?? []).filter((one) => one.status !== 'UN');
      const [row] = await database.db
        .select({
          origin: bookings.origin,
          destination: bookings.destination,
          origins: bookings.origins,
          destinations: bookings.destinations,
        })
        .from(bookings)
        .where(eq(bookings.id, ids.get(name) ?? 0));
      expect(row).toBeDefined();
      expect({ origin: row?.origin, destination: row?.destination }).toEqual(journeyRouteOf(legs));
      expect([...(row?.origins ?? [])].sort()).toEqual(
        [...new Set(legs.map((one) => one.from))].sort(),
      );
      expect([...(row?.destinations ?? [])].sort()).toEqual(
        [...new Set(legs.map((one) => one.to))].sort(),
      );
    },
  );
});
