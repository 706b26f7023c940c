import { NOTIFICATION_CALLS } from '@smt/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '@/app';
import { loadEnv } from '@/config/env';
import { bookings, branches, notifications, priceQuotes, processSettings } from '@/db/schema';
import { DAY, HOUR } from '@/gds/simulator/local-time';
import type { Simulator } from '@/gds/simulator/simulator';
import { T0, testRecord } from '@/gds/simulator/testing';
import { syncBranch } from '@/monitoring/booking-sync';
import { checkBooking, type EngineDeps } from '@/monitoring/check-booking';
import { ensureDefaultProcessSettings } from '@/monitoring/process-settings';
import { DEMO, signIn } from '../../../test/sign-in';
import { createStillDemoWorld } from '../../../test/still-demo-world';
import { TEST_DATABASE_KINDS, type TestDatabase } from '../../../test/test-database';

// Issue 36 point 2 (docs/decisions/068): a ticket inside the agency's void window is repriced
// by void and rebook, with no change fee and its whole difference in cash, less the agency's
// own reissue fee; approving it voids and issues the tickets again through the port.

const CHANGE_FEE = 40;
const AGENCY_FEE = 10;

describe.each(TEST_DATABASE_KINDS)('a reprice inside the void window on %s', (kind) => {
  let database: TestDatabase;
  let sim: Simulator;
  let app: App;
  let locator: string;
  let notificationId: number;

  beforeAll(async () => {
    ({ database, sim } = await createStillDemoWorld(kind, { seed: 36, startAt: new Date(T0) }));
    // The branch's window (24 hours from issue) and the provider's close together here.
    // Agent AA's booking ticketed two hours ago on a fare that keeps the difference as credit
    // and changes for a fee: outside the window it would save credit, less the fees.
    const record = testRecord({ key: 'void-window', agentInitials: 'AA' });
    const { booking } = record;
    const stored = booking.storedFare!;
    stored.penalties.change = { allowed: true, amount: CHANGE_FEE };
    stored.penalties.refund = { allowed: false, amount: 0 };
    stored.penalties.residual = 'credit';
    Object.assign(booking, {
      isTicketed: true,
      isVoidable: true,
      ticketedAt: new Date(T0 - 2 * HOUR).toISOString(),
      lastPurchaseAt: null,
    });
    record.voidUntil = T0 + 22 * HOUR;
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
    locator = booking.locator;
    await sim.importBookings([record]);
    // The agency charges its own fee for every ticket it issues again.
    await ensureDefaultProcessSettings(database.db);
    await database.db
      .update(processSettings)
      .set({
        params: sql`${processSettings.params} || ${JSON.stringify({ reissueFee: AGENCY_FEE, reissueFeeCurrency: stored.currency })}::jsonb`,
      })
      .where(and(isNull(processSettings.branchId), eq(processSettings.process, 'RP')));
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
      .where(eq(bookings.pnrNumber, locator));
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

  it('should price it as a void in cash, less the agency fee, say until when, and void it on approval', async () => {
    const [quote] = await database.db
      .select()
      .from(priceQuotes)
      .where(eq(priceQuotes.notificationId, notificationId));
    const saving = quote?.saving;
    if (!quote || !saving) throw new Error('the reprice has no saving');
    const passengers = (await sim.retrieveBooking(locator))!.passengers.length;
    expect(saving).toMatchObject({
      tickets: 0,
      change_fee: 0,
      kind: 'cash',
      agency_fee: AGENCY_FEE,
      void_until: new Date(T0 + 22 * HOUR).toISOString(),
    });
    expect(saving.net).toBeCloseTo(saving.gross - passengers * AGENCY_FEE, 2);
    const [alert] = await database.db
      .select({
        titleMessage: notifications.titleMessage,
        payload: notifications.payload,
        savingKind: notifications.savingKind,
      })
      .from(notifications)
      .where(eq(notifications.id, notificationId));
    expect(alert?.savingKind).toBe('cash');
    expect(alert?.titleMessage).toMatch(/^Save [\d.]+ [A-Z]{3} \(cash\) by repricing to /);
    expect(alert?.payload.alerts.map((line) => line.text)).toContain(
      'Void and rebook until 23/11/2026 06:00 UTC: inside the void window, no change fee',
    );

    const { headers } = await signIn(app, DEMO.agent);
    const res = await app.inject({
      method: 'POST',
      url: `/api/${NOTIFICATION_CALLS.execute}`,
      headers,
      payload: { notification_id: notificationId, op_code: 'RP' },
    });

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ header: { subtype: 'Complete', title: 'Repriced' } });
    // Voided and issued again: new tickets, issued at the GDS's present.
    const after = await sim.retrieveBooking(locator);
    expect(after?.ticketedAt).toBe((await sim.now()).toISOString());
    expect(after?.storedFare?.fareBasis).toBe(quote.fareConds.farebasis);
  });
});
