import { NOTIFICATION_CALLS } from '@smt/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '@/app';
import { loadEnv } from '@/config/env';
import { bookings, branches, notifications, priceQuotes } from '@/db/schema';
import { DAY, HOUR } from '@/gds/simulator/local-time';
import type { Simulator } from '@/gds/simulator/simulator';
import { T0, testRecord } from '@/gds/simulator/testing';
import { syncBranch } from '@/monitoring/booking-sync';
import { checkBooking, type EngineDeps } from '@/monitoring/check-booking';
import { DEMO, signIn } from '../../../test/sign-in';
import { createStillDemoWorld } from '../../../test/still-demo-world';
import { TEST_DATABASE_KINDS, type TestDatabase } from '../../../test/test-database';

// Issue 34: a completed reprice was titled with the fare difference ('Saved 120.00') where its
// alert promised the net ('Save 70.00', after the change fees): the title states the net it
// realised, counted as the detector counts it (docs/decisions/037).

const CHANGE_FEE = 25;

describe.each(TEST_DATABASE_KINDS)('a completed reprice on %s', (kind) => {
  let database: TestDatabase;
  let sim: Simulator;
  let app: App;
  let notificationId: number;

  beforeAll(async () => {
    ({ database, sim } = await createStillDemoWorld(kind, { seed: 34, startAt: new Date(T0) }));
    // Agent AA's ticketed booking, whose fare changes for a fee per ticket and is now filed
    // again for half its price: repricing reissues every ticket.
    const record = testRecord({ key: 'net-saving', agentInitials: 'AA' });
    const { booking } = record;
    const stored = booking.storedFare!;
    stored.penalties.change = { allowed: true, amount: CHANGE_FEE };
    // The difference refunded in cash, at no refund fee: the change fee alone comes off.
    stored.penalties.refund = { allowed: true, amount: 0 };
    stored.penalties.residual = 'refund';
    Object.assign(booking, {
      isTicketed: true,
      ticketedAt: new Date(T0 - DAY).toISOString(),
      lastPurchaseAt: null,
    });
    record.drops = [
      {
        at: T0 - HOUR,
        until: T0 + 10 * DAY,
        kind: 'GENUINE',
        bookingClass: stored.flightClass,
        fareBasis: stored.fareBasis,
        factor: 0.5,
      },
    ];
    await sim.importBookings([record]);
    app = await buildApp({
      env: loadEnv({ APP_ENV: 'local', LOG_LEVEL: 'silent' }),
      database,
      gds: sim,
      logger: false,
      webDistDir: '/nonexistent-smt-web-dist',
    });
    await app.ready();
    const deps: EngineDeps = { db: database.db, gds: sim, clock: app.clock, log: app.log };
    const [branch] = await database.db.select().from(branches).where(eq(branches.pcc, 'TLV1'));
    await syncBranch(deps, branch!);
    const [row] = await database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.pnrNumber, booking.locator));
    await checkBooking(deps, row!.id);
    const [raised] = await database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.bookingId, row!.id), eq(notifications.type, 'Reprice')));
    if (!raised) throw new Error('the engine raised no reprice');
    notificationId = raised.id;
  });
  afterAll(async () => {
    await app.close();
    await sim.close();
    await database.close();
  });

  it('should title the completed notification with the net saving its alert promised, not the fare difference', async () => {
    const [quote] = await database.db
      .select()
      .from(priceQuotes)
      .where(eq(priceQuotes.notificationId, notificationId));
    const promised = quote?.saving;
    if (!quote || !promised) throw new Error('the reprice has no saving');
    // The change fee of every reissued ticket comes off the fare difference.
    expect(promised.tickets).toBeGreaterThan(0);
    expect(promised.net).toBeCloseTo(promised.gross - promised.tickets * CHANGE_FEE, 2);
    const [alert] = await database.db
      .select({ titleMessage: notifications.titleMessage })
      .from(notifications)
      .where(eq(notifications.id, notificationId));
    const net = `${promised.net.toFixed(2)} ${quote.currency}`;
    expect(alert?.titleMessage).toMatch(new RegExp(`^Save ${net} \\(cash\\) by repricing to `));

    const { headers } = await signIn(app, DEMO.agent);
    const res = await app.inject({
      method: 'POST',
      url: `/api/${NOTIFICATION_CALLS.execute}`,
      headers,
      payload: { notification_id: notificationId, op_code: 'RP' },
    });

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      header: { subtype: 'Complete', title: 'Repriced', title_message: `Saved ${net} (cash)` },
    });
    const [done] = await database.db
      .select({ actualSaving: notifications.actualSaving })
      .from(notifications)
      .where(eq(notifications.id, notificationId));
    expect(done?.actualSaving).toBe(promised.net);
  });
});
