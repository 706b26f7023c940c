import {
  CONNECTION_CALLS,
  ConnectionItem,
  DAY_MS,
  type NotificationType,
  PNR_TOOL_CALLS,
  PnrInfo,
  utcDayOf,
} from '@smt/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { bookings, notifications, priceQuotes, users } from '@/db/schema';
import {
  createNotificationOperations,
  type Actor,
} from '@/modules/notifications/notification-operations.service';
import { startSabreStandIn, type SabreStandIn } from '../../test/sabre-stand-in/stand-in';
import type { FlightScript, PnrScript } from '../../test/sabre-stand-in/world';
import { DEMO, signIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import { checkBooking, type EngineDeps } from './check-booking';
import { syncSabreConnection, type SabreConnection } from './sabre-sync';
import { servicesOf } from '@/app';

// An agency watching its Sabre PNRs (issue 37): connected through the Connections call, its
// PNRs found on the watched queues of its branch's PCC, checked, acted on at the stand-in of
// Sabre in test support.

const PCC = 'TLV1';
/** The agency's own queue its new PNRs are routed to, watched beside Sabre's system queues. */
const NEW_PNRS_QUEUE = 400;

const localIn = (days: number, hhmm: string) => `${utcDayOf(Date.now() + days * DAY_MS)} ${hhmm}`;

const flight = (over: Partial<FlightScript> = {}): FlightScript => ({
  airline: 'LY',
  flightNumber: 7,
  from: 'TLV',
  to: 'JFK',
  departure: localIn(40, '10:00'),
  arrival: localIn(40, '15:30'),
  bookingClass: 'Y',
  ...over,
});

const trip = (over: Partial<PnrScript> = {}): PnrScript => ({
  pcc: PCC,
  // Adam Agent's initials at TLV1 in the demo.
  agentSine: 'AA',
  travelers: [{ givenName: 'ADA', surname: 'LOVELACE' }],
  flights: [flight()],
  fare: { fareBasis: 'YLX7IL', total: '900.00', taxes: '120.00', currency: 'USD', freeBags: 1 },
  rules: {
    refundable: false,
    refundPenalty: 0,
    changeable: true,
    changePenalty: 0,
    currency: 'USD',
  },
  deadline: `${utcDayOf(Date.now() + 10 * DAY_MS)}T23:59`,
  ...over,
});

describe.each(TEST_DATABASE_KINDS)('an agency watching its Sabre PNRs on %s', (kind) => {
  let sabre: SabreStandIn;
  let t: TestApp;
  let deps: EngineDeps & { registry: NonNullable<EngineDeps['registry']> };
  let connection: SabreConnection;

  const bookingOf = async (locator: string) => {
    const [row] = await t.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.pnrNumber, locator));
    if (!row) throw new Error(`PNR ${locator} is not watched`);
    return row;
  };
  const pendingOf = async (locator: string, type: NotificationType) =>
    t.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.bookingId, (await bookingOf(locator)).id),
          eq(notifications.type, type),
          eq(notifications.subtype, 'Pending'),
        ),
      );
  const sync = () => syncSabreConnection(deps, connection);
  const check = async (locator: string) => checkBooking(deps, (await bookingOf(locator)).id);
  /** A new PNR of the agency, found on its queue and checked once. */
  const watched = async (script: PnrScript = trip()) => {
    const locator = sabre.addPnr(script);
    sabre.placeOnQueue(locator, NEW_PNRS_QUEUE, PCC);
    await sync();
    expect((await check(locator)).status).toBe('checked');
    return locator;
  };
  /** A fare lower than the stored one at Sabre, and the booking due for its reprice look. */
  const offerLowerFare = async (locator: string, total: string) => {
    sabre.offerLowerFare(locator, {
      fareBasis: 'KLX7IL',
      bookingClass: 'K',
      total,
      taxes: '120.00',
      currency: 'USD',
    });
    await t.database.db
      .update(bookings)
      .set({ repriceCheckedAt: null, nextCheckAt: new Date() })
      .where(eq(bookings.pnrNumber, locator));
  };
  const superUser = async (): Promise<Actor> => {
    const [user] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO.superUser.email));
    if (!user) throw new Error('no super user');
    return { userId: user.id, realUserId: user.id, scope: { kind: 'superUser' } };
  };
  const approve = async (notificationId: number, op: 'A' | 'RP' = 'A') =>
    createNotificationOperations(deps).execute(await superUser(), notificationId, op);

  beforeAll(async () => {
    sabre = await startSabreStandIn({ pcc: PCC });
    t = await createTestApp(kind, {
      env: { SABRE_REST_URL: sabre.restUrl, SABRE_SOAP_URL: sabre.soapUrl },
    });
    const [row] = await queryRows<{ agency_id: number }>(
      t.database.db,
      sql`select b.agency_id from branches b join agencies a on a.id = b.agency_id
          where a.name = 'Demo Travel' and b.pcc = ${PCC}`,
    );
    const agencyId = row?.agency_id ?? 0;
    const { headers } = await signIn(t.app, DEMO.manager);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${CONNECTION_CALLS.connectSabre}`,
      headers,
      payload: {
        agencyId,
        environment: 'CERT',
        epr: sabre.credentials.epr,
        pcc: sabre.credentials.pcc,
        password: sabre.credentials.password,
        queues: [5, 6, 7, 9, 17, 18, NEW_PNRS_QUEUE],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    connection = { id: ConnectionItem.parse(res.json()).id, agencyId };
    deps = {
      db: t.database.db,
      gds: servicesOf(t.app).gds,
      registry: servicesOf(t.app).gdsRegistry,
      clock: t.app.clock,
      log: t.app.log,
    };
  });
  afterAll(async () => {
    await t.close();
    await sabre.close();
  });

  it('should watch a PNR found on a watched queue under the agent whose initials made it, and take it off the queue once checked', async () => {
    const locator = sabre.addPnr(trip());
    sabre.placeOnQueue(locator, NEW_PNRS_QUEUE, PCC);

    expect(await sync()).toMatchObject({ added: 1 });
    const row = await bookingOf(locator);
    expect(row).toMatchObject({ gdsId: 'SABRE', connectionId: connection.id, monitored: true });
    const [agent] = await queryRows<{ initials: string }>(
      t.database.db,
      sql`select initials from agents where id = ${row.agentId}`,
    );
    expect(agent?.initials).toBe('AA');
    expect(sabre.queue(PCC, NEW_PNRS_QUEUE)).toContain(locator);

    expect((await check(locator)).status).toBe('checked');
    expect(sabre.queue(PCC, NEW_PNRS_QUEUE)).not.toContain(locator);
  });

  it('should leave a PNR on its queue when its check fails before writing, to be found again', async () => {
    const locator = await watched();
    sabre.placeOnQueue(locator, 9, PCC);
    await sync();
    sabre.failNext('getBooking', { kind: 'http', status: 503 });

    await expect(check(locator)).rejects.toThrow();

    expect(sabre.queue(PCC, 9)).toContain(locator);
    await sync();
    expect((await bookingOf(locator)).nextCheckAt?.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('should record the queue a known PNR was last found on, and name it on PNR info beside Sabre and the PCC', async () => {
    const locator = await watched();
    expect((await bookingOf(locator)).sourceQueue).toBe(NEW_PNRS_QUEUE);
    sabre.placeOnQueue(locator, 5, PCC);

    await sync();

    expect((await bookingOf(locator)).sourceQueue).toBe(5);
    const { headers } = await signIn(t.app, DEMO.superUser);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/${PNR_TOOL_CALLS.pnrInfo}?pnrNumber=${locator}`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(PnrInfo.parse(res.json()).booking).toMatchObject({
      provider: 'Sabre',
      branchPcc: PCC,
      queue: 5,
    });
  });

  it('should raise a graded schedule change from the queue within one check, and accept it at Sabre on Approve', async () => {
    const locator = await watched();
    const [held] = sabre.booking(locator).flights ?? [];
    sabre.retime(locator, held!.itemId, {
      departure: localIn(40, '12:00'),
      arrival: localIn(40, '17:30'),
    });
    expect(sabre.queue(PCC, 6)).toContain(locator);

    await sync();
    expect((await check(locator)).status).toBe('checked');
    const [change] = await pendingOf(locator, 'Reschedule');
    expect(change?.titleMessage).toBe('Flight LY7 departs 2 hours later');
    expect(sabre.queue(PCC, 6)).not.toContain(locator);

    const { header } = await approve(change?.id ?? 0);
    expect(header.subtype).toBe('Complete');
    expect(sabre.booking(locator).flights?.map((each) => each.flightStatusCode)).toEqual(['HK']);
  });

  it('should raise a cleared waitlist', async () => {
    const locator = await watched(trip({ flights: [flight({ status: 'HL' })] }));
    const [held] = sabre.booking(locator).flights ?? [];
    sabre.clearWaitlist(locator, held!.itemId);

    await sync();
    expect((await check(locator)).status).toBe('checked');

    expect(await pendingOf(locator, 'HoldsWaitlist')).toHaveLength(1);
  });

  it('should raise a flight the airline cancelled (HX)', async () => {
    const locator = await watched();
    const [held] = sabre.booking(locator).flights ?? [];
    sabre.cancelByAirline(locator, held!.itemId);

    await sync();
    expect((await check(locator)).status).toBe('checked');

    expect(await pendingOf(locator, 'SegmentRemoval')).toHaveLength(1);
  });

  it('should raise a lapsed ticketing deadline, and issue the tickets from the stored quote on Approve', async () => {
    const locator = await watched(trip({ deadline: `${utcDayOf(Date.now() - DAY_MS)}T12:00` }));
    sabre.lapseDeadline(locator);

    await sync();
    expect((await check(locator)).status).toBe('checked');
    const [due] = await pendingOf(locator, 'TicketingDue');
    expect(due).toBeDefined();

    const { header } = await approve(due?.id ?? 0);
    expect(header.subtype).toBe('Complete');
    expect(sabre.tickets(locator)).toHaveLength(1);
  });

  it('should raise a reprice whose price quote shows the pricing entry', async () => {
    const locator = await watched();
    await offerLowerFare(locator, '600.00');

    expect((await check(locator)).status).toBe('checked');
    const [reprice] = await pendingOf(locator, 'Reprice');
    expect(reprice).toMatchObject({ potentialSaving: 300, currency: 'USD' });
    const [quote] = await t.database.db
      .select()
      .from(priceQuotes)
      .where(eq(priceQuotes.notificationId, reprice?.id ?? 0));
    expect(quote?.cmd).toMatch(/^WPNC/);
  });

  it("should raise a ticketed PNR's lower fare as an exchange counted as credit, and reissue the ticket on Approve", async () => {
    const locator = await watched(
      trip({
        ticketed: true,
        rules: {
          refundable: false,
          refundPenalty: 0,
          changeable: true,
          changePenalty: 50,
          currency: 'USD',
        },
      }),
    );
    const [held] = sabre.tickets(locator);
    await offerLowerFare(locator, '600.00');

    expect((await check(locator)).status).toBe('checked');
    // 300 less the airline's change fee of 50 comes back, kept by the non-refundable fare.
    const [reprice] = await pendingOf(locator, 'Reprice');
    expect(reprice).toMatchObject({ potentialSaving: 250, currency: 'USD', savingKind: 'credit' });
    const [quote] = await t.database.db
      .select()
      .from(priceQuotes)
      .where(eq(priceQuotes.notificationId, reprice?.id ?? 0));
    expect(quote?.cmd).toBe('WFRF');

    const { header } = await approve(reprice?.id ?? 0, 'RP');
    expect(header.subtype).toBe('Complete');
    const tickets = sabre.tickets(locator);
    expect(tickets.find((ticket) => ticket.number === held?.number)?.status).toBe(
      'Refunded/Exchanged',
    );
    expect(tickets.filter((ticket) => ticket.status === 'Issued')).toMatchObject([
      { total: 60_000 },
    ]);
  });

  it('should find churning in the history Sabre keeps', async () => {
    const locator = await watched();
    const again = flight({ departure: localIn(41, '10:00'), arrival: localIn(41, '15:30') });
    // The demo's branch raises churning at three cancellations of a flight.
    sabre.churn(
      locator,
      [1, 2, 3].flatMap(() => [
        { action: 'sell' as const, flight: again },
        { action: 'cancel' as const, flight: again },
      ]),
    );
    sabre.placeOnQueue(locator, NEW_PNRS_QUEUE, PCC);

    await sync();
    expect((await check(locator)).status).toBe('checked');

    expect(await pendingOf(locator, 'Churning')).toHaveLength(1);
  });
});
