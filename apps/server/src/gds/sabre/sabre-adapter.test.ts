import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { guardAllowing } from '../../../test/outgoing-guard';
import { startSabreStandIn, type SabreStandIn } from '../../../test/sabre-stand-in/stand-in';
import type { PnrScript } from '../../../test/sabre-stand-in/world';
import { createSabreGds, SABRE_SYSTEM_QUEUES, type SabreGds } from './sabre-adapter';
import { SabreUnavailable } from './sabre-errors';

// The port on Sabre against the stand-in in test support, which answers as Sabre's published
// samples do: every call of the port, and every error path of the client.

const NOW = new Date('2026-11-02T08:00:00Z');
let sabre: SabreStandIn;
let clients: SabreGds[] = [];

const clientOf = (over: { password?: string } = {}) => {
  const client = createSabreGds({
    access: {
      epr: sabre.credentials.epr,
      pcc: sabre.credentials.pcc,
      password: over.password ?? sabre.credentials.password,
      restUrl: sabre.restUrl,
      soapUrl: sabre.soapUrl,
    },
    queues: SABRE_SYSTEM_QUEUES,
    guard: guardAllowing([sabre.url]),
    now: () => NOW.getTime(),
    sleep: () => Promise.resolve(),
  });
  clients.push(client);
  return client;
};

const trip = (over: Partial<PnrScript> = {}): PnrScript => ({
  travelers: [{ givenName: 'ADA', surname: 'LOVELACE' }],
  flights: [
    {
      airline: 'LY',
      flightNumber: 7,
      from: 'TLV',
      to: 'JFK',
      departure: '2026-12-10 10:00',
      arrival: '2026-12-10 15:30',
      bookingClass: 'Y',
    },
  ],
  fare: { fareBasis: 'YLX7US', total: '900.00', taxes: '120.00', currency: 'USD', freeBags: 1 },
  rules: {
    refundable: false,
    refundPenalty: 0,
    changeable: true,
    changePenalty: 200,
    currency: 'USD',
  },
  deadline: '2026-11-20T23:59',
  ...over,
});

const operations = () => sabre.calls().map((call) => call.operation);
/** The calls of one operation from now on. */
const counting = (operation: string) => {
  const before = operations().filter((each) => each === operation).length;
  return () => operations().filter((each) => each === operation).length - before;
};

beforeAll(async () => {
  sabre = await startSabreStandIn({ now: () => NOW });
});
afterEach(async () => {
  await Promise.all(clients.map((client) => client.close()));
  clients = [];
});
afterAll(() => sabre.close());

describe('retrieveBooking', () => {
  it('should read a PNR with its flights, stored price quote, deadline, DK and history', async () => {
    const locator = sabre.addPnr(trip({ customerNumber: '1234567' }));

    const booking = await clientOf().retrieveBooking(locator);

    expect(booking).toMatchObject({
      locator,
      pcc: 'G7RE',
      customerNumber: '1234567',
      isTicketed: false,
      lastPurchaseAt: '2026-11-20T23:59:00.000Z',
      storedFare: { fareBasis: 'YLX7US', total: 900, currency: 'USD', freeBags: 1 },
      segments: [{ airline: 'LY', flightNumber: '7', from: 'TLV', to: 'JFK', status: 'HK' }],
    });
    expect(booking?.history).toEqual([
      expect.objectContaining({
        action: 'SOLD',
        airline: 'LY',
        flightNumber: '7',
        departure: '2026-12-10 10:00',
      }),
    ]);
  });

  it('should answer null for a locator Sabre does not know', async () => {
    expect(await clientOf().retrieveBooking('ZZZZZZ')).toBeNull();
  });

  it('should refuse wrong credentials in our words', async () => {
    const error = await clientOf({ password: 'WRONG' })
      .retrieveBooking('ZZZZZZ')
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(SabreUnavailable);
    expect((error as Error).message).toBe('Sabre refused the EPR, PCC or password');
  });

  it('should ask a new token once Sabre no longer takes the one it gave', async () => {
    const client = clientOf();
    const tokens = counting('token');
    const locator = sabre.addPnr(trip());
    await client.retrieveBooking(locator);
    sabre.expireTokens();

    expect(await client.retrieveBooking(locator)).toMatchObject({ locator });
    expect(tokens()).toBe(2);
  });

  it('should open a new session when Sabre ended the one it had', async () => {
    const client = clientOf();
    const locator = sabre.addPnr(trip());
    await client.retrieveBooking(locator);
    sabre.expireSessions();

    expect(await client.retrieveBooking(locator)).toMatchObject({ locator });
  });

  it('should refuse a REST errors answer with its code only', async () => {
    const locator = sabre.addPnr(trip());
    sabre.failNext('getBooking', {
      kind: 'rest-errors',
      category: 'BAD_REQUEST',
      type: 'INVALID_VALUE',
      description: 'Passenger LOVELACE/ADA is not valid',
    });

    const read = clientOf().retrieveBooking(locator);

    await expect(read).rejects.toThrow('Sabre refused getBooking (INVALID_VALUE)');
    await expect(read).rejects.not.toThrow(/LOVELACE/);
  });
});

