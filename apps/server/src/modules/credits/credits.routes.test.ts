import {
  CREDIT_CALLS,
  CreditItem,
  CreditPage,
  NOTIFICATION_CALLS,
  NotificationListResponse,
  PNR_CALLS,
  PnrDetails,
} from '@smt/shared';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '@/app';
import { loadEnv } from '@/config/env';
import { bookings, branches, credits, notifications, priceQuotes } from '@/db/schema';
import { DAY, HOUR } from '@/gds/simulator/local-time';
import type { SimRecord } from '@/gds/simulator/sim-types';
import type { Simulator } from '@/gds/simulator/simulator';
import { T0, testRecord } from '@/gds/simulator/testing';
import { syncBranch } from '@/monitoring/booking-sync';
import { checkBooking, type EngineDeps } from '@/monitoring/check-booking';
import { parseCsv } from '../../../test/parse-csv';
import { ticketValidityEnd } from './credit-recording';
import { DEMO, signIn, type DemoPerson } from '../../../test/sign-in';
import { createStillDemoWorld } from '../../../test/still-demo-world';
import { TEST_DATABASE_KINDS, type TestDatabase } from '../../../test/test-database';

// The credits ledger over HTTP (issue 36 point 4): an approved reprice on a ticket whose fare
// keeps the difference as airline credit records a credit per ticket; the Credits page's calls
// answer and refuse in CONTRACT's shape; a later booking of the same passenger on that airline
// says 'credit available' on its card and in its PNR details. The Credits page's own rules
// (scope, filters, what is recorded, a credit's states) are credits.service.test.ts's.

const CHANGE_FEE = 25;

