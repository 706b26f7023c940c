import {
  CONNECTION_CALLS,
  ConnectionItem,
  ConnectionList,
  connectionHelpTexts,
  CreatePnrResponse,
  MANAGEMENT_CALLS,
  PNR_TOOL_CALLS,
} from '@smt/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv, productionReadiness } from '@/config/env';
import { queryRows } from '@/db/client';
import { auditLog, bookings, gdsConnections, users } from '@/db/schema';
import { startDuffelStandIn, type DuffelStandIn } from '../../../test/duffel-stand-in/stand-in';
import { DEMO, signIn, type DemoPerson } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';
import { servicesOf } from '@/app';

// A production site watches and books only where its agencies really sell: a new agency starts
// with no connection, and Add PNR refuses until it connects one; local and staging keep the
// simulator for the demo (docs/decisions/054).

/** What a production server starts with (productionReadiness finds nothing missing). */
const PRODUCTION = {
  APP_ENV: 'production',
  PUBLIC_URL: 'https://smt.example.com',
  SMTP_URL: 'smtp://127.0.0.1:9',
};

type Place = { agencyId: number; branchId: number; agentId: number };

/** The app of `appEnv` over a fresh database of `kind`, reaching Duffel's stand-in. */
function siteOf(kind: (typeof TEST_DATABASE_KINDS)[number], appEnv: Record<string, string>) {
  const site = {
    duffel: undefined as unknown as DuffelStandIn,
    t: undefined as unknown as TestApp,
    headers: {} as Record<string, string>,
  };

  beforeAll(async () => {
    site.duffel = await startDuffelStandIn();
    // The demo organisation stands for agencies made before: they keep their simulator.
    site.t = await createTestApp(kind, { env: { ...appEnv, DUFFEL_API_URL: site.duffel.url } });
    site.headers = await headersOf(DEMO.superUser);
  });
  afterAll(async () => {
    await site.t?.close();
    await site.duffel?.close();
  });

  /**
   * Production has no dev inbox to read a code from: the session is started as a sign-in
   * starts it, and its token goes through the same checks as any other.
   */
  const headersOf = async (person: DemoPerson) => {
    if (appEnv.APP_ENV !== 'production') return (await signIn(site.t.app, person)).headers;
    const [user] = await site.t.database.db
      .select()
      .from(users)
      .where(eq(users.email, person.email));
    if (!user) throw new Error(`no user ${person.email}`);
    const { accessToken } = await servicesOf(site.t.app).sessions.start(user, {
      keepLoggedIn: false,
      ip: '127.0.0.1',
      userAgent: undefined,
    });
    return { 'SA-REGID': accessToken, 'SA-DN': person.phone, 'SA-EMAIL': person.email };
  };

  const post = (url: string, payload: Record<string, unknown>, headers = site.headers) =>
    site.t.app.inject({ method: 'POST', url: `/api/${url}`, headers, payload });
  const idOf = async (url: string, payload: Record<string, unknown>, headers = site.headers) => {
    const res = await post(url, payload, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: number }>().id;
  };

  /** A new agency with a branch and an agent, made on the management pages. */
  const newAgency = async (name: string, pcc: string): Promise<Place> => {
    const agencyId = await idOf(MANAGEMENT_CALLS.agencyCreate, { name });
    const branchId = await idOf(MANAGEMENT_CALLS.branchCreate, { name: 'Head', pcc, agencyId });
    const agentId = await idOf(MANAGEMENT_CALLS.agentCreate, {
      name: 'Rina Agent',
      initials: 'RA',
      branchId,
    });
    return { agencyId, branchId, agentId };
  };
  const connectionsOf = async (agencyId: number, headers = site.headers) => {
    const res = await site.t.app.inject({
      method: 'GET',
      url: `/api/${CONNECTION_CALLS.list}`,
      headers,
      query: { agencyId: String(agencyId) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return ConnectionList.parse(res.json()).items;
  };
  const addPnr = (place: Place, over: Record<string, unknown> = {}) =>
    post(PNR_TOOL_CALLS.createPnr, {
      ...place,
      type: 'REGULAR',
      departsInDays: 14,
      ticketingDueInHours: 30,
      firstName: 'Noa',
      lastName: 'Peretz',
      from: 'LHR',
      to: 'JFK',
      airline: 'ZZ',
      flightNumber: '100',
      ...over,
    });
  /** Everything Add PNR writes or books, to hold a refusal to writing none of it. */
  const written = async () => ({
    bookings: (await site.t.database.db.select({ id: bookings.id }).from(bookings)).length,
    audited: (
      await site.t.database.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(eq(auditLog.action, 'pnr.create'))
    ).length,
    simulated: await simulatorBookings(),
    orders: site.duffel.orders().length,
  });
  const simulatorBookings = async () =>
    (
      await queryRows<{ n: number }>(
        site.t.database.db,
        sql`select count(*)::int as n from gds_sim.bookings`,
      )
    )[0]?.n;
  const recorded = async (bookingId: number) =>
    (
      await site.t.database.db
        .select({ gdsId: bookings.gdsId, connectionId: bookings.connectionId })
        .from(bookings)
        .where(eq(bookings.id, bookingId))
    )[0];

  return {
    site,
    headersOf,
    post,
    idOf,
    newAgency,
    connectionsOf,
    addPnr,
    written,
    simulatorBookings,
    recorded,
  };
}

describe.each(TEST_DATABASE_KINDS)('a new agency in production on %s', (kind) => {
  const on = siteOf(kind, PRODUCTION);
  const refusal = {
    code: 'CONFLICT',
    message: connectionHelpTexts.noRealConnection,
    reason: 'management.no-real-connection',
  };

  it('should be a production start', () => {
    const env = loadEnv({ ...PRODUCTION, LOG_LEVEL: 'silent' });
    expect(productionReadiness(env).problems).toEqual([]);
    expect(on.site.t.app.env.APP_ENV).toBe('production');
  });

  it('should start with no connection and refuse Add PNR without writing or booking anything', async () => {
    const place = await on.newAgency('Harbour Travel', 'HB1');

    expect(await on.connectionsOf(place.agencyId)).toEqual([]);
    const before = await on.written();
    const res = await on.addPnr(place);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(refusal);
    expect(await on.written()).toEqual(before);
  });

  it('should hold the flight at Duffel, not in the simulator, once the agency connects Duffel', async () => {
    const place = await on.newAgency('Quay Travel', 'QY1');
    const connection = ConnectionItem.parse(
      (
        await on.post(CONNECTION_CALLS.connectDuffel, {
          agencyId: place.agencyId,
          defaultBranchId: place.branchId,
          token: on.site.duffel.token,
        })
      ).json(),
    );
    const simulated = await on.simulatorBookings();

    // No reservation system named, as the form sends it for an agency with one: its Duffel.
    const res = await on.addPnr(place);

    expect(res.statusCode, res.body).toBe(200);
    const { pnrNumber, bookingId } = CreatePnrResponse.parse(res.json());
    expect(on.site.duffel.orders().map((order) => order.booking_reference)).toContain(pnrNumber);
    expect(await on.recorded(bookingId)).toEqual({
      gdsId: 'DUFFEL',
      connectionId: connection.id,
    });
    expect(await on.simulatorBookings()).toBe(simulated);
  });

  it('should refuse the simulator of an agency made before, named or not', async () => {
    const [agent] = await on.site.t.database.db
      .select({ agencyId: users.agencyId, branchId: users.branchId, agentId: users.agentId })
      .from(users)
      .where(eq(users.email, DEMO.agent.email));
    const place = {
      agencyId: agent!.agencyId!,
      branchId: agent!.branchId!,
      agentId: agent!.agentId!,
    };
    const [simulator] = await on.site.t.database.db
      .select({ id: gdsConnections.id })
      .from(gdsConnections)
      .where(eq(gdsConnections.agencyId, place.agencyId));
    const before = await on.written();

    const unnamed = await on.addPnr(place, { airline: 'LY', flightNumber: '315' });
    const named = await on.addPnr(place, { connectionId: simulator!.id });

    expect([unnamed.statusCode, named.statusCode]).toEqual([409, 409]);
    expect(unnamed.json()).toEqual(refusal);
    expect(named.json()).toEqual(refusal);
    expect(await on.written()).toEqual(before);
  });

  it("should give a new registered user's own agency no connection either", async () => {
    const newcomer = { email: 'newcomer@production.test', phone: '+972500000951' };
    await on.site.t.database.db.insert(users).values({
      name: 'New Comer',
      ...newcomer,
      roles: ['ROLE_SA_NEW_REGISTERED_USER'],
    });
    const headers = await on.headersOf(newcomer);

    const agencyId = await on.idOf(MANAGEMENT_CALLS.agencyCreate, { name: 'Own Way' }, headers);

    // Now its agency manager, the newcomer sees their agency's connections: none.
    expect(await on.connectionsOf(agencyId, headers)).toEqual([]);
  });
});

describe.each(TEST_DATABASE_KINDS)('a new agency in local on %s', (kind) => {
  const on = siteOf(kind, { APP_ENV: 'local' });

  it('should start on the simulator, and Add PNR should book there', async () => {
    const place = await on.newAgency('Harbour Travel', 'HB1');

    expect(await on.connectionsOf(place.agencyId)).toMatchObject([
      { provider: 'SIMULATOR', status: 'ACTIVE' },
    ]);
    const simulated = await on.simulatorBookings();
    const res = await on.addPnr(place, {
      from: 'TLV',
      to: 'LHR',
      airline: 'LY',
      flightNumber: '315',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { bookingId } = CreatePnrResponse.parse(res.json());
    const [simulator] = await on.connectionsOf(place.agencyId);
    expect(await on.recorded(bookingId)).toEqual({ gdsId: 'SIM', connectionId: simulator?.id });
    expect(await on.simulatorBookings()).toBe((simulated ?? 0) + 1);
    expect(on.site.duffel.orders()).toEqual([]);
  });
});
