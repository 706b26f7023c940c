import { PnrInfo } from '@smt/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '@/app';
import { loadEnv } from '@/config/env';
import { bookings } from '@/db/schema';
import { type Simulator } from '@/gds/simulator/simulator';
import { T0 } from '@/gds/simulator/testing';
import { checkBooking } from '@/monitoring/check-booking';
import { DEMO, signIn, type SignedIn } from '../../../test/sign-in';
import { createStillDemoWorld } from '../../../test/still-demo-world';
import { TEST_DATABASE_KINDS, type TestDatabase } from '../../../test/test-database';

describe.each(TEST_DATABASE_KINDS)('PNR info on %s', (kind) => {
  let database: TestDatabase;
  let sim: Simulator;
  let app: App;
  let superUser: SignedIn;
  let locator: string;
  let bookingId: number;

  beforeAll(async () => {
    ({ database, sim } = await createStillDemoWorld(kind, { seed: 5, startAt: new Date(T0) }));
    const env = loadEnv({ APP_ENV: 'local', LOG_LEVEL: 'silent' });
    app = await buildApp({ env, database, gds: sim, logger: false, webDistDir: '/none' });
    await app.ready();
    superUser = await signIn(app, DEMO.superUser);
    // Made and recorded the way the dev route does: the engine has not looked at it yet.
    const made = await app.inject({
      method: 'POST',
      url: '/api/dev/gds/bookings',
      payload: { agentEmail: DEMO.agent.email, ticketingDueInHours: 20 },
    });
    locator = made.json<{ locator: string }>().locator;
    const [row] = await database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.pnrNumber, locator));
    bookingId = row!.id;
  });
  afterAll(async () => {
    await app.close();
    await sim.close();
    await database.close();
  });

  const info = (pnrNumber: string, headers: Record<string, string> = superUser.headers) =>
    app.inject({
      method: 'GET',
      url: `/api/admin/pnr/info?pnrNumber=${encodeURIComponent(pnrNumber)}`,
      headers,
    });
  const check = () =>
    checkBooking({ db: database.db, gds: sim, clock: app.clock, log: app.log }, bookingId);

  it('should show a booking not checked yet as the GDS has it, with no checks', async () => {
    const res = await info(locator);

    expect(res.statusCode).toBe(200);
    const body = PnrInfo.parse(res.json());
    expect(body.booking).toMatchObject({
      pnrNumber: locator,
      agencyName: 'Demo Travel',
      branchPcc: 'TLV1',
      agentName: 'Adam Agent',
      monitored: true,
      lastCheckedAt: null,
    });
    expect(body.snapshotTakenAt).toBeNull();
    expect(body.snapshot?.flights).toMatchObject([{ from: 'TLV', to: 'LHR', airline: 'LY' }]);
    expect(body.snapshot?.passengers).toMatchObject([{ first_name: 'Dana', last_name: 'Levi' }]);
    expect(body.fare?.currency).toMatch(/^[A-Z]{3}$/);
    expect(body.checks).toEqual([]);
    expect(body.notifications).toEqual([]);
  });

  it("should list each check newest first with every detector's decision and what it raised", async () => {
    await check();
    app.clock.advance(60_000);
    await check();

    const body = PnrInfo.parse((await info(locator.toLowerCase())).json());

    expect(body.snapshotTakenAt).not.toBeNull();
    expect(body.checks.map((c) => ({ result: c.result, changed: c.changed }))).toEqual([
      { result: 'checked', changed: false },
      { result: 'checked', changed: true },
    ]);
    const [second, first] = body.checks;
    expect(first!.decisions.map((d) => d.detector)).toEqual([
      'Reprice',
      'SegmentRemoval',
      'Churning',
      'DuplicateBooking',
      'TicketingDue',
      'Reschedule',
      'HoldsWaitlist',
      'CreditExpiry',
    ]);
    const [notification] = body.notifications;
    expect(notification).toMatchObject({ type: 'TicketingDue', subtype: 'Pending' });
    expect(first!.decisions.find((d) => d.detector === 'TicketingDue')).toEqual({
      detector: 'TicketingDue',
      outcome: 'raised',
      reason: notification!.titleMessage,
      notificationIds: [notification!.id],
    });
    expect(second!.decisions.find((d) => d.detector === 'TicketingDue')).toMatchObject({
      outcome: 'nothing',
      reason: `already raised: ${notification!.titleMessage}`,
    });
    // Fares were shopped on the first check; the second waits for the reprice cadence.
    expect(second!.decisions.find((d) => d.detector === 'Reprice')).toMatchObject({
      outcome: 'skipped',
    });
    expect(second!.decisions.find((d) => d.detector === 'HoldsWaitlist')).toMatchObject({
      outcome: 'nothing',
      reason: 'no segment waitlisted (HL) or waiting to be accepted (KL, KK)',
    });
  });

  it('should answer 404 PNR not found for a number no booking has', async () => {
    const res = await info('ZZZ9999');

    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'PNR not found' });
  });

  it('should answer 400 for a malformed PNR number', async () => {
    for (const pnrNumber of ['AB12', 'ABC-123', '']) {
      const res = await info(pnrNumber);
      expect(res.statusCode, pnrNumber).toBe(400);
      expect(res.json().fieldErrors).toEqual({
        pnrNumber: 'Should be alphanumeric value from 6 to 10 characters',
      });
    }
  });

  it('should refuse everyone but super users', async () => {
    for (const person of [
      DEMO.manager,
      DEMO.agent,
      DEMO.operator,
      DEMO.branchManager,
      DEMO.globeAgent,
    ]) {
      const session = await signIn(app, person);
      const res = await info(locator, session.headers);
      expect(res.statusCode, person.email).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect((await info(locator, {})).statusCode).toBe(401);
  });
});
