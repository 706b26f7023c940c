import {
  CONNECTION_CALLS,
  ConnectionItem,
  DAY_MS,
  NOTIFICATION_CALLS,
  PNR_CALLS,
  PNR_TOOL_CALLS,
  PnrDetails,
  PnrInfo,
  type NotificationType,
  type OperationCode,
  utcDayOf,
} from '@smt/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { bookings, notifications } from '@/db/schema';
import { checkBooking, type EngineDeps } from '@/monitoring/check-booking';
import { syncConnection } from '@/monitoring/connection-sync';
import type { ScriptedFlight } from '../../../test/duffel-stand-in/builders';
import { startDuffelStandIn, type DuffelStandIn } from '../../../test/duffel-stand-in/stand-in';
import { DEMO, signIn } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';
import { servicesOf } from '@/app';

// Issue 34: after the manager disconnected Duffel, an agent's Confirm of a ticketing deadline
// paid the order from the disconnected account, and opening the booking read it at Duffel.
// A disconnected connection is never called (decision 058): actions on its bookings answer 409
// in words, reads answer the booking as last stored, and the stand-in hears nothing.

const DISCONNECTED =
  "This booking's Duffel connection is disconnected: connect it again to act on it.";

// Local 'yyyy-MM-ddTHH:mm:ss' as Duffel writes flight times, some days from now.
const localIn = (days: number, hhmm: string) =>
  `${utcDayOf(Date.now() + days * DAY_MS)}T${hhmm}:00`;

const flight = (over: Partial<ScriptedFlight> = {}): ScriptedFlight => ({
  airline: 'BA',
  flightNumber: '117',
  from: 'LHR',
  to: 'JFK',
  departingAt: localIn(40, '08:25'),
  arrivingAt: localIn(40, '11:15'),
  fareBasis: 'YLOWGB',
  checkedBags: 1,
  ...over,
});