describe('the connection', () => {
  it("should tell Sabre's time as the clock it was given", async () => {
    expect((await clientOf().now()).toISOString()).toBe(NOW.toISOString());
  });

  it('should tell a SOAP fault in our words, without the text Sabre sent', async () => {
    const locator = sabre.addPnr(trip());
    sabre.failNext('TravelItineraryHistoryLLSRQ', {
      kind: 'soap-fault',
      code: 'USG_AUTHORIZATION_FAILED',
    });

    const read = clientOf().retrieveBooking(locator);

    await expect(read).rejects.toThrow(SabreUnavailable);
    await expect(read).rejects.toThrow(
      /^Sabre does not let this EPR use the service: ask Sabre to grant it$/,
    );
  });
});

describe('listChangedBookings and releaseChanged', () => {
  it("should list the PNRs on the watched queues and leave the others' alone", async () => {
    const pcc = 'G7R1';
    const schedule = sabre.addPnr(trip({ pcc }));
    const deadline = sabre.addPnr(trip({ pcc }));
    const other = sabre.addPnr(trip({ pcc }));
    sabre.placeOnQueue(schedule, 6, pcc);
    sabre.placeOnQueue(deadline, 9, pcc);
    sabre.placeOnQueue(other, 3, pcc);

    expect((await clientOf().listChangedBookings(pcc, null)).sort()).toEqual(
      [schedule, deadline].sort(),
    );
  });

  it('should take a PNR off its queues once released, and leave an unreleased one on them', async () => {
    const pcc = 'G7R2';
    const checked = sabre.addPnr(trip({ pcc }));
    const crashed = sabre.addPnr(trip({ pcc }));
    sabre.placeOnQueue(checked, 5, pcc);
    sabre.placeOnQueue(crashed, 5, pcc);
    const client = clientOf();
    await client.listChangedBookings(pcc, null);

    await client.releaseChanged(pcc, checked);

    expect(sabre.queue(pcc, 5)).toEqual([crashed]);
    expect(await clientOf().listChangedBookings(pcc, null)).toEqual([crashed]);
  });

  it('should read no queue that Sabre counts empty', async () => {
    const pcc = 'G7R3';
    const before = sabre.calls().length;

    expect(await clientOf().listChangedBookings(pcc, null)).toEqual([]);
    expect(
      sabre
        .calls()
        .slice(before)
        .map((call) => call.operation),
    ).not.toContain('QueueAccessLLSRQ');
  });

  it('should wait and send again once when Sabre is busy', async () => {
    sabre.failNext('QueueCountLLSRQ', { kind: 'soap-fault', code: 'USG_IS_BUSY' });

    expect(await clientOf().listChangedBookings('G7R4', null)).toEqual([]);
  });
});

