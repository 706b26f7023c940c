import { PnrInfo } from '@smt/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '@/app';
import { loadEnv } from '@/config/env';
import { type Simulator } from '@/gds/simulator/simulator';
import { T0 } from '@/gds/simulator/testing';
import { DEMO, signIn, type SignedIn } from '../../../test/sign-in';
import { createStillDemoWorld } from '../../../test/still-demo-world';
import { TEST_DATABASE_KINDS, type TestDatabase } from '../../../test/test-database';

// The PNR info call over HTTP: what it answers, who may make it and its refusals. What it shows
// of a booking, its checks and what they raised is pnr-info.service.test.ts's.

describe.each(TEST_DATABASE_KINDS)('PNR info on %s', (kind) => {
  let database: TestDatabase;
  let sim: Simulator;
  let app: App;
  let superUser: SignedIn;
  let locator: string;

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

  it("should answer a super user the booking's info", async () => {
    const res = await info(locator);

    expect(res.statusCode).toBe(200);
    expect(PnrInfo.safeParse(res.json()).error).toBeUndefined();
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
