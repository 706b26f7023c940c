import { CONNECTION_CALLS, ConnectionItem, DAY_MS, utcDayOf } from '@smt/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { bookings, credits, notifications, users } from '@/db/schema';
import type { ScriptedFlight } from '../../../test/duffel-stand-in/builders';
import { startDuffelStandIn, type DuffelStandIn } from '../../../test/duffel-stand-in/stand-in';
import { DEMO, signIn } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';
import { checkBooking, type EngineDeps } from '@/monitoring/check-booking';
import { syncConnection } from '@/monitoring/connection-sync';
import {
  createNotificationOperations,
  type Actor,
} from '@/modules/notifications/notification-operations.service';
import { recordCredits, ticketValidityEnd } from './credit-recording';
import { servicesOf } from '@/app';

// Duffel's credits in the ledger (issue 36 point 5), against the Duffel stand-in: a change
// offer refunded to a voucher raises a credit-only reprice whose confirm records the credit,
// and a cancellation's airline credits are recorded one each, by Duffel's id.

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

const passengers = [
  { title: 'mrs' as const, givenName: 'Amelia', familyName: 'Earhart', type: 'adult' as const },
];

describe.each(TEST_DATABASE_KINDS)("Duffel's credits in the ledger on %s", (kind) => {
  let duffel: DuffelStandIn;
  let t: TestApp;
  let deps: EngineDeps;
  const orders = { paid: '', hold: '' };

  const bookingOf = async (orderId: string) => {
    const [row] = await t.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.providerBookingId, orderId));
    if (!row) throw new Error(`order ${orderId} is not watched`);
    return row;
  };
  const pendingOf = async (orderId: string, type: 'Reprice' | 'TicketingDue') => {
    const booking = await bookingOf(orderId);
    const [row] = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.bookingId, booking.id),
          eq(notifications.type, type),
          eq(notifications.subtype, 'Pending'),
        ),
      );
    if (!row) throw new Error(`no pending ${type} on ${orderId}`);
    return row;
  };
  const creditsOf = async (orderId: string) =>
    t.database.db
      .select()
      .from(credits)
      .where(eq(credits.bookingId, (await bookingOf(orderId)).id));
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
    const { headers } = await signIn(t.app, DEMO.manager);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${CONNECTION_CALLS.connectDuffel}`,
      headers,
      payload: {
        agencyId: row?.agency_id,
        defaultBranchId: row?.branch_id,
        token: duffel.token,
        webhookSecret: 'whsec-credits',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const item = ConnectionItem.parse(res.json());
    deps = {
      db: t.database.db,
      gds: servicesOf(t.app).gds,
      registry: servicesOf(t.app).gdsRegistry,
      clock: t.app.clock,
      log: t.app.log,
    };
    orders.paid = duffel.addOrder({
      bookingReference: 'DFCR01',
      slices: [[flight()]],
      passengers,
      totalAmount: '1200.00',
      currency: 'GBP',
      conditions: { change: '80.00', refund: null },
      metadata: { agent_email: DEMO.agent.email },
    });
    orders.hold = duffel.addOrder({
      bookingReference: 'DFCR02',
      slices: [[flight({ flightNumber: '179', departingAt: localIn(20, '18:00') })]],
      passengers,
      totalAmount: '640.00',
      currency: 'GBP',
      hold: { paymentRequiredBy: new Date(Date.now() + DAY_MS).toISOString() },
      metadata: { agent_email: DEMO.agent.email },
    });
    const synced = await syncConnection(
      { ...deps, registry: servicesOf(t.app).gdsRegistry },
      {
        id: item.id,
        agencyId: row?.agency_id ?? 0,
        defaultBranchId: row?.branch_id ?? 0,
        agentMetadataKey: item.agentMetadataKey,
        syncedAt: null,
      },
    );
    expect(synced).toMatchObject({ added: 2 });
  });
  afterAll(async () => {
    await t?.close();
    await duffel?.close();
  });

  it('should raise a credit-only reprice from a change refunded to a voucher, and record the credit when it is confirmed', async () => {
    duffel.scriptCheaperOffer(orders.paid, {
      newTotal: '880.00',
      penalty: '80.00',
      expiresAt: new Date(Date.now() + DAY_MS).toISOString(),
      refundTo: 'voucher',
    });
    expect((await checkBooking(deps, (await bookingOf(orders.paid)).id)).status).toBe('checked');
    const reprice = await pendingOf(orders.paid, 'Reprice');
    // Duffel gives back 240.00 (320.00 less its 80.00 penalty) to a voucher: credit only.
    expect(reprice).toMatchObject({ potentialSaving: 240, currency: 'GBP', savingKind: 'credit' });
    expect(await creditsOf(orders.paid)).toEqual([]);

    const operations = createNotificationOperations(deps);
    const { header } = await operations.execute(await superUser(), reprice.id, 'RP');

    expect(header.subtype).toBe('Complete');
    const paidAt = duffel.order(orders.paid).payment_status.paid_at;
    expect(await creditsOf(orders.paid)).toEqual([
      expect.objectContaining({
        notificationId: reprice.id,
        passengerName: 'Earhart/Amelia',
        passengerKey: 'earhart/amelia',
        airline: 'BA',
        amountCents: 24000,
        currency: 'GBP',
        source: 'reprice',
        state: 'open',
        reference: null,
      }),
    ]);
    // Duffel names no expiry on a change's voucher: a year from the ticket's issue (payment).
    const [credit] = await creditsOf(orders.paid);
    expect(credit?.expiresOn).toBe(ticketValidityEnd(paidAt ?? null));
  });

  it("should record a cancellation's airline credits, one each by Duffel's id, and nothing twice", async () => {
    expect((await checkBooking(deps, (await bookingOf(orders.hold)).id)).status).toBe('checked');
    const due = await pendingOf(orders.hold, 'TicketingDue');
    const passengerId = duffel.order(orders.hold).passengers[0]?.id ?? '';
    duffel.scriptRefund(orders.hold, {
      refund_amount: '640.00',
      refund_currency: 'GBP',
      refund_to: 'airline_credits',
      airline_credits: [
        {
          credit_amount: '600.00',
          credit_currency: 'GBP',
          credit_code: '1251234567890',
          credit_name: 'Future Flight Credit',
          issued_on: '2026-01-15',
          passenger_id: passengerId,
        },
        {
          credit_amount: '40.00',
          credit_currency: 'GBP',
          credit_code: '1251234567891',
          credit_name: 'Ancillary credit',
          issued_on: '2026-01-15',
          passenger_id: passengerId,
        },
      ],
    });

    const operations = createNotificationOperations(deps);
    const answer = await operations.cancelPnr(await superUser(), due.id);

    expect(answer.cancellationSuccessful).toBe(true);
    const cancellation = duffel.order(orders.hold).cancellation;
    const ids = (cancellation?.airline_credits ?? []).map((credit) => credit.id);
    expect(ids).toHaveLength(2);
    const recorded = await creditsOf(orders.hold);
    expect(
      recorded.map((row) => [row.reference, row.amountCents, row.source, row.expiresOn]).sort(),
    ).toEqual(
      [
        [ids[0], 60000, 'provider', '2027-01-15'],
        [ids[1], 4000, 'provider', '2027-01-15'],
      ].sort(),
    );
    expect(recorded[0]).toMatchObject({
      passengerName: 'Earhart/Amelia',
      airline: 'BA',
      currency: 'GBP',
      notificationId: null,
      bookingId: (await bookingOf(orders.hold)).id,
    });

    // The same credits read again (a retried cancel, a webhook) are not recorded twice.
    const again = await recordCredits(
      t.database.db,
      recorded.map((row) => ({
        agencyId: row.agencyId,
        branchId: row.branchId,
        agentId: row.agentId,
        bookingId: row.bookingId,
        notificationId: row.notificationId,
        passengerName: row.passengerName,
        passengerKey: row.passengerKey,
        airline: row.airline,
        amountCents: row.amountCents,
        currency: row.currency,
        expiresOn: row.expiresOn,
        source: row.source,
        reference: row.reference,
      })),
    );
    expect(again).toEqual([]);
    expect(await creditsOf(orders.hold)).toHaveLength(2);
  });
});
