import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingChecks, bookings, branches, notifications } from '@/db/schema';
import type { GdsClient } from '@/gds/gds-client';
import { DAY, HOUR } from '@/gds/simulator/local-time';
import type { Simulator } from '@/gds/simulator/simulator';
import { T0, testRecord } from '@/gds/simulator/testing';
import { Clock } from '@/lib/clock';
import { silentLog } from '../../test/silent-log';
import { createStillDemoWorld } from '../../test/still-demo-world';
import { TEST_DATABASE_KINDS, type TestDatabase } from '../../test/test-database';
import { syncBranch } from './booking-sync';
import { checkBooking, type EngineDeps } from './check-booking';

// A check reads the booking from the GDS, then writes what it read. A ticketing that finished
// in between (or an agent's action) wrote the booking after that read: the check must not put
// it back as it was, unticketed, nor judge its notifications on the older read.

describe.each(TEST_DATABASE_KINDS)('a check overtaken by a write to its booking on %s', (kind) => {
  let database: TestDatabase;
  let sim: Simulator;
  let deps: EngineDeps;
  let bookingId: number;

  beforeAll(async () => {
    ({ database, sim } = await createStillDemoWorld(kind, { seed: 40, startAt: new Date(T0) }));
    // Its deadline is beyond the 72-hour window at the first check and inside it a day on.
    const record = testRecord({ key: 'overtaken', lastPurchaseAt: T0 + 4 * DAY });
    await sim.importBookings([record]);
    deps = { db: database.db, gds: sim, clock: new Clock(), log: silentLog };
    const [branch] = await database.db.select().from(branches).where(eq(branches.pcc, 'TLV1'));
    await syncBranch(deps, branch!);
    const [row] = await database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.pnrNumber, record.booking.locator));
    bookingId = row!.id;
    expect((await checkBooking(deps, bookingId)).status).toBe('checked');
  });
  afterAll(async () => {
    await sim.close();
    await database.close();
  });

  const bookingRow = async () =>
    (await database.db.select().from(bookings).where(eq(bookings.id, bookingId)))[0]!;
  const checksRecorded = async () =>
    (await database.db.select().from(bookingChecks).where(eq(bookingChecks.bookingId, bookingId)))
      .length;

  it('should keep the ticketing that finished during the check, raise nothing from the older read, and check the booking again at once', async () => {
    await sim.clock.advance(DAY + HOUR);
    const gdsNow = await sim.now();
    const before = await checksRecorded();
    // The GDS answers as the booking stood; the ticketing's end is written before the check's.
    const overtaken: GdsClient = {
      ...sim,
      retrieveBooking: async (locator) => {
        const read = await sim.retrieveBooking(locator);
        // As finishTicketing writes a ticketed booking (modules/pnrs/pnr-booking.repository.ts).
        await database.db
          .update(bookings)
          .set({
            isTicketing: false,
            isTicketed: true,
            ticketedAt: gdsNow,
            nextCheckAt: gdsNow,
            updatedAt: sql`now()`,
          })
          .where(eq(bookings.id, bookingId));
        return read;
      },
    };

    const outcome = await checkBooking({ ...deps, gds: overtaken }, bookingId);

    expect(outcome.status).toBe('superseded');
    const row = await bookingRow();
    expect(row.isTicketed).toBe(true);
    expect(row.checkLeaseUntil).toBeNull();
    expect(row.nextCheckAt?.getTime()).toBeLessThanOrEqual(gdsNow.getTime());
    const raised = await database.db
      .select({ type: notifications.type })
      .from(notifications)
      .where(and(eq(notifications.bookingId, bookingId), eq(notifications.type, 'TicketingDue')));
    expect(raised).toEqual([]);
    expect(await checksRecorded()).toBe(before);
  });

  it('should write its read when nothing wrote the booking during the check', async () => {
    const before = await checksRecorded();

    const outcome = await checkBooking(deps, bookingId);

    expect(outcome.status).toBe('checked');
    expect(await checksRecorded()).toBe(before + 1);
    expect((await bookingRow()).checkLeaseUntil).toBeNull();
  });
});
