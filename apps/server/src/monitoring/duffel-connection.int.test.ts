import {
  CONNECTION_CALLS,
  ConnectionItem,
  DAY_MS,
  PnrInfo,
  type NotificationType,
  utcDayOf,
} from '@smt/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { agents, bookings, notifications, users } from '@/db/schema';
import { signDuffelWebhook } from '@/gds/duffel/webhook-signature';
import {
  createNotificationOperations,
  type Actor,
} from '@/modules/notifications/notification-operations.service';
import type { ScriptedFlight } from '../../test/duffel-stand-in/builders';
import { startDuffelStandIn, type DuffelStandIn } from '../../test/duffel-stand-in/stand-in';
import { DEMO, signIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import { checkBooking, type EngineDeps } from './check-booking';
import { syncConnection, type SyncedConnection } from './connection-sync';
import { engineStatus } from './engine-status';
import { loadBranchSettings } from './process-settings';
import { UNASSIGNED_INITIALS } from './connection-owners.repository';
import { servicesOf } from '@/app';

const SECRET = 'whsec-demo-travel-duffel';

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

describe.each(TEST_DATABASE_KINDS)('an agency watching its Duffel orders on %s', (kind) => {
  let duffel: DuffelStandIn;
  let t: TestApp;
  let deps: EngineDeps;
  let connection: SyncedConnection;
  let place: { agencyId: number; branchId: number };
  const orders = { agents: '', nobodys: '', hold: '' };

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
    return t.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.bookingId, booking.id),
          eq(notifications.type, type),
          eq(notifications.subtype, 'Pending'),
        ),
      );
  };
  const check = async (orderId: string) => checkBooking(deps, (await bookingOf(orderId)).id);
  const superUser = async (): Promise<Actor> => {
    const [user] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO.superUser.email));
    if (!user) throw new Error('no super user');
    return { userId: user.id, realUserId: user.id, scope: { kind: 'superUser' } };
  };

  beforeAll(async () => {
    duffel = await startDuffelStandIn();
    t = await createTestApp(kind, { env: { DUFFEL_API_URL: duffel.url } });
    const [row] = await queryRows<{ agency_id: number; branch_id: number }>(
      t.database.db,
      sql`select b.agency_id, b.id as branch_id from branches b join agencies a on a.id = b.agency_id
          where a.name = 'Demo Travel' and b.pcc = 'TLV1'`,
    );
    place = { agencyId: row?.agency_id ?? 0, branchId: row?.branch_id ?? 0 };
    const { headers } = await signIn(t.app, DEMO.manager);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${CONNECTION_CALLS.connectDuffel}`,
      headers,
      payload: {
        agencyId: place.agencyId,
        defaultBranchId: place.branchId,
        token: duffel.token,
        webhookSecret: SECRET,
      },
    });
    const item = ConnectionItem.parse(res.json());
    connection = {
      id: item.id,
      agencyId: place.agencyId,
      defaultBranchId: place.branchId,
      agentMetadataKey: item.agentMetadataKey,
      syncedAt: null,
    };
    deps = {
      db: t.database.db,
      gds: servicesOf(t.app).gds,
      registry: servicesOf(t.app).gdsRegistry,
      clock: t.app.clock,
      log: t.app.log,
    };
    const passengers = [
      { title: 'mrs' as const, givenName: 'Amelia', familyName: 'Earhart', type: 'adult' as const },
    ];
    orders.agents = duffel.addOrder({
      bookingReference: 'DFAG01',
      slices: [[flight()]],
      passengers,
      totalAmount: '1200.00',
      currency: 'GBP',
      conditions: { change: '80.00', refund: null },
      metadata: { agent_email: DEMO.agent.email.toUpperCase() },
    });
    orders.nobodys = duffel.addOrder({
      bookingReference: 'DFNB02',
      slices: [
        [
          flight({
            flightNumber: '175',
            departingAt: localIn(50, '13:00'),
            arrivingAt: localIn(50, '16:00'),
          }),
        ],
      ],
      passengers,
      totalAmount: '700.00',
      currency: 'GBP',
    });
    orders.hold = duffel.addOrder({
      bookingReference: 'DFHD03',
      slices: [
        [
          flight({
            flightNumber: '179',
            departingAt: localIn(20, '18:00'),
            arrivingAt: localIn(20, '21:00'),
          }),
        ],
      ],
      passengers,
      totalAmount: '640.00',
      currency: 'GBP',
      hold: { paymentRequiredBy: new Date(Date.now() + DAY_MS).toISOString() },
    });
  });
  afterAll(async () => {
    await t.close();
    await duffel.close();
  });

  it("should watch each order on the agent its metadata names, else on the default branch's unassigned agent", async () => {
    const result = await syncConnection(
      { ...deps, registry: servicesOf(t.app).gdsRegistry },
      connection,
    );
    expect(result).toMatchObject({ added: 3, unknownAgent: 0 });

    const [agent] = await t.database.db
      .select({ agentId: users.agentId })
      .from(users)
      .where(eq(users.email, DEMO.agent.email));
    const named = await bookingOf(orders.agents);
    expect(named).toMatchObject({
      gdsId: 'DUFFEL',
      pnrNumber: 'DFAG01',
      connectionId: connection.id,
      agentId: agent?.agentId,
      monitored: true,
    });
    const nobodys = await bookingOf(orders.nobodys);
    const [unassigned] = await t.database.db
      .select()
      .from(agents)
      .where(eq(agents.id, nobodys.agentId));
    expect(unassigned).toMatchObject({ branchId: place.branchId, initials: UNASSIGNED_INITIALS });
  });

  it('should raise a ticketing deadline on a hold order, and pay it when the agent tickets', async () => {
    expect((await check(orders.hold)).status).toBe('checked');
    const [due] = await pendingOf(orders.hold, 'TicketingDue');
    expect(due?.title).toBe('Ticketing due');

    const operations = createNotificationOperations(deps);
    const { header } = await operations.execute(await superUser(), due?.id ?? 0, 'A');
    expect(header.subtype).toBe('Complete');
    expect(duffel.order(orders.hold).payment_status.paid_at).not.toBeNull();
  });

  it('should raise a schedule change sent by webhook within one check, and accept it at Duffel on Approve', async () => {
    expect((await check(orders.agents)).status).toBe('checked');
    duffel.scriptAirlineChange(orders.agents, {
      newDepartingAt: localIn(40, '12:25'),
      newArrivingAt: localIn(40, '15:15'),
    });
    const body = JSON.stringify({
      id: 'wev_0001',
      type: 'order.airline_initiated_change_detected',
      data: { object: { id: 'aic_x', order_id: orders.agents } },
    });
    const delivered = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/duffel/${connection.id}`,
      headers: {
        'content-type': 'application/json',
        'x-duffel-signature': signDuffelWebhook(
          SECRET,
          body,
          Math.floor(t.app.clock.now().getTime() / 1000),
        ),
      },
      payload: body,
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect((await bookingOf(orders.agents)).nextCheckAt?.getTime()).toBeLessThanOrEqual(
      t.app.clock.now().getTime(),
    );

    expect((await check(orders.agents)).status).toBe('checked');
    const [change] = await pendingOf(orders.agents, 'Reschedule');
    // Duffel gives the moved flight a new id; the same flight number on the route is a re-timing.
    expect(change?.titleMessage).toBe('Flight BA117 departs 4 hours later');

    const operations = createNotificationOperations(deps);
    const { header } = await operations.execute(await superUser(), change?.id ?? 0, 'A');
    expect(header.subtype).toBe('Complete');
    const [accepted] = duffel.order(orders.agents).airline_initiated_changes ?? [];
    expect(accepted?.action_taken).toBe('accepted');
  });

  it('should raise a reprice from a cheaper change offer, net of the change penalty', async () => {
    duffel.scriptCheaperOffer(orders.agents, {
      newTotal: '900.00',
      penalty: '80.00',
      expiresAt: new Date(Date.now() + DAY_MS).toISOString(),
    });
    await t.database.db
      .update(bookings)
      .set({ repriceCheckedAt: null })
      .where(eq(bookings.providerBookingId, orders.agents));
    expect((await check(orders.agents)).status).toBe('checked');
    const [reprice] = await pendingOf(orders.agents, 'Reprice');
    // 1,200.00 to 900.00 saves 300.00; Duffel's 80.00 change penalty leaves 220.00.
    expect(reprice).toMatchObject({ potentialSaving: 220, currency: 'GBP' });
  });

  it('should fail a reprice whose fare Duffel no longer sells at that price, and change neither the booking nor the order', async () => {
    const [reprice] = await pendingOf(orders.agents, 'Reprice');
    const before = await bookingOf(orders.agents);
    // The airline now sells the change for 950.00, not the 900.00 the agent was offered.
    duffel.withdrawCheaperOffers(orders.agents);
    duffel.scriptCheaperOffer(orders.agents, {
      newTotal: '950.00',
      penalty: '80.00',
      expiresAt: new Date(Date.now() + DAY_MS).toISOString(),
    });

    const operations = createNotificationOperations(deps);
    const { header } = await operations.execute(await superUser(), reprice?.id ?? 0, 'RP');

    expect(header).toMatchObject({ subtype: 'Failed', title: 'Reprice attempt failed' });
    const [failed] = await t.database.db
      .select({ titleMessage: notifications.titleMessage })
      .from(notifications)
      .where(eq(notifications.id, reprice?.id ?? 0));
    expect(failed?.titleMessage).toBe('The fare is no longer available');
    const after = await bookingOf(orders.agents);
    expect(after.currentPrice).toBe(before.currentPrice);
    expect(duffel.order(orders.agents).total_amount).toBe('1200.00');
  });

  it("should reprice to a change offer refunded as a voucher, pay nothing, and title it with Duffel's net as credit", async () => {
    duffel.withdrawCheaperOffers(orders.agents);
    duffel.scriptCheaperOffer(orders.agents, {
      newTotal: '880.00',
      penalty: '80.00',
      expiresAt: new Date(Date.now() + DAY_MS).toISOString(),
      refundTo: 'voucher',
    });
    await t.database.db
      .update(bookings)
      .set({ repriceCheckedAt: null })
      .where(eq(bookings.providerBookingId, orders.agents));
    expect((await check(orders.agents)).status).toBe('checked');
    const [reprice] = await pendingOf(orders.agents, 'Reprice');
    // Duffel gives back 240.00 (320.00 less its 80.00 penalty), to a voucher: credit, not cash.
    expect(reprice).toMatchObject({ potentialSaving: 240, currency: 'GBP' });
    expect(reprice?.titleMessage).toContain('as airline credit');
    const paidBefore = duffel.payments().length;

    const operations = createNotificationOperations(deps);
    const { header } = await operations.execute(await superUser(), reprice?.id ?? 0, 'RP');

    expect(header).toMatchObject({ subtype: 'Complete' });
    const [done] = await t.database.db
      .select({ titleMessage: notifications.titleMessage })
      .from(notifications)
      .where(eq(notifications.id, reprice?.id ?? 0));
    expect(done?.titleMessage).toBe('Saved 240.00 GBP as airline credit');
    // Money came back: nothing was paid for the change.
    expect(duffel.payments()).toHaveLength(paidBefore);
  });

  it('should refuse a reprice whose change Duffel prices higher when it is taken, pay nothing and keep the alert pending', async () => {
    duffel.withdrawCheaperOffers(orders.agents);
    duffel.scriptCheaperOffer(orders.agents, {
      newTotal: '500.00',
      penalty: '80.00',
      expiresAt: new Date(Date.now() + DAY_MS).toISOString(),
      // Between the search the confirm makes and the change it takes, the airline asks more.
      newTotalWhenTaken: '1000.00',
    });
    await t.database.db
      .update(bookings)
      .set({ repriceCheckedAt: null })
      .where(eq(bookings.providerBookingId, orders.agents));
    expect((await check(orders.agents)).status).toBe('checked');
    const [reprice] = await pendingOf(orders.agents, 'Reprice');
    expect(reprice).toMatchObject({ potentialSaving: 300, currency: 'GBP' });
    const totalBefore = duffel.order(orders.agents).total_amount;
    const paidBefore = duffel.payments().length;

    const operations = createNotificationOperations(deps);
    const refused = await operations.execute(await superUser(), reprice?.id ?? 0, 'RP').then(
      () => null,
      (error: unknown) => error,
    );

    // 409 in words (the error handler answers a refusal's code), with Duffel's new figure.
    expect(refused).toMatchObject({
      reason: 'notifications.premise-changed',
      message: expect.stringMatching(
        /^Duffel now asks 200\.00 GBP for this change, where 300\.00 GBP back was promised: nothing was paid$/,
      ),
    });
    expect(duffel.payments()).toHaveLength(paidBefore);
    expect(duffel.order(orders.agents).total_amount).toBe(totalBefore);
    const [still] = await t.database.db
      .select({ subtype: notifications.subtype })
      .from(notifications)
      .where(eq(notifications.id, reprice?.id ?? 0));
    expect(still?.subtype).toBe('Pending');
    duffel.withdrawCheaperOffers(orders.agents);
  });

  it('should say on the check that Duffel keeps no segment history and has no waitlists', async () => {
    const [row] = await queryRows<{ decisions: { detector: string; reason: string }[] }>(
      t.database.db,
      sql`select c.decisions from booking_checks c join bookings b on b.id = c.booking_id
          where b.provider_booking_id = ${orders.agents} order by c.id desc limit 1`,
    );
    const decisions =
      typeof row?.decisions === 'string' ? JSON.parse(row.decisions) : row?.decisions;
    expect(decisions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          detector: 'Churning',
          reason: 'Duffel keeps no segment history',
        }),
        expect.objectContaining({ detector: 'HoldsWaitlist', reason: 'Duffel has no waitlists' }),
      ]),
    );
  });

  it('should list on PNR info what Duffel keeps from being watched, and why', async () => {
    const { headers } = await signIn(t.app, DEMO.superUser);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/pnr/info?pnrNumber=DFAG01',
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { booking, snapshot } = PnrInfo.parse(res.json());
    expect(booking).toMatchObject({ gdsId: 'DUFFEL', provider: 'Duffel' });
    // Duffel names no PCC or agent sign: the booking shows the branch and agent it is watched under.
    const [agent] = await t.database.db
      .select({ initials: agents.initials })
      .from(agents)
      .where(eq(agents.id, (await bookingOf(orders.agents)).agentId));
    expect(snapshot?.pnr).toMatchObject({ pcc: 'TLV1', creator: agent?.initials });
    expect(booking.unsupported).toEqual([
      { detector: 'SegmentRemoval', reason: 'Duffel gives no segment status codes' },
      { detector: 'Churning', reason: 'Duffel keeps no segment history' },
      { detector: 'HoldsWaitlist', reason: 'Duffel has no waitlists' },
    ]);
  });

  it("should count Duffel orders as up to date by real time, whatever the simulator's clock says", async () => {
    const now = new Date();
    // Two orders were checked a moment ago; the unassigned one is due and has not been.
    await t.database.db
      .update(bookings)
      .set({ lastCheckedAt: null, nextCheckAt: new Date(now.getTime() - 120_000) })
      .where(eq(bookings.providerBookingId, orders.nobodys));
    // A tester has moved the simulator a month ahead: none of its bookings is checked in its last minute.
    const monthAhead = { ...deps.gds, now: async () => new Date(now.getTime() + 30 * DAY_MS) };
    const status = await engineStatus(t.database.db, monthAhead, now);
    expect(status.upToDate).toBe(2);
  });

  it('should accept a minor re-timing at Duffel by itself when the branch says so', async () => {
    const autoAccepting: EngineDeps = {
      ...deps,
      settingsOf: async (branchId) => {
        const settings = await loadBranchSettings(t.database.db, branchId);
        const reschedule = { ...settings.detectors.reschedule, autoAcceptMinor: true };
        return { ...settings, detectors: { ...settings.detectors, reschedule } };
      },
    };
    const booking = await bookingOf(orders.nobodys);
    expect((await checkBooking(autoAccepting, booking.id)).status).toBe('checked');
    // BA175 leaves 45 minutes later: under the 120-minute line, so minor.
    duffel.scriptAirlineChange(orders.nobodys, {
      newDepartingAt: localIn(50, '13:45'),
      newArrivingAt: localIn(50, '16:45'),
    });
    expect((await checkBooking(autoAccepting, booking.id)).status).toBe('checked');

    const [change] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.bookingId, booking.id), eq(notifications.type, 'Reschedule')));
    expect(change).toMatchObject({
      subtype: 'Complete',
      titleMessage: 'Accepted automatically: Flight BA175 departs 45 minutes later',
    });
    const [accepted] = duffel.order(orders.nobodys).airline_initiated_changes ?? [];
    expect(accepted?.action_taken).toBe('accepted');
  });

  it('should watch the same bookings again, not copies, when the agency disconnects and connects again', async () => {
    const { headers } = await signIn(t.app, DEMO.manager);
    const off = await t.app.inject({
      method: 'POST',
      url: `/api/${CONNECTION_CALLS.disconnect}`,
      headers,
      payload: { connectionId: connection.id },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await bookingOf(orders.agents)).monitored).toBe(false);

    const on = await t.app.inject({
      method: 'POST',
      url: `/api/${CONNECTION_CALLS.connectDuffel}`,
      headers,
      payload: { agencyId: place.agencyId, defaultBranchId: place.branchId, token: duffel.token },
    });
    expect(on.statusCode, on.body).toBe(200);
    const again = { ...connection, id: ConnectionItem.parse(on.json()).id, syncedAt: null };
    const before = await bookingOf(orders.agents);
    const result = await syncConnection(
      { ...deps, registry: servicesOf(t.app).gdsRegistry },
      again,
    );

    expect(result.added).toBe(0);
    const after = await bookingOf(orders.agents);
    expect(after).toMatchObject({ id: before.id, connectionId: again.id, monitored: true });
    const [copies] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from bookings where provider_booking_id = ${orders.agents}`,
    );
    expect(copies?.n).toBe(1);
  });
});
