import { CreatePnrResponse, PnrInfo } from '@smt/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '@/app';
import { loadEnv } from '@/config/env';
import { auditLog, bookings, users } from '@/db/schema';
import { type Simulator } from '@/gds/simulator/simulator';
import { T0 } from '@/gds/simulator/testing';
import { checkBooking } from '@/monitoring/check-booking';
import { DEMO, signIn, type SignedIn } from '../../../test/sign-in';
import { createStillDemoWorld } from '../../../test/still-demo-world';
import { TEST_DATABASE_KINDS, type TestDatabase } from '../../../test/test-database';

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

  it('should make the booking in the GDS under the agent, record it due now and audit it', async () => {
    const res = await create(superUser.headers, body());

    expect(res.statusCode).toBe(200);
    const { pnrNumber, bookingId } = CreatePnrResponse.parse(res.json());
    const gdsBooking = await sim.retrieveBooking(pnrNumber);
    expect(gdsBooking).toMatchObject({
      pcc: 'TLV1',
      agentInitials: 'AA',
      type: 'OTA',
      lastPurchaseAt: new Date(T0 + 30 * 3_600_000).toISOString(),
    });
    expect(gdsBooking?.segments).toMatchObject([
      { airline: 'LY', flightNumber: '323', from: 'TLV', to: 'CDG', status: 'HK' },
    ]);
    expect(gdsBooking?.passengers).toMatchObject([{ firstName: 'NOA', lastName: 'PERETZ' }]);
    const [recorded] = await database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(recorded).toMatchObject({ ...place, pnrNumber, monitored: true, type: 'OTA' });
    expect(recorded?.nextCheckAt?.getTime()).toBe(T0);
    const audited = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'pnr.create'), eq(auditLog.entityId, String(bookingId))));
    expect(audited).toHaveLength(1);
  });

  it("should have the engine check the new booking and show the detectors' decisions", async () => {
    const { pnrNumber, bookingId } = CreatePnrResponse.parse(
      (await create(superUser.headers, body({ type: 'REGULAR' }))).json(),
    );

    await checkBooking({ db: database.db, gds: sim, clock: app.clock, log: app.log }, bookingId);

    const info = PnrInfo.parse(
      (
        await app.inject({
          method: 'GET',
          url: `/api/admin/pnr/info?pnrNumber=${pnrNumber}`,
          headers: superUser.headers,
        })
      ).json(),
    );
    expect(info.checks).toHaveLength(1);
    const decisions = info.checks[0]!.decisions;
    const ticketing = decisions.find((decision) => decision.detector === 'TicketingDue');
    expect(ticketing).toMatchObject({ outcome: 'raised' });
    expect(info.notifications.map((n) => n.id)).toEqual(ticketing?.notificationIds);
    expect(decisions.find((d) => d.detector === 'SegmentRemoval')).toMatchObject({
      outcome: 'nothing',
      reason: 'no segment still to leave is HX, NO or UC',
    });
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

  it('should refuse an agent that is not in the chosen branch', async () => {
    const [other] = await database.db
      .select({ branchId: users.branchId })
      .from(users)
      .where(eq(users.email, DEMO.branchManager.email));

    const res = await create(superUser.headers, body({ branchId: other!.branchId }));

    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ agentId: 'The agent does not work in that branch.' });
  });

  it('should refuse an agent that does not exist', async () => {
    const res = await create(superUser.headers, body({ agentId: 99_999 }));

    expect(res.statusCode).toBe(403);
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