describe.each(TEST_DATABASE_KINDS)("a disconnected Duffel connection's bookings on %s", (kind) => {
  let duffel: DuffelStandIn;
  let t: TestApp;
  let deps: EngineDeps;
  let agent: Record<string, string>;
  const orders = { paid: '', hold: '' };

  const bookingOf = async (orderId: string) => {
    const [row] = await t.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.providerBookingId, orderId));
    if (!row) throw new Error(`order ${orderId} is not watched`);
    return row;
  };
  const pendingOf = async (orderId: string, type: NotificationType) => {
    const booking = await bookingOf(orderId);
    const [row] = await t.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.bookingId, booking.id),
          eq(notifications.type, type),
          eq(notifications.subtype, 'Pending'),
        ),
      );
    if (!row) throw new Error(`no pending ${type} on order ${orderId}`);
    return row.id;
  };
  /** What the stand-in was asked, so far. */
  const heard = () => duffel.calls().map((call) => `${call.method} ${call.path}`);
  const execute = (notificationId: number, op: OperationCode) =>
    t.app.inject({
      method: 'POST',
      url: `/api/${NOTIFICATION_CALLS.execute}`,
      headers: agent,
      payload: { notification_id: notificationId, op_code: op },
    });

  beforeAll(async () => {
    duffel = await startDuffelStandIn();
    t = await createTestApp(kind, { env: { DUFFEL_API_URL: duffel.url } });
    const [place] = await queryRows<{ agency_id: number; branch_id: number }>(
      t.database.db,
      sql`select b.agency_id, b.id as branch_id from branches b join agencies a on a.id = b.agency_id
          where a.name = 'Demo Travel' and b.pcc = 'TLV1'`,
    );
    const { headers: manager } = await signIn(t.app, DEMO.manager);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${CONNECTION_CALLS.connectDuffel}`,
      headers: manager,
      payload: {
        agencyId: place?.agency_id,
        defaultBranchId: place?.branch_id,
        token: duffel.token,
      },
    });
    const connection = ConnectionItem.parse(res.json());
    const passengers = [
      { title: 'mrs' as const, givenName: 'Amelia', familyName: 'Earhart', type: 'adult' as const },
    ];
    const metadata = { agent_email: DEMO.agent.email };
    orders.paid = duffel.addOrder({
      bookingReference: 'DFDC01',
      slices: [[flight()]],
      passengers,
      totalAmount: '1200.00',
      currency: 'GBP',
      conditions: { change: '50.00', refund: null },
      metadata,
    });
    orders.hold = duffel.addOrder({
      bookingReference: 'DFDC02',
      slices: [[flight({ flightNumber: '179', departingAt: localIn(20, '18:00') })]],
      passengers,
      totalAmount: '640.00',
      currency: 'GBP',
      hold: { paymentRequiredBy: new Date(Date.now() + DAY_MS).toISOString() },
      metadata,
    });
    deps = {
      db: t.database.db,
      gds: servicesOf(t.app).gds,
      registry: servicesOf(t.app).gdsRegistry,
      clock: t.app.clock,
      log: t.app.log,
    };
    await syncConnection(
      { ...deps, registry: servicesOf(t.app).gdsRegistry },
      {
        id: connection.id,
        agencyId: place?.agency_id ?? 0,
        defaultBranchId: place?.branch_id ?? 0,
        agentMetadataKey: connection.agentMetadataKey,
        syncedAt: null,
      },
    );
    // The engine raises what the agent would act on: a reprice and a schedule change on the
    // paid order, the ticketing deadline of the hold order.
    duffel.scriptCheaperOffer(orders.paid, {
      newTotal: '1000.00',
      penalty: '50.00',
      expiresAt: new Date(Date.now() + DAY_MS).toISOString(),
    });
    await checkBooking(deps, (await bookingOf(orders.paid)).id);
    duffel.scriptAirlineChange(orders.paid, {
      newDepartingAt: localIn(40, '12:25'),
      newArrivingAt: localIn(40, '15:15'),
    });
    await checkBooking(deps, (await bookingOf(orders.paid)).id);
    await checkBooking(deps, (await bookingOf(orders.hold)).id);

    const off = await t.app.inject({
      method: 'POST',
      url: `/api/${CONNECTION_CALLS.disconnect}`,
      headers: manager,
      payload: { connectionId: connection.id },
    });
    expect(off.statusCode, off.body).toBe(200);
    ({ headers: agent } = await signIn(t.app, DEMO.agent));
  });
  afterAll(async () => {
    await t.close();
    await duffel.close();
  });

  it('should refuse Approve, Confirm of the ticketing deadline, Reprice and Cancel PNR with 409 in words, sending Duffel nothing', async () => {
    const acts: [NotificationType, string, OperationCode][] = [
      ['Reschedule', orders.paid, 'A'],
      ['TicketingDue', orders.hold, 'A'],
      ['Reprice', orders.paid, 'RP'],
    ];
    const ids = await Promise.all(acts.map(([type, order]) => pendingOf(order, type)));
    const before = heard();

    for (const [i, [, , op]] of acts.entries()) {
      const res = await execute(ids[i] ?? 0, op);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({
        code: 'CONFLICT',
        message: DISCONNECTED,
        reason: 'notifications.connection-disconnected',
      });
    }

    // Nor is the order cancelled, or its refund quoted.
    const quote = await t.app.inject({
      method: 'POST',
      url: `/api/${NOTIFICATION_CALLS.cancelPnrQuote}`,
      headers: agent,
      payload: { notificationId: ids[1] },
    });
    expect(quote.statusCode, quote.body).toBe(409);
    expect(quote.json()).toEqual({
      code: 'CONFLICT',
      message: DISCONNECTED,
      reason: 'notifications.connection-disconnected',
    });
    expect(heard()).toEqual(before);
    expect(duffel.order(orders.hold).payment_status.paid_at).toBeNull();
    const [left] = await t.database.db
      .select({ subtype: notifications.subtype })
      .from(notifications)
      .where(eq(notifications.id, ids[1] ?? 0));
    expect(left?.subtype).toBe('Pending');
  });

  it('should refuse ticketing from My PNRs with 409 in words, paying nothing', async () => {
    // Duffel's orders come in as regular bookings; My PNRs tickets only online-agency ones.
    await t.database.db
      .update(bookings)
      .set({ type: 'OTA' })
      .where(eq(bookings.providerBookingId, orders.hold));
    const before = heard();

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/${PNR_CALLS.ticketing}?pnrNumber=DFDC02&gdsId=DUFFEL`,
      headers: agent,
    });

    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({
      code: 'CONFLICT',
      message: DISCONNECTED,
      reason: 'pnrs.connection-disconnected',
    });
    expect(heard()).toEqual(before);
    expect((await bookingOf(orders.hold)).isTicketing).toBe(false);
  });

  it('should show the booking as last stored in My PNRs and PNR info, without asking Duffel', async () => {
    const booking = await bookingOf(orders.paid);
    const before = heard();

    const details = await t.app.inject({
      method: 'GET',
      url: `/api/${PNR_CALLS.details}?id=${booking.id}`,
      headers: agent,
    });
    const { headers: superUser } = await signIn(t.app, DEMO.superUser);
    const info = await t.app.inject({
      method: 'GET',
      url: `/api/${PNR_TOOL_CALLS.pnrInfo}?pnrNumber=DFDC01`,
      headers: superUser,
    });
    const status = await t.app.inject({
      method: 'POST',
      url: `/api/${NOTIFICATION_CALLS.pnrInfo}`,
      headers: agent,
      payload: { notification_id: await pendingOf(orders.hold, 'TicketingDue') },
    });

    expect(details.statusCode, details.body).toBe(200);
    expect(PnrDetails.parse(details.json()).passengers).toEqual([
      expect.objectContaining({ last_name: expect.stringMatching(/^earhart$/i) }),
    ]);
    expect(info.statusCode, info.body).toBe(200);
    const shown = PnrInfo.parse(info.json());
    expect(shown.booking).toMatchObject({
      provider: 'Duffel (disconnected: the booking as last stored)',
      monitored: false,
    });
    expect(shown.booking.unsupported.map((gap) => gap.detector)).toContain('Churning');
    expect(shown.snapshotTakenAt).not.toBeNull();
    expect(shown.snapshot?.pnr.id).toBe('DFDC01');
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json()).toEqual({ is_ticketed: false, is_cancelled: false });
    expect(heard()).toEqual(before);
  });

  it('should not check a booking the disconnect stopped watching, even one already queued', async () => {
    const before = heard();

    expect(await checkBooking(deps, (await bookingOf(orders.paid)).id)).toEqual({
      status: 'unwatched',
    });
    expect(heard()).toEqual(before);
  });
});
