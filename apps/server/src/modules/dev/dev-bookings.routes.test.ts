import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '@/config/env';
import { buildApp, type App } from '@/app';
import { bookings, notifications } from '@/db/schema';
import { type Simulator } from '@/gds/simulator/simulator';
import { T0 } from '@/gds/simulator/testing';
import { checkBooking } from '@/monitoring/check-booking';
import { createStillDemoWorld } from '../../../test/still-demo-world';
import { TEST_DATABASE_KINDS, type TestDatabase } from '../../../test/test-database';

async function appOn(database: TestDatabase, appEnv: 'local' | 'production', sim: Simulator) {
  const env = loadEnv({ APP_ENV: appEnv, LOG_LEVEL: 'silent' });
  const app = await buildApp({ env, database, gds: sim, logger: false, webDistDir: '/none' });
  await app.ready();
  return app;
}

describe.each(TEST_DATABASE_KINDS)('dev bookings on %s', (kind) => {
  let database: TestDatabase;
  let sim: Simulator;
  let app: App;

  beforeAll(async () => {
    ({ database, sim } = await createStillDemoWorld(kind, { seed: 7, startAt: new Date(T0) }));
    app = await appOn(database, 'local', sim);
  });
  afterAll(async () => {
    await app.close();
    await sim.close();
    await database.close();
  });

  it("should make a booking under the agent's sign and have the engine raise its ticketing deadline", async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/dev/gds/bookings',
      payload: { agentEmail: 'agent@demo.test', ticketingDueInHours: 20 },
    });

    expect(response.statusCode).toBe(200);
    const { locator } = response.json<{ locator: string }>();
    const gdsBooking = await sim.retrieveBooking(locator);
    expect(gdsBooking).toMatchObject({ pcc: 'TLV1', agentInitials: 'AA', isTicketed: false });
    const [recorded] = await database.db
      .select()
      .from(bookings)
      .where(eq(bookings.pnrNumber, locator));
    expect(recorded?.nextCheckAt?.getTime()).toBe(T0);

    const deps = { db: database.db, gds: sim, clock: app.clock, log: app.log };
    await checkBooking(deps, recorded!.id);
    const raised = await database.db
      .select({ type: notifications.type, agentId: notifications.agentId })
      .from(notifications)
      .where(and(eq(notifications.bookingId, recorded!.id)));
    expect(raised).toEqual([{ type: 'TicketingDue', agentId: recorded!.agentId }]);
  });

  it('should show the booking as the GDS holds it, and ticket it outside the product', async () => {
    const made = await app.inject({
      method: 'POST',
      url: '/api/dev/gds/bookings',
      payload: { agentEmail: 'agent2@demo.test' },
    });
    const { locator } = made.json<{ locator: string }>();
    // The branch was looked at in this same instant (the clock stands still): still recorded.
    const recorded = await database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.pnrNumber, locator));
    expect(recorded).toHaveLength(1);

    const before = await app.inject({ method: 'GET', url: `/api/dev/gds/bookings/${locator}` });
    const ticketed = await app.inject({
      method: 'POST',
      url: `/api/dev/gds/bookings/${locator}/ticketed`,
    });
    const again = await app.inject({
      method: 'POST',
      url: `/api/dev/gds/bookings/${locator}/ticketed`,
    });

    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      locator,
      pcc: 'TLV1',
      agentInitials: 'BA',
      isTicketed: false,
      storedFare: { total: expect.any(Number), currency: expect.any(String) },
    });
    expect(ticketed.json()).toEqual({ ticketed: true });
    expect(again.json()).toEqual({ ticketed: false });
    expect((await sim.retrieveBooking(locator))?.isTicketed).toBe(true);
    const unknown = await app.inject({ method: 'GET', url: '/api/dev/gds/bookings/ZZZZZZ' });
    expect(unknown.statusCode).toBe(404);
    const bad = await app.inject({ method: 'GET', url: '/api/dev/gds/bookings/x' });
    expect(bad.statusCode).toBe(400);
  });

  it('should make an OTA booking and script what its next ticketing answers', async () => {
    const made = await app.inject({
      method: 'POST',
      url: '/api/dev/gds/bookings',
      payload: { agentEmail: 'agent@demo.test', type: 'OTA' },
    });
    const { locator } = made.json<{ locator: string }>();
    expect(await sim.retrieveBooking(locator)).toMatchObject({
      type: 'OTA',
      ticketingSupported: true,
    });

    const scripted = await app.inject({
      method: 'POST',
      url: `/api/dev/gds/bookings/${locator}/ticketing-script`,
      payload: { state: 'EXPIRED', errorText: 'Fare expired' },
    });
    expect(scripted.json()).toEqual({ scripted: true });
    expect(await sim.issueTickets(locator)).toEqual({
      state: 'EXPIRED',
      errorText: 'Fare expired',
    });
    // Only the next one: after it, the booking's own state decides.
    expect(await sim.issueTickets(locator)).toEqual({ state: 'SUCCESS', errorText: null });

    const bad = await app.inject({
      method: 'POST',
      url: `/api/dev/gds/bookings/${locator}/ticketing-script`,
      payload: { state: 'MAYBE' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("should move the simulator's clock on by the minutes asked", async () => {
    const before = Date.parse(
      (await app.inject({ method: 'GET', url: '/api/dev/gds/clock' })).json<{ now: string }>().now,
    );
    const moved = await app.inject({
      method: 'POST',
      url: '/api/dev/gds/clock',
      payload: { advanceMinutes: 90 },
    });
    expect(Date.parse(moved.json<{ now: string }>().now) - before).toBe(90 * 60_000);
    expect((await sim.now()).getTime() - before).toBe(90 * 60_000);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/dev/gds/clock',
      payload: { advanceMinutes: -5 },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('should answer 404 when no agent signs in with the e-mail address', async () => {
    for (const agentEmail of ['nobody@demo.test', 'super@demo.test']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/dev/gds/bookings',
        payload: { agentEmail },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('should answer 400 in the error shape when the input is bad', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/dev/gds/bookings',
      payload: { agentEmail: 'agent@demo.test', ticketingDueInHours: 0 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'BAD_REQUEST',
      fieldErrors: { ticketingDueInHours: expect.any(String) },
    });
  });

  it('should not exist in production', async () => {
    const production = await appOn(database, 'production', sim);
    try {
      const response = await production.inject({
        method: 'POST',
        url: '/api/dev/gds/bookings',
        payload: { agentEmail: 'agent@demo.test' },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
