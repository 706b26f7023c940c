import { CreatePnrResponse } from '@smt/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '@/app';
import { loadEnv } from '@/config/env';
import { users } from '@/db/schema';
import { type Simulator } from '@/gds/simulator/simulator';
import { T0 } from '@/gds/simulator/testing';
import { DEMO, signIn, type SignedIn } from '../../../test/sign-in';
import { createStillDemoWorld } from '../../../test/still-demo-world';
import { TEST_DATABASE_KINDS, type TestDatabase } from '../../../test/test-database';

// The create PNR call over HTTP: what it answers, who may make it and the form's refusal. What
// is booked, recorded and audited, and which agents are refused, is create-pnr.service.test.ts's.

describe.each(TEST_DATABASE_KINDS)('create PNR on %s', (kind) => {
  let database: TestDatabase;
  let sim: Simulator;
  let app: App;
  let superUser: SignedIn;
  let place: { agencyId: number; branchId: number; agentId: number };

  beforeAll(async () => {
    ({ database, sim } = await createStillDemoWorld(kind, { seed: 11, startAt: new Date(T0) }));
    const env = loadEnv({ APP_ENV: 'local', LOG_LEVEL: 'silent' });
    app = await buildApp({ env, database, gds: sim, logger: false, webDistDir: '/none' });
    await app.ready();
    superUser = await signIn(app, DEMO.superUser);
    const [agent] = await database.db
      .select({ agencyId: users.agencyId, branchId: users.branchId, agentId: users.agentId })
      .from(users)
      .where(eq(users.email, DEMO.agent.email));
    place = { agencyId: agent!.agencyId!, branchId: agent!.branchId!, agentId: agent!.agentId! };
  });
  afterAll(async () => {
    await app.close();
    await sim.close();
    await database.close();
  });

  const body = (over: Record<string, unknown> = {}) => ({
    ...place,
    type: 'OTA',
    departsInDays: 14,
    ticketingDueInHours: 30,
    firstName: 'Noa',
    lastName: 'Peretz',
    from: 'tlv',
    to: 'CDG',
    airline: 'LY',
    flightNumber: '323',
    ...over,
  });
  const create = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/admin/pnr/create', headers, payload });

  it('should answer the booking a super user makes', async () => {
    const res = await create(superUser.headers, body());

    expect(res.statusCode).toBe(200);
    expect(CreatePnrResponse.safeParse(res.json()).error).toBeUndefined();
  });

  it('should answer 400 naming the fields when the form is malformed', async () => {
    const res = await create(
      superUser.headers,
      body({ departsInDays: 0, from: 'TL', to: 'TLV', agentId: '', type: 'CHARTER' }),
    );

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'BAD_REQUEST',
      fieldErrors: {
        departsInDays: 'Should be a whole number of days from 2 to 330',
        from: 'Should be three letters',
        agentId: 'Choose one',
      },
    });
  });

  it('should refuse everyone but super users', async () => {
    for (const person of [
      DEMO.manager,
      DEMO.agent,
      DEMO.operator,
      DEMO.branchManager,
      DEMO.globeManager,
    ]) {
      const session = await signIn(app, person);
      const res = await create(session.headers, body());
      expect(res.statusCode, person.email).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect((await create({}, body())).statusCode).toBe(401);
  });
});