describe.each(TEST_DATABASE_KINDS)('the credits ledger on %s', (kind) => {
  let database: TestDatabase;
  let sim: Simulator;
  let app: App;
  let repriced: SimRecord;
  let nextTrip: SimRecord;
  let repriceId: number;
  const headersOf = new Map<DemoPerson, Record<string, string>>();

  const as = async (person: DemoPerson) => {
    const known = headersOf.get(person);
    if (known) return known;
    const { headers } = await signIn(app, person);
    headersOf.set(person, headers);
    return headers;
  };
  const bookingIdOf = async (locator: string) => {
    const [row] = await database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.pnrNumber, locator));
    if (!row) throw new Error(`${locator} is not watched`);
    return row.id;
  };
  const creditCount = async () =>
    (await database.db.select({ n: count() }).from(credits))[0]?.n ?? 0;
  const list = async (person: DemoPerson, query = '') => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/${CREDIT_CALLS.list}${query}`,
      headers: await as(person),
    });
    expect(res.statusCode, res.body).toBe(200);
    return CreditPage.parse(res.json());
  };

  beforeAll(async () => {
    ({ database, sim } = await createStillDemoWorld(kind, { seed: 36, startAt: new Date(T0) }));
    // Adam Agent's ticketed booking on a fare that changes for a fee and keeps the difference
    // as airline credit, now filed again for half its price.
    repriced = testRecord({ key: 'credit-residual', agentInitials: 'AA' });
    const stored = repriced.booking.storedFare!;
    stored.penalties.change = { allowed: true, amount: CHANGE_FEE };
    stored.penalties.refund = { allowed: false, amount: 0 };
    stored.penalties.residual = 'credit';
    Object.assign(repriced.booking, {
      isTicketed: true,
      ticketedAt: new Date(T0 - DAY).toISOString(),
      lastPurchaseAt: null,
    });
    repriced.drops = [
      {
        at: T0 - HOUR,
        until: T0 + 10 * DAY,
        kind: 'GENUINE',
        bookingClass: stored.flightClass,
        fareBasis: stored.fareBasis,
        factor: 0.5,
      },
    ];
    // A later trip of the same passengers on the same airline, due to be ticketed tomorrow.
    nextTrip = testRecord({
      key: 'next-trip',
      agentInitials: 'AA',
      createdAt: T0 - HOUR,
      lastPurchaseAt: T0 + DAY,
    });
    const airline = repriced.booking.segments[0]!.airline;
    nextTrip.booking.passengers = structuredClone(repriced.booking.passengers);
    for (const segment of nextTrip.booking.segments) segment.airline = airline;
    await sim.importBookings([repriced, nextTrip]);
    app = await buildApp({
      env: loadEnv({ APP_ENV: 'local', LOG_LEVEL: 'silent' }),
      database,
      gds: sim,
      logger: false,
      webDistDir: '/nonexistent-smt-web-dist',
    });
    await app.ready();
    const deps: EngineDeps = { db: database.db, gds: sim, clock: app.clock, log: app.log };
    const [branch] = await database.db.select().from(branches).where(eq(branches.pcc, 'TLV1'));
    await syncBranch(deps, branch!);
    const repricedId = await bookingIdOf(repriced.booking.locator);
    await checkBooking(deps, repricedId);
    await checkBooking(deps, await bookingIdOf(nextTrip.booking.locator));
    const [raised] = await database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.bookingId, repricedId), eq(notifications.type, 'Reprice')));
    if (!raised) throw new Error('the engine raised no reprice');
    repriceId = raised.id;
  });
  afterAll(async () => {
    await app?.close();
    await sim?.close();
    await database?.close();
  });

  it('should record a credit per ticket at the residual when an agent approves a reprice on a non-refundable ticket', async () => {
    const [quote] = await database.db
      .select()
      .from(priceQuotes)
      .where(eq(priceQuotes.notificationId, repriceId));
    const saving = quote?.saving;
    if (!quote || !saving) throw new Error('the reprice has no saving');
    expect(saving.kind).toBe('credit');

    const res = await app.inject({
      method: 'POST',
      url: `/api/${NOTIFICATION_CALLS.execute}`,
      headers: await as(DEMO.agent),
      payload: { notification_id: repriceId, op_code: 'RP' },
    });

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ header: { subtype: 'Complete', title: 'Repriced' } });
    const rows = await database.db
      .select()
      .from(credits)
      .where(eq(credits.notificationId, repriceId));
    const { passengers } = repriced.booking;
    expect(rows).toHaveLength(passengers.length);
    // The gross difference, not the net: the change fee is paid on top (decision 067).
    const total = rows.reduce((sum, row) => sum + row.amountCents, 0);
    expect(total).toBe(Math.round(saving.gross * 100));
    expect(rows.map((row) => row.passengerName).sort()).toEqual(
      passengers.map((p) => `${p.lastName}/${p.firstName}`).sort(),
    );
    expect(rows[0]).toMatchObject({
      source: 'reprice',
      state: 'open',
      currency: quote.currency,
      airline: repriced.booking.segments[0]!.airline,
      bookingId: await bookingIdOf(repriced.booking.locator),
    });
    // A year from the ticket's issue, or the day the quote named.
    expect(rows[0]?.expiresOn).toBe(
      saving.credit_expires_on ?? ticketValidityEnd(new Date(T0 - DAY).toISOString()),
    );
  });

  // Access: the route lists in the caller's own scope (who sees what is the service's test).
  it("should list an agent's credits to them and not to another agency's manager", async () => {
    expect((await list(DEMO.agent)).total).toBeGreaterThan(0);
    expect((await list(DEMO.globeManager)).total).toBe(0);
  });

  it("should answer 404 with the refusal for another agency's credit", async () => {
    const [credit] = (await list(DEMO.agent)).items;
    const res = await app.inject({
      method: 'POST',
      url: `/api/${CREDIT_CALLS.setState.replace(':id', String(credit!.id))}`,
      headers: await as(DEMO.globeManager),
      payload: { state: 'used' },
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toEqual({
      code: 'NOT_FOUND',
      message: 'There is no such credit.',
      reason: 'credits.not-found',
    });
  });

  it("should write the caller's credits as a CSV file", async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/${CREDIT_CALLS.csv}?state=open`,
      headers: await as(DEMO.manager),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/credits-\d{4}-\d{2}-\d{2}\.csv/);
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([
      'Passenger',
      'Airline',
      'Amount',
      'Currency',
      'Expires on',
      'State',
      'Source',
      'PNR',
      'Agent',
      'Reference',
      'Recorded (UTC)',
      'Closed (UTC)',
    ]);
    const { items } = await list(DEMO.manager, '?state=open');
    expect(rows).toHaveLength(items.length);
    expect(rows[0]?.slice(0, 4)).toEqual([
      items[0]!.passengerName,
      items[0]!.airline,
      (items[0]!.amountCents / 100).toFixed(2),
      items[0]!.currency,
    ]);
  });

  it("should say 'credit available' on a later booking of the same passenger on that airline, not on the booking it came from", async () => {
    const cards = async (locator: string) => {
      const res = await app.inject({
        method: 'POST',
        url: `/api/${NOTIFICATION_CALLS.list}`,
        headers: await as(DEMO.agent),
        payload: { pnr_key: locator, subtype: ['Pending', 'Complete', 'Failed'] },
      });
      expect(res.statusCode, res.body).toBe(200);
      return NotificationListResponse.parse(res.json()).notifications;
    };
    const next = await cards(nextTrip.booking.locator);
    expect(next.length).toBeGreaterThan(0);
    const { items } = await list(DEMO.agent);
    const told = (next[0]?.credit_available ?? []).map((credit) => ({
      airline: credit.airline,
      amountCents: credit.amount_cents,
      currency: credit.currency,
      passengerName: credit.passenger_name,
    }));
    expect(told).toEqual(
      items.map(({ airline, amountCents, currency, passengerName }) => ({
        airline,
        amountCents,
        currency,
        passengerName,
      })),
    );
    for (const card of await cards(repriced.booking.locator))
      expect(card.credit_available).toBeUndefined();

    const res = await app.inject({
      method: 'GET',
      url: `/api/${PNR_CALLS.details}?id=${await bookingIdOf(nextTrip.booking.locator)}`,
      headers: await as(DEMO.agent),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(PnrDetails.parse(res.json()).credit_available).toHaveLength(items.length);
  });

  it('should answer the credit an agent records, and 409 with the refusal for a reference already recorded', async () => {
    const passenger = nextTrip.booking.passengers[0]!;
    const body = {
      pnrNumber: nextTrip.booking.locator.toLowerCase(),
      passengerName: `${passenger.lastName} / ${passenger.firstName}`,
      airline: 'ly',
      amount: '120.5',
      currency: 'usd',
      expiresOn: '2027-01-31',
      reference: '1142345678901',
    };
    const res = await app.inject({
      method: 'POST',
      url: `/api/${CREDIT_CALLS.create}`,
      headers: await as(DEMO.agent),
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(CreditItem.safeParse(res.json()).error).toBeUndefined();

    const again = await app.inject({
      method: 'POST',
      url: `/api/${CREDIT_CALLS.create}`,
      headers: await as(DEMO.agent),
      payload: body,
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CONFLICT',
      fieldErrors: {
        reference: 'A credit with this reference is already recorded for this airline.',
      },
    });
  });

  it('should answer 400 to bad input, changing nothing', async () => {
    const before = await creditCount();
    const passenger = nextTrip.booking.passengers[0]!;
    const body = {
      pnrNumber: nextTrip.booking.locator,
      passengerName: `${passenger.lastName}/${passenger.firstName}`,
      airline: 'LY',
      amount: '50',
      currency: 'USD',
      expiresOn: '2027-01-31',
    };
    const post = async (person: DemoPerson, payload: object) =>
      app.inject({
        method: 'POST',
        url: `/api/${CREDIT_CALLS.create}`,
        headers: await as(person),
        payload,
      });

    const bad = await post(DEMO.agent, { ...body, amount: '0', expiresOn: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'BAD_REQUEST',
      fieldErrors: {
        amount: 'Should be an amount above 0 with at most 2 decimals',
        expiresOn: 'The expiry date is required',
      },
    });
    const badState = await app.inject({
      method: 'POST',
      url: `/api/${CREDIT_CALLS.setState.replace(':id', '1')}`,
      headers: await as(DEMO.agent),
      payload: { state: 'expired' },
    });
    expect(badState.statusCode).toBe(400);
    expect(badState.json()).toMatchObject({ code: 'BAD_REQUEST' });

    expect(await creditCount()).toBe(before);
  });

  it('should answer the credit an agent marks used and a manager opens again', async () => {
    const [credit] = (await list(DEMO.agent, '?state=open')).items;
    const url = `/api/${CREDIT_CALLS.setState.replace(':id', String(credit!.id))}`;
    const used = await app.inject({
      method: 'POST',
      url,
      headers: await as(DEMO.agent),
      payload: { state: 'used' },
    });
    expect(used.statusCode, used.body).toBe(200);
    expect(CreditItem.safeParse(used.json()).error).toBeUndefined();
    const open = await app.inject({
      method: 'POST',
      url,
      headers: await as(DEMO.manager),
      payload: { state: 'open' },
    });
    expect(open.statusCode, open.body).toBe(200);
    expect(CreditItem.safeParse(open.json()).error).toBeUndefined();
  });
});
