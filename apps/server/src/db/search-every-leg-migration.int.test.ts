import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { agents, bookings, bookingSnapshots } from '@/db/schema';
import { seedDemoOrganisation } from '@/db/seed/seed';
import type { GdsBooking } from '@/gds/gds-types';
import { bookingColumnsOf } from '@/monitoring/booking-columns';
import { aBooking, aSegment, NOW } from '@/monitoring/detectors/testing/booking-builder';
import {
  createTestDatabase,
  TEST_DATABASE_KINDS,
  type TestDatabase,
} from '../../test/test-database';

// Migration 0018 gives bookings already stored every leg's flight and every passenger by SQL;
// bookingColumnsOf gives new checks theirs in TypeScript. Both must say the same.

const MIGRATION = new URL('./migrations/0018_search_every_leg.sql', import.meta.url);

const passenger = (id: string, firstName: string, lastName: string) => ({
  ...aBooking().passengers[0]!,
  id,
  firstName,
  lastName,
});

const BOOKINGS: Record<string, GdsBooking> = {
  'one passenger, one leg': aBooking(),
  'a return trip of three passengers': aBooking({
    passengers: [
      passenger('p1', 'DANA', 'LEVI'),
      passenger('p2', 'MOSHE', 'COHEN'),
      passenger('p3', 'NOA', 'LEVI'),
    ],
    segments: [
      aSegment({ id: 's1', airline: 'LY', flightNumber: '081', from: 'TLV', to: 'BKK' }),
      aSegment({ id: 's2', airline: 'LY', flightNumber: '082', from: 'BKK', to: 'TLV' }),
    ],
  }),
  'a cancelled leg and a flight number of zeros': aBooking({
    segments: [
      aSegment({ id: 's1', airline: '4U', flightNumber: '0000' }),
      aSegment({ id: 's2', airline: 'LH', flightNumber: '0690', status: 'HX' }),
      aSegment({ id: 's3', airline: 'LH', flightNumber: '0691' }),
    ],
  }),
};

describe.each(TEST_DATABASE_KINDS)('migration 0018 (search every leg) on %s', (kind) => {
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
    for (const [name, booking] of Object.entries(BOOKINGS)) {
      n += 1;
      // As a booking stored before the migration: no flights, no passengers.
      const [row] = await database.db
        .insert(bookings)
        .values({
          gdsId: 'test',
          pnrNumber: `LEGS${n}`,
          agencyId,
          branchId,
          agentId: agent.id,
          pnrCreatedAt: new Date('2026-11-01T00:00:00Z'),
        })
        .returning({ id: bookings.id });
      if (!row) throw new Error('no booking');
      const [snapshot] = await database.db
        .insert(bookingSnapshots)
        .values({
          bookingId: row.id,
          takenAt: new Date('2026-11-01T00:00:00Z'),
          contentHash: name,
          data: booking,
        })
        .returning({ id: bookingSnapshots.id });
      await database.db
        .update(bookings)
        .set({ latestSnapshotId: snapshot?.id })
        .where(eq(bookings.id, row.id));
      ids.set(name, row.id);
    }
    // The migration's last statement, the backfill, run again over these bookings.
    const text = await readFile(MIGRATION, 'utf8');
    const backfill = text.split('--> statement-breakpoint').at(-1) ?? '';
    await database.db.execute(sql.raw(backfill));
  });
  afterAll(async () => {
    await database?.close();
  });

  it.each(Object.keys(BOOKINGS))(
    'should store the flights and passengers of %s as bookingColumnsOf gives them',
    async (name) => {
      const expected = bookingColumnsOf(BOOKINGS[name]!, NOW);
      const [row] = await database.db
        .select({ flights: bookings.flights, passengers: bookings.passengers })
        .from(bookings)
        .where(eq(bookings.id, ids.get(name) ?? 0));
      expect([...(row?.flights ?? [])].sort()).toEqual([...(expected.flights ?? [])].sort());
      expect(row?.passengers).toEqual(expected.passengers);
    },
  );

  it('should keep each leg once, by airline and number without leading zeros', () => {
    const columns = bookingColumnsOf(
      BOOKINGS['a cancelled leg and a flight number of zeros']!,
      NOW,
    );
    expect(columns.flights).toEqual(['4U0', 'LH691']);
  });
});
