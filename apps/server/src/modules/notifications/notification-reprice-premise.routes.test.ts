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

// Issue 35: a reprice raised while its booking was unticketed kept its arithmetic once the
// booking was ticketed, though each reissued ticket then pays a change fee: approving it lost
// money. The action checks the saving again before it asks the GDS for anything, and the next
// check withdraws the alert with its reason (docs/decisions/060).

const CHANGE_FEE = 400;

describe.each(TEST_DATABASE_KINDS)('a reprice whose booking was ticketed since on %s', (kind) => {
  let database: TestDatabase;
  let sim: Simulator;
  let app: App;
  let deps: EngineDeps;
  let bookingId: number;
  let notificationId: number;
  let locator: string;
  const repriceCalls: string[] = [];

  beforeAll(async () => {
    ({ database, sim } = await createStillDemoWorld(kind, { seed: 35, startAt: new Date(T0) }));
    // Agent AA's unticketed booking, whose fare is filed again 10% cheaper and changes, once
    // ticketed, for 400.00 a ticket: far more than the fare saves.
    const record = testRecord({ key: 'ticketed-since', agentInitials: 'AA' });
    const stored = record.booking.storedFare!;
    stored.penalties.change = { allowed: true, amount: CHANGE_FEE };
    // The difference refunded at no refund fee: the change fee alone eats the saving.
    stored.penalties.refund = { allowed: true, amount: 0 };
    stored.penalties.residual = 'refund';
    stored.penalties.currency = stored.currency;
    record.drops = [
      {
        at: T0 - HOUR,
        until: T0 + 10 * DAY,
        kind: 'GENUINE',
        bookingClass: stored.flightClass,
        fareBasis: stored.fareBasis,
        factor: 0.9,
      },
    ];
    record.events = [{ kind: 'TICKETED', at: T0 + HOUR }];
    locator = record.booking.locator;
    await sim.importBookings([record]);
    // The agency voids no tickets (docs/decisions/068): ticketed, the booking reissues, with
    // its change fee, rather than voiding within the day.
    await ensureDefaultProcessSettings(database.db);
    await database.db
      .update(processSettings)
      .set({ params: sql`${processSettings.params} || '{"voidWindowHours": 0}'::jsonb` })
      .where(and(isNull(processSettings.branchId), eq(processSettings.process, 'RP')));
    const repriceTo = sim.repriceTo.bind(sim);
    sim.repriceTo = async (at, quote) => {
      repriceCalls.push(at);
      return repriceTo(at, quote);
    };
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
      .where(eq(bookings.pnrNumber, locator));
    bookingId = row!.id;
    await checkBooking(deps, bookingId);
    const [raised] = await database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.bookingId, bookingId), eq(notifications.type, 'Reprice')));
    if (!raised) throw new Error('the engine raised no reprice');
    notificationId = raised.id;
    // Ticketed at the terminal an hour after the alert was raised.
    await sim.clock.advance(2 * HOUR);
    if (!(await sim.retrieveBooking(locator))?.isTicketed) throw new Error('not ticketed');
  });
  afterAll(async () => {
    await app.close();
    await sim.close();
    await database.close();
  });

  const alert = async () => {
    const [row] = await database.db
      .select({
        subtype: notifications.subtype,
        titleMessage: notifications.titleMessage,
        readonly: notifications.readonly,
        potentialSaving: notifications.potentialSaving,
      })
      .from(notifications)
      .where(eq(notifications.id, notificationId));
    return row;
  };

  it('should refuse the approve in words, send the GDS nothing and leave the alert pending', async () => {
    const [quote] = await database.db
      .select()
      .from(priceQuotes)
      .where(eq(priceQuotes.notificationId, notificationId));
    const promised = quote?.saving;
    if (!quote || !promised) throw new Error('the reprice has no saving');
    expect(promised.tickets).toBe(0);
    const fareBefore = (await sim.retrieveBooking(locator))?.storedFare;

    const { headers } = await signIn(app, DEMO.agent);
    const res = await app.inject({
      method: 'POST',
      url: `/api/${NOTIFICATION_CALLS.execute}`,
      headers,
      payload: { notification_id: notificationId, op_code: 'RP' },
    });

    expect(res.statusCode, res.body).toBe(409);
    const money = (amount: number) => `${amount.toFixed(2)} ${quote.currency}`;
    const passengers = (await sim.retrieveBooking(locator))!.passengers.length;
    const fees = passengers * CHANGE_FEE;
    const net = promised.gross - fees;
    expect(res.json()).toEqual({
      code: 'CONFLICT',
      message: `Repricing now saves ${money(net)} net (gross ${money(promised.gross)}, change fee ${passengers} × ${money(CHANGE_FEE)}, net ${money(net)}), where ${money(promised.net)} was promised: nothing was changed`,
      reason: 'notifications.premise-changed',
    });
    expect(repriceCalls).toEqual([]);
    expect((await sim.retrieveBooking(locator))?.storedFare).toEqual(fareBefore);
    expect(await alert()).toMatchObject({ subtype: 'Pending', readonly: false });
  });

  it('should withdraw the alert at the next check, complete with its reason, and count it pending no more', async () => {
    await checkBooking(deps, bookingId);

    const row = await alert();
    expect(row).toMatchObject({ subtype: 'Complete', readonly: true });
    expect(row?.titleMessage).toMatch(
      /^Withdrawn: the saving no longer pays: gross [\d.]+ \w{3}, change fee \d+ × 400\.00 \w{3}, net -[\d.]+ \w{3}: the fees and bags cost more than the fare saves$/,
    );
    const { headers } = await signIn(app, DEMO.agent);
    const pending = await app.inject({
      method: 'POST',
      url: `/api/${NOTIFICATION_CALLS.list}`,
      headers,
      payload: {
        subtype: 'Pending',
        group: 'REPRICE',
        fetchType: 'personal',
        offset: 0,
        chunk: 10,
      },
    });
    expect(pending.statusCode, pending.body).toBe(200);
    expect(JSON.stringify(pending.json())).not.toContain(`"notification_id":${notificationId},`);
    expect(repriceCalls).toEqual([]);
  });
});
