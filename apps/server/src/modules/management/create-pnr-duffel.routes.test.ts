import { CONNECTION_CALLS, ConnectionItem, CreatePnrResponse } from '@smt/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { auditLog, bookings, users } from '@/db/schema';
import { startDuffelStandIn, type DuffelStandIn } from '../../../test/duffel-stand-in/stand-in';
import { DEMO, signIn } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';

// The Add PNR tool on an agency's Duffel connection: a hold order at Duffel's stand-in, recorded
// as the engine records Duffel orders. One database kind is enough: the SQL is the simulator
// path's, which create-pnr.routes.test.ts runs on both.
describe('create PNR on a Duffel connection', () => {
  let duffel: DuffelStandIn;
  let t: TestApp;
  let headers: Record<string, string>;
  let place: { agencyId: number; branchId: number; agentId: number };
  let connectionId: number;
  let otherAgencysConnectionId: number;

  const connectDuffel = async (agencyId: number, defaultBranchId: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${CONNECTION_CALLS.connectDuffel}`,
      headers,
      payload: { agencyId, defaultBranchId, token: duffel.token },
    });
    expect(res.statusCode, res.body).toBe(200);
    return ConnectionItem.parse(res.json()).id;
  };
  const create = (over: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/pnr/create',
      headers,
      payload: {
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
        connectionId,
        ...over,
      },
    });
  /** What a refused request must leave as it was. */
  const written = async () => ({
    bookings: (await t.database.db.select({ id: bookings.id }).from(bookings)).length,
    audited: (
      await t.database.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(eq(auditLog.action, 'pnr.create'))
    ).length,
    orders: duffel.orders().length,
  });

  beforeAll(async () => {
    duffel = await startDuffelStandIn();
    t = await createTestApp('pglite', { env: { DUFFEL_API_URL: duffel.url } });
    ({ headers } = await signIn(t.app, DEMO.superUser));
    const [agent] = await t.database.db
      .select({ agencyId: users.agencyId, branchId: users.branchId, agentId: users.agentId })
      .from(users)
      .where(eq(users.email, DEMO.agent.email));
    place = { agencyId: agent!.agencyId!, branchId: agent!.branchId!, agentId: agent!.agentId! };
    connectionId = await connectDuffel(place.agencyId, place.branchId);
    const [globe] = await queryRows<{ agency_id: number; branch_id: number }>(
      t.database.db,
      sql`select b.agency_id, min(b.id) as branch_id from branches b
          join agencies a on a.id = b.agency_id where a.name = 'Globe Tours' group by b.agency_id`,
    );
    otherAgencysConnectionId = await connectDuffel(globe!.agency_id, globe!.branch_id);
  });
  afterAll(async () => {
    await t.close();
    await duffel.close();
  });

  it("should hold the flight at Duffel and record the order as the engine's, due now", async () => {
    const res = await create({});

    expect(res.statusCode, res.body).toBe(200);
    const { pnrNumber, bookingId } = CreatePnrResponse.parse(res.json());
    const [order] = duffel.orders().filter((each) => each.booking_reference === pnrNumber);
    expect(order).toBeDefined();
    // A hold: unpaid, due when the airline's offer said, not the form's 30 hours.
    expect(order?.payment_status.awaiting_payment).toBe(true);
    expect(order?.payment_status.payment_required_by).not.toBeNull();
    expect(order?.total_amount).toBe('100.00');
    expect(order?.slices[0]?.segments[0]).toMatchObject({
      marketing_carrier_flight_number: '100',
      departing_at: expect.stringMatching(/T09:00:00$/),
    });
    expect(order?.passengers[0]).toMatchObject({
      given_name: 'NOA',
      family_name: 'PERETZ',
      email: DEMO.superUser.email,
      phone_number: DEMO.superUser.phone,
    });
    const [recorded] = await t.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, bookingId));
    expect(recorded).toMatchObject({
      ...place,
      gdsId: 'DUFFEL',
      connectionId,
      providerBookingId: order?.id,
      pnrNumber,
      monitored: true,
      carrierCode: 'ZZ',
    });
    expect(recorded?.nextCheckAt).not.toBeNull();
    const [audited] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'pnr.create'), eq(auditLog.entityId, String(bookingId))));
    expect(audited?.details).toMatchObject({ connectionId, pnrNumber });
  });

  it('should still book in the simulator when no connection is chosen', async () => {
    const res = await create({ connectionId: undefined, airline: 'LY', flightNumber: '315' });

    expect(res.statusCode, res.body).toBe(200);
    const { bookingId } = CreatePnrResponse.parse(res.json());
    const [recorded] = await t.database.db
      .select({ gdsId: bookings.gdsId, providerBookingId: bookings.providerBookingId })
      .from(bookings)
      .where(eq(bookings.id, bookingId));
    expect(recorded).toEqual({ gdsId: 'SIM', providerBookingId: null });
  });

  it('should answer why and write nothing when Duffel sells no such flight that day', async () => {
    const before = await written();

    const res = await create({ flightNumber: '999' });

    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'CONFLICT',
      message: 'Cannot create the booking: Duffel offers these flights on hold nowhere',
      reason: 'management.booking-refused',
    });
    expect(await written()).toEqual(before);
  });

  it("should refuse another agency's connection at its field and write nothing", async () => {
    const before = await written();
    const callsBefore = duffel.calls().length;

    const res = await create({ connectionId: otherAgencysConnectionId });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'BAD_REQUEST',
      fieldErrors: { connectionId: 'That reservation system is not connected to the agency.' },
    });
    expect(await written()).toEqual(before);
    // Not even a search on the other agency's account.
    expect(duffel.calls()).toHaveLength(callsBefore);
  });
});