describe('actions', () => {
  it("should accept the airline's schedule change: TK confirmed, the UN flight gone", async () => {
    const locator = sabre.addPnr(trip());
    const [flight] = sabre.booking(locator).flights ?? [];
    sabre.retime(locator, flight!.itemId, {
      departure: '2026-12-10 12:00',
      arrival: '2026-12-10 17:30',
    });

    const result = await clientOf().acceptScheduleChange(locator);

    expect(result.ok).toBe(true);
    expect(result.ok && result.booking.segments.map((s) => [s.departure, s.status])).toEqual([
      ['2026-12-10 12:00', 'HK'],
    ]);
  });

  it('should end the transaction again once after simultaneous changes', async () => {
    const locator = sabre.addPnr(trip());
    const [flight] = sabre.booking(locator).flights ?? [];
    sabre.retime(locator, flight!.itemId, {
      departure: '2026-12-10 12:00',
      arrival: '2026-12-10 17:30',
    });
    sabre.failNext('EnhancedEndTransactionRQ', { kind: 'simultaneous-changes' });
    const ends = counting('EnhancedEndTransactionRQ');

    const result = await clientOf().acceptScheduleChange(locator);

    expect(result.ok).toBe(true);
    expect(ends()).toBe(2);
  });

  it('should confirm a cleared waitlist with the HK entry', async () => {
    const locator = sabre.addPnr(
      trip({
        flights: [{ ...trip().flights[0]!, status: 'HL' }],
      }),
    );
    const [flight] = sabre.booking(locator).flights ?? [];
    sabre.clearWaitlist(locator, flight!.itemId);

    const result = await clientOf().confirmWaitlist(locator);

    expect(result.ok && result.booking.segments[0]?.status).toBe('HK');
  });

  it('should price a lower fare with the WPNC entry, and store it when repriced', async () => {
    const locator = sabre.addPnr(trip());
    sabre.offerLowerFare(locator, {
      fareBasis: 'KLX7US',
      bookingClass: 'K',
      total: '700.00',
      taxes: '120.00',
      currency: 'USD',
    });
    const client = clientOf();

    const [quote] = await client.shopLowerFares(locator);
    expect(quote).toMatchObject({
      fareBasis: 'KLX7US',
      flightClass: 'K',
      total: 700,
      currency: 'USD',
    });
    expect(quote?.cmd).toMatch(/^WPNC/);

    const result = await client.repriceTo(locator, quote!);
    expect(result.ok && result.booking.storedFare).toMatchObject({
      fareBasis: 'KLX7US',
      total: 700,
    });
  });

  it('should reprice nothing when Sabre now prices more than the quote promised', async () => {
    const locator = sabre.addPnr(trip());
    sabre.offerLowerFare(locator, {
      fareBasis: 'KLX7US',
      bookingClass: 'K',
      total: '700.00',
      taxes: '120.00',
      currency: 'USD',
    });
    const client = clientOf();
    const [quote] = await client.shopLowerFares(locator);
    sabre.offerLowerFare(locator, {
      fareBasis: 'MLX7US',
      bookingClass: 'M',
      total: '800.00',
      taxes: '120.00',
      currency: 'USD',
    });

    const result = await client.repriceTo(locator, quote!);

    expect(result).toMatchObject({ ok: false, premiseChanged: true });
    expect(sabre.booking(locator).fares?.[0]?.totals?.total).toBe('900.00');
  });

  describe('a ticketed booking, repriced by exchange', () => {
    const ticketed = (refundable = false) => {
      const locator = sabre.addPnr({
        ...trip({ ticketed: true }),
        rules: {
          refundable,
          refundPenalty: 0,
          changeable: true,
          changePenalty: 200,
          currency: 'USD',
        },
      });
      sabre.offerLowerFare(locator, {
        fareBasis: 'KLX7US',
        bookingClass: 'K',
        total: '500.00',
        taxes: '120.00',
        currency: 'USD',
      });
      return locator;
    };

    it('should price the lower fare with Exchange Shopping: what comes back after the change fee, credit when the fare is not refundable', async () => {
      const locator = ticketed();

      const [quote] = await clientOf().shopLowerFares(locator);

      expect(quote).toMatchObject({
        cmd: 'WFRF',
        fareBasis: 'KLX7US',
        flightClass: 'K',
        total: 500,
        currency: 'USD',
        changeTotal: -200,
        refundTo: 'credit',
        penalties: { change: { allowed: true, amount: 200 } },
      });
      expect(operations()).toContain('ExchangeShoppingRQ');
    });

    it('should count what comes back as cash when the fare is refundable', async () => {
      const [quote] = await clientOf().shopLowerFares(ticketed(true));

      expect(quote).toMatchObject({ changeTotal: -200, refundTo: 'cash' });
    });

    it('should offer nothing when the change fee takes all the difference', async () => {
      const locator = ticketed();
      sabre.offerLowerFare(locator, {
        fareBasis: 'MLX7US',
        bookingClass: 'M',
        total: '750.00',
        taxes: '120.00',
        currency: 'USD',
      });

      expect(await clientOf().shopLowerFares(locator)).toEqual([]);
    });

    it('should rebook the class, store reissue quotes and reissue every ticket from them', async () => {
      const locator = ticketed();
      const client = clientOf();
      const [quote] = await client.shopLowerFares(locator);
      const [held] = sabre.tickets(locator);

      const result = await client.repriceTo(locator, quote!);

      expect(result.ok && result.booking.storedFare).toMatchObject({
        fareBasis: 'KLX7US',
        total: 500,
      });
      expect(result.ok && result.booking.segments.map((segment) => segment.flightClass)).toEqual([
        'K',
      ]);
      const tickets = sabre.tickets(locator);
      expect(tickets.find((ticket) => ticket.number === held?.number)?.status).toBe(
        'Refunded/Exchanged',
      );
      expect(tickets.filter((ticket) => ticket.status === 'Issued')).toMatchObject([
        { total: 50_000 },
      ]);
    });

    it('should change nothing when the exchange now gives back less than promised', async () => {
      const locator = ticketed();
      const client = clientOf();
      const [quote] = await client.shopLowerFares(locator);
      sabre.offerLowerFare(locator, {
        fareBasis: 'KLX7US',
        bookingClass: 'K',
        total: '600.00',
        taxes: '120.00',
        currency: 'USD',
      });
      const bookings = counting('ExchangeBookingRQ');

      const result = await client.repriceTo(locator, quote!);

      expect(result).toMatchObject({ ok: false, premiseChanged: true });
      expect(!result.ok && result.message).toMatch(
        /^Sabre now prices this exchange at -100\.00 USD, not the -200\.00 USD promised/,
      );
      expect(bookings()).toBe(0);
      expect(sabre.tickets(locator).map((ticket) => ticket.status)).toEqual(['Issued']);
    });

    it('should read the PNR, not reissue again, when the answer to the reissue was lost', async () => {
      const locator = ticketed();
      const client = clientOf();
      const [quote] = await client.shopLowerFares(locator);
      sabre.failNext('AirTicketRQ', { kind: 'lost-answer' });
      const reissues = counting('AirTicketRQ');

      const result = await client.repriceTo(locator, quote!);

      expect(result.ok).toBe(true);
      expect(reissues()).toBe(1);
      expect(sabre.tickets(locator).filter((ticket) => ticket.status === 'Issued')).toHaveLength(1);
    });

    it('should say the exchange was stored, not send it again, when its answer was lost', async () => {
      const locator = ticketed();
      const client = clientOf();
      const [quote] = await client.shopLowerFares(locator);
      sabre.failNext('ExchangeBookingRQ', { kind: 'lost-answer' });
      const bookings = counting('ExchangeBookingRQ');

      const result = await client.repriceTo(locator, quote!);

      expect(result).toMatchObject({ ok: false });
      expect(!result.ok && result.message).toMatch(/rebooked the flights in class K/);
      expect(bookings()).toBe(1);
    });
  });

  it("should quote a voidable ticket's whole price back to the form of payment, and nothing for an unticketed PNR", async () => {
    const client = clientOf();

    expect(await client.quoteCancellation(sabre.addPnr(trip({ ticketed: true })))).toEqual({
      ok: true,
      refund: { amount: 900, currency: 'USD' },
      refundTo: 'form_of_payment',
      expiresAt: null,
    });
    expect(await client.quoteCancellation(sabre.addPnr(trip()))).toEqual({
      ok: true,
      refund: null,
      refundTo: null,
      expiresAt: null,
    });
  });

  it('should issue the tickets from the stored price quote', async () => {
    const locator = sabre.addPnr(trip());

    expect(await clientOf().issueTickets(locator)).toEqual({ state: 'SUCCESS', errorText: null });
    expect(sabre.tickets(locator)).toHaveLength(1);
  });

  it('should not issue twice when the answer to ticketing was lost', async () => {
    const locator = sabre.addPnr(trip());
    sabre.failNext('fulfillFlightTickets', { kind: 'lost-answer' });
    const fulfils = counting('fulfillFlightTickets');

    expect(await clientOf().issueTickets(locator)).toEqual({ state: 'SUCCESS', errorText: null });
    expect(sabre.tickets(locator)).toHaveLength(1);
    expect(fulfils()).toBe(1);
  });

  it('should read the booking, not cancel again, when the answer to a cancel was lost', async () => {
    const locator = sabre.addPnr(trip());
    sabre.failNext('cancelBooking', { kind: 'lost-answer' });
    const cancels = counting('cancelBooking');

    const result = await clientOf().cancelBooking(locator);

    expect(result.ok && result.booking.isCancelled).toBe(true);
    expect(cancels()).toBe(1);
  });

  it('should cancel the segments named and keep the rest', async () => {
    const locator = sabre.addPnr(
      trip({
        flights: [
          trip().flights[0]!,
          {
            airline: 'LY',
            flightNumber: 8,
            from: 'JFK',
            to: 'TLV',
            departure: '2026-12-20 20:00',
            arrival: '2026-12-21 13:30',
            bookingClass: 'Y',
          },
        ],
      }),
    );
    const [, back] = sabre.booking(locator).flights ?? [];

    const result = await clientOf().cancelSegments(locator, [back!.itemId]);

    expect(result.ok && result.booking.segments.map((s) => s.flightNumber)).toEqual(['7']);
  });

  it("should read the fare's penalty rules for a fare basis of a booking it read", async () => {
    const locator = sabre.addPnr(trip());
    const client = clientOf();
    await client.retrieveBooking(locator);

    const rules = await client.fareRules('YLX7US');

    expect(rules?.fareBasis).toBe('YLX7US');
    expect(rules?.penalty).toMatch(/\S/);
  });

  it('should make a booking on the PCC with the flights as the agent typed them', async () => {
    const made = await clientOf().createBooking({
      pcc: 'G7RE',
      agentInitials: 'AWS',
      type: 'REGULAR',
      passengers: [
        {
          title: 'MS',
          firstName: 'ADA',
          lastName: 'LOVELACE',
          type: 'ADT',
          phone: null,
          email: null,
        },
      ],
      contact: { name: 'ADA LOVELACE', phone: null, email: 'ada@example.com' },
      segments: [
        {
          airline: 'LY',
          flightNumber: '7',
          from: 'TLV',
          to: 'JFK',
          departure: '2026-12-10 10:00',
          arrival: '2026-12-10 15:30',
          flightClass: 'Y',
        },
      ],
      ticketingTimeLimit: '2026-11-20T12:00:00.000Z',
    });

    expect(made.segments[0]).toMatchObject({
      airline: 'LY',
      flightNumber: '7',
      departure: '2026-12-10 10:00',
    });
  });
});
