import { BOOKING_CHECKS_KEPT } from '@smt/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingChecks, bookings, branches } from '@/db/schema';
import { type Simulator } from '@/gds/simulator/simulator';
import { Clock } from '@/lib/clock';
import { silentLog } from '../../test/silent-log';
import { createStillDemoWorld } from '../../test/still-demo-world';
import { TEST_DATABASE_KINDS, type TestDatabase } from '../../test/test-database';
import { syncBranch } from './booking-sync';
import { checkBooking, type EngineDeps } from './check-booking';
import { DETECTOR_MODULES } from './detectors';
import { finishCheck } from './monitored-bookings.repository';

const START = new Date('2026-03-02T06:00:00Z');

describe.each(TEST_DATABASE_KINDS)('check history on %s', (kind) => {
  let database: TestDatabase;
  let sim: Simulator;
  let deps: EngineDeps;
  let bookingId: number;

  beforeAll(async () => {
    ({ database, sim } = await createStillDemoWorld(kind, { seed: 3, startAt: START }));
    deps = { db: database.db, gds: sim, clock: new Clock(), log: silentLog };
    const made = await sim.createBooking({
      pcc: 'TLV1',
      agentInitials: 'AA',
      type: 'REGULAR',
      passengers: [
        {
          title: 'MR',
          firstName: 'ARI',
          lastName: 'GOLD',
          type: 'ADT',
          phone: null,
          email: null,
        },
      ],
      contact: { name: 'ARI GOLD', phone: null, email: null },
      segments: [
        {
          airline: 'LY',
          flightNumber: '7',
          from: 'TLV',
          to: 'JFK',
          departure: '2026-04-01 10:00',
          arrival: '2026-04-01 22:00',
          flightClass: 'Y',
        },
      ],
    });
    const [branch] = await database.db.select().from(branches).where(eq(branches.pcc, 'TLV1'));
    await syncBranch(deps, branch!);
    const [row] = await database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.pnrNumber, made.locator));
    bookingId = row!.id;
  });
  afterAll(async () => {
    await sim.close();
    await database.close();
  });

  const checksOf = () =>
    database.db
      .select()
      .from(bookingChecks)
      .where(eq(bookingChecks.bookingId, bookingId))
      .orderBy(asc(bookingChecks.checkedAt));

  it('should record a check with a decision per detector and whether the booking changed', async () => {
    await checkBooking(deps, bookingId);

    const [check] = await checksOf();
    expect(check).toMatchObject({ result: 'checked', changed: true, error: null });
    expect(check?.gdsTime?.getTime()).toBe(START.getTime());
    expect(check?.decisions.map((decision) => decision.detector)).toEqual(
      Object.keys(DETECTOR_MODULES),
    );
  });

  it('should record a failed check with the error, and still end the check', async () => {
    const failing = {
      ...sim,
      retrieveBooking: () => Promise.reject(new Error('GDS timed out')),
    };
    deps.clock.advance(1_000);

    await expect(checkBooking({ ...deps, gds: failing }, bookingId)).rejects.toThrow(
      'GDS timed out',
    );

    const last = (await checksOf()).at(-1);
    expect(last).toMatchObject({ result: 'failed', error: 'GDS timed out', decisions: [] });
    const [row] = await database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row?.checkLeaseUntil).toBeNull();
  });

  it(`should keep only the newest ${BOOKING_CHECKS_KEPT} checks of a booking`, async () => {
    // Later than the checks above, which ran on the real clock.
    const base = Date.now() + 86_400_000;
    for (let i = 0; i < BOOKING_CHECKS_KEPT + 5; i += 1) {
      await finishCheck(
        database.db,
        bookingId,
        {},
        { checkedAt: new Date(base + i * 60_000), result: 'checked', decisions: [] },
      );
    }

    const kept = await checksOf();
    expect(kept).toHaveLength(BOOKING_CHECKS_KEPT);
    expect(kept.at(-1)?.checkedAt.getTime()).toBe(base + (BOOKING_CHECKS_KEPT + 4) * 60_000);
    expect(kept[0]?.checkedAt.getTime()).toBe(base + 5 * 60_000);
  });
});
