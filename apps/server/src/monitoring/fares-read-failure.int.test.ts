import { PNR_TOOL_CALLS, PnrInfo } from '@smt/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '@/app';
import { loadEnv } from '@/config/env';
import { bookings, branches, notifications } from '@/db/schema';
import type { GdsClient } from '@/gds/gds-client';
import { DAY, HOUR } from '@/gds/simulator/local-time';
import type { Simulator } from '@/gds/simulator/simulator';
import { T0, testRecord } from '@/gds/simulator/testing';
import { DEMO, signIn } from '../../test/sign-in';
import { createStillDemoWorld } from '../../test/still-demo-world';
import { TEST_DATABASE_KINDS, type TestDatabase } from '../../test/test-database';
import { syncBranch } from './booking-sync';
import { checkBooking, type EngineDeps } from './check-booking';

// Issue 34: a change-offer answer that failed its schema failed the whole check, so nothing
// at all was raised for the booking. Only the reprice detector needs the fares: a check whose
// fares cannot be read records why on PNR info and runs every other detector.

const REFUSED = 'order_change_offers.0.penalty_amount: Required';

describe.each(TEST_DATABASE_KINDS)('a check whose fares cannot be read on %s', (kind) => {
  let database: TestDatabase;
  let sim: Simulator;
  let app: App;
  let deps: EngineDeps;
  let bookingId: number;
  let pnrNumber: string;

  beforeAll(async () => {
    ({ database, sim } = await createStillDemoWorld(kind, { seed: 34, startAt: new Date(T0) }));
    // Its deadline is beyond the 72-hour window at the first check and inside it a day on,
    // when the airline has moved the first flight three hours.
    const record = testRecord({
      key: 'fares-unread',
      lastPurchaseAt: T0 + 4 * DAY,
      events: (r) => [
        { kind: 'TIME_CHANGE', at: T0 + DAY, segmentId: r.booking.segments[0]!.id, minutes: 180 },
      ],
    });
    pnrNumber = record.booking.locator;
    await sim.importBookings([record]);
    app = await buildApp({
      env: loadEnv({ APP_ENV: 'local', LOG_LEVEL: 'silent' }),
      database,
      gds: sim,
      logger: false,
      webDistDir: '/nonexistent-smt-web-dist',
    });
    await app.ready();
    deps = { db: database.db, gds: sim, clock: app.clock, log: app.log };
    const [branch] = await database.db.select().from(branches).where(eq(branches.pcc, 'TLV1'));
    await syncBranch(deps, branch!);
    const [row] = await database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.pnrNumber, pnrNumber));
    bookingId = row!.id;
    expect((await checkBooking(deps, bookingId)).status).toBe('checked');
  });
  afterAll(async () => {
    await app.close();
    await sim.close();
    await database.close();
  });

  const pendingTypes = async () =>
    (
      await database.db
        .select({ type: notifications.type })
        .from(notifications)
        .where(and(eq(notifications.bookingId, bookingId), eq(notifications.subtype, 'Pending')))
    ).map((row) => row.type);

  it("should still raise the booking's schedule change and deadline, and say on PNR info why fares were not read", async () => {
    expect(await pendingTypes()).toEqual([]);
    await sim.clock.advance(DAY + HOUR);
    // Fares are due again, and their read fails as Duffel's answer failed its schema.
    await database.db
      .update(bookings)
      .set({ repriceCheckedAt: null })
      .where(eq(bookings.id, bookingId));
    const refusing: GdsClient = {
      ...sim,
      shopLowerFares: () => Promise.reject(new Error(REFUSED)),
    };

    const outcome = await checkBooking({ ...deps, gds: refusing }, bookingId);

    expect(outcome.status).toBe('checked');
    expect((await pendingTypes()).sort()).toEqual(['Reschedule', 'TicketingDue']);
    const { headers } = await signIn(app, DEMO.superUser);
    const res = await app.inject({
      method: 'GET',
      url: `/api/${PNR_TOOL_CALLS.pnrInfo}?pnrNumber=${pnrNumber}`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [last] = PnrInfo.parse(res.json()).checks;
    expect(last).toMatchObject({
      result: 'checked',
      error: `Lower fares could not be read: ${REFUSED}`,
    });
    const decisionOf = (detector: string) =>
      last?.decisions.find((decision) => decision.detector === detector);
    expect(decisionOf('Reprice')).toMatchObject({
      outcome: 'skipped',
      reason: `the fares could not be read: ${REFUSED}`,
    });
    expect(decisionOf('Reschedule')?.outcome).toBe('raised');
    expect(decisionOf('TicketingDue')?.outcome).toBe('raised');
    // The fares are shopped again at the next check, not eight hours on.
    const [row] = await database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row?.repriceCheckedAt).toBeNull();
  });
});
