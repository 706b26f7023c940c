import { SABRE_DEFAULT_QUEUES } from '@smt/shared';
import { SABRE_CAPABILITIES } from '@/gds/capabilities';
import type { GdsClient } from '@/gds/gds-client';
import type {
  CancellationQuote,
  FareQuote,
  GdsBooking,
  NewBooking,
  OperationFailure,
  OperationResult,
  TicketingResult,
} from '@/gds/gds-types';
import type { OutgoingGuard } from '@/lib/outgoing-address';
import type { SabreAccess } from './sabre-access';
import { SabreAnswerLost, SabreRefused } from './sabre-errors';
import { amountOf, bookingOf } from './sabre-mapping';
import { exchangeInputsOf, exchangeQuoteOf, fliesBooked, isOpen } from './sabre-exchange';
import {
  exchangeBookingRequest,
  exchangeShoppingRequest,
  exchangeSolutionsOf,
  issuedDocumentsOf,
  reissueQuotesOf,
  reissueRequest,
} from './sabre-exchange-messages';
import { createBookingRequestOf } from './sabre-new-booking';
import {
  commandRequest,
  endTransactionRequest,
  fareRulesRequest,
  historyRequest,
  ignoreTransactionRequest,
  lowestFareRequest,
  queueCountRequest,
  queueListRequest,
  queueRemoveRequest,
  readItineraryRequest,
} from './sabre-requests';
import { createSabreRest } from './sabre-rest';
import {
  BookingShape,
  CancelBookingShape,
  CheckTicketsShape,
  CreateBookingShape,
  FulfillTicketsShape,
} from './sabre-schemas';
import { createSabreSessions, type SoapCall } from './sabre-sessions';
import {
  historyOf,
  penaltyTextOf,
  pricedFareOf,
  queueCountsOf,
  queueLocatorsOf,
} from './sabre-soap-answers';
import { businessErrorsOf } from './sabre-soap';

// The port on Sabre (docs/decisions/070): Booking Management (REST) reads, cancels, tickets
// and creates bookings; SOAP sessions read the queues and the history, price, read rules and
// end transactions. Changed bookings are the ones on the connection's watched queues; each is
// taken off them (releaseChanged) only after its check has written what it found.

/** Sabre's system queues that match the product's alerts (docs/decisions/070). */
export const SABRE_SYSTEM_QUEUES = SABRE_DEFAULT_QUEUES;

export type SabreGdsOptions = {
  access: SabreAccess;
  guard: OutgoingGuard;
  /** The queue numbers read for changed bookings. */
  queues: readonly number[];
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  maxSessions?: number;
};

export type SabreGds = GdsClient & {
  /** PNRs on each watched queue of the connection's PCC, for 'Test connection'. */
  queueCounts: (pcc?: string) => Promise<{ queue: number; count: number }[]>;
  /** Closes the SOAP sessions: the client is no longer used. */
  close: () => Promise<void>;
};

const GET_BOOKING = '/v1/trip/orders/getBooking';
const SIMULTANEOUS = /SIMULTANEOUS CHANGES/i;
const NOTHING_CHANGED = 'nothing was changed';

const failed = (message: string): { ok: false; message: string } => ({ ok: false, message });

/** What the agent is told of a refusal; anything else (Sabre down) is the connection's, thrown. */
const refusalOf = (error: unknown): { ok: false; message: string } | null =>
  error instanceof SabreRefused ? failed(`${error.message}: ${NOTHING_CHANGED}`) : null;

export function createSabreGds(options: SabreGdsOptions): SabreGds {
  const { access, guard } = options;
  const now = options.now ?? Date.now;
  const rest = createSabreRest({ access, guard, now });
  const sessions = createSabreSessions({
    access,
    guard,
    now,
    ...(options.sleep && { sleep: options.sleep }),
    ...(options.maxSessions && { maxSessions: options.maxSessions }),
  });
  /** Which watched queues each PNR was found on, by PCC and locator, until it is released. */
  const onQueues = new Map<string, Set<number>>();
  /** The flight a fare basis was last seen on, which Sabre's rules display needs. */
  const ruleContexts = new Map<
    string,
    { airline: string; from: string; to: string; departure: string }
  >();
  const pccOf = (pcc: string) => (pcc === '' ? access.pcc : pcc);

  const getBooking = async (locator: string) => {
    try {
      return await rest.post(GET_BOOKING, { confirmationId: locator }, BookingShape, 'read');
    } catch (error) {
      if (error instanceof SabreRefused && error.code?.includes('NOT_FOUND')) return null;
      throw error;
    }
  };

  const voidableOf = async (locator: string) => {
    const check = await rest.post(
      '/v1/trip/orders/checkFlightTickets',
      { confirmationId: locator },
      CheckTicketsShape,
      'read',
    );
    const tickets = check.tickets ?? [];
    return tickets.length > 0 && tickets.every((ticket) => ticket.isVoidable === true);
  };

  /** The booking as the port sees it, and as Booking Management answered it. */
  const read = async (locator: string) => {
    const raw = await getBooking(locator);
    if (!raw) return null;
    const booking = await mapped(locator, raw);
    return { raw, booking };
  };

  const retrieve = async (locator: string): Promise<GdsBooking | null> =>
    (await read(locator))?.booking ?? null;

  const mapped = async (locator: string, booking: BookingShape): Promise<GdsBooking> => {
    const history = historyOf(
      await sessions.withSession((call) =>
        call('TravelItineraryHistoryLLSRQ', historyRequest(locator)),
      ),
    );
    const isVoidable = booking.isTicketed === true ? await voidableOf(locator) : false;
    const result = bookingOf(locator, booking, { pcc: access.pcc, history, isVoidable });
    const fare = result.storedFare;
    const first = result.segments[0];
    if (fare && first)
      ruleContexts.set(fare.fareBasis, {
        airline: first.airline,
        from: first.from,
        to: first.to,
        departure: first.departure.slice(5, 10),
      });
    return result;
  };

  /** The booking as it is after an action, which Sabre answered: an action's `ok` result. */
  const after = async (locator: string): Promise<OperationResult> => {
    const booking = await retrieve(locator);
    return booking ? { ok: true, booking } : failed('The booking is no longer in Sabre');
  };

  /**
   * Ends the transaction of the open PNR. Sabre refuses it when someone else changed the PNR
   * meanwhile ('simultaneous changes'): the session's changes are ignored, the PNR read again
   * and `redo` run once more before a second and last try.
   */
  const endTransaction = async (
    call: SoapCall,
    locator: string,
    redo: () => Promise<void>,
    end: { acceptScheduleChange?: boolean } = {},
  ) => {
    for (let attempt = 1; ; attempt += 1) {
      const errors = businessErrorsOf(
        await call('EnhancedEndTransactionRQ', endTransactionRequest(end)),
      );
      if (errors === null) return;
      await call('IgnoreTransactionLLSRQ', ignoreTransactionRequest());
      if (!errors.some((line) => SIMULTANEOUS.test(line)))
        throw new SabreRefused('Sabre did not store the change');
      if (attempt === 2)
        throw new SabreRefused('Sabre reported changes made to this booking elsewhere, twice');
      await call('TravelItineraryReadRQ', readItineraryRequest(locator));
      await redo();
    }
  };

  /**
   * An action whose answer was lost may have been made: the booking is read and judged by
   * `done` instead of sending it again.
   */
  const settled = async (
    locator: string,
    action: () => Promise<OperationResult>,
    done: (booking: GdsBooking) => boolean,
  ): Promise<OperationResult> => {
    try {
      return await action();
    } catch (error) {
      const refused = refusalOf(error);
      if (refused) return refused;
      if (!(error instanceof SabreAnswerLost)) throw error;
      const booking = await retrieve(locator);
      if (booking && done(booking)) return { ok: true, booking };
      return failed(`Sabre did not answer, and the booking shows no change: ${NOTHING_CHANGED}`);
    }
  };

  const lowestFare = async (call: SoapCall, locator: string, retain: boolean) => {
    await call('TravelItineraryReadRQ', readItineraryRequest(locator));
    return pricedFareOf(await call('OTA_AirPriceLLSRQ', lowestFareRequest(retain)));
  };

  /** Exchange Shopping's solutions on the booked flights, and what the exchange needs. */
  const shopExchange = async (locator: string, raw: BookingShape) => {
    const inputs = exchangeInputsOf(raw);
    if (!inputs) return null;
    const answer = await sessions.withSession((call) =>
      call(
        'ExchangeShoppingRQ',
        exchangeShoppingRequest(access.pcc, locator, inputs.tickets, inputs.flights),
      ),
    );
    if (businessErrorsOf(answer) !== null) return null;
    const solutions = exchangeSolutionsOf(answer).filter((solution) =>
      fliesBooked(solution, inputs.flights),
    );
    return { inputs, solutions };
  };

  const shopLowerFares = async (locator: string): Promise<FareQuote[]> => {
    const found = await read(locator);
    const booking = found?.booking;
    const stored = booking?.storedFare;
    if (!found || !booking || !stored || booking.isCancelled) return [];
    // A ticketed booking's lower fare is an exchange, priced by Sabre (docs/decisions/071).
    if (booking.isTicketed) {
      const shopped = await shopExchange(locator, found.raw);
      if (!shopped) return [];
      return shopped.solutions
        .flatMap(
          (solution) => exchangeQuoteOf(stored, solution, shopped.inputs.tickets.length) ?? [],
        )
        .sort((a, b) => (a.changeTotal ?? 0) - (b.changeTotal ?? 0))
        .slice(0, 1);
    }
    const priced = await sessions.withSession(async (call) => {
      const fare = await lowestFare(call, locator, false);
      await call('IgnoreTransactionLLSRQ', ignoreTransactionRequest());
      return fare;
    });
    if (!priced || priced.currency !== stored.currency || priced.total >= stored.total) return [];
    return [
      {
        cmd: priced.command ?? 'WPNC',
        fareBasis: priced.fareBasis,
        flightClass: priced.bookingClass ?? stored.flightClass,
        total: priced.total,
        currency: priced.currency,
        freeBags: stored.freeBags,
        bagCost: null,
        // The pricing answer does not state the new fare's penalties: nothing is assumed
        // allowed until its rules are read.
        penalties: {
          change: { allowed: false, amount: 0 },
          refund: { allowed: false, amount: 0 },
          currency: priced.currency,
        },
        lastPurchase: null,
        segmentIds: stored.segmentIds,
        passengerTypes: stored.passengerTypes,
      },
    ];
  };

  const money = (amount: number, currency: string) => `${amount.toFixed(2)} ${currency}`;

  /**
   * A ticketed booking repriced by exchange (docs/decisions/071): shopped again, so that an
   * exchange now giving back less than promised is refused with nothing changed; then Exchange
   * Booking rebooks the flights in the fare's class and stores a reissue quote per ticket, and
   * AirTicketRQ reissues each ticket from it. Neither is sent twice: a lost answer is judged
   * from the PNR.
   */
  const reissueTo = async (
    locator: string,
    raw: BookingShape,
    quote: FareQuote,
  ): Promise<OperationResult> => {
    const promised = quote.changeTotal;
    if (promised === undefined || promised === null)
      return failed('This Sabre fare does not say what the exchange moves: shop again');
    const shopped = await shopExchange(locator, raw);
    const again = shopped?.solutions.find(
      (solution) =>
        solution.bookingClass === quote.flightClass && solution.fareBasis === quote.fareBasis,
    );
    if (!shopped || !again)
      return {
        ok: false,
        message: `Sabre no longer offers this fare in an exchange: ${NOTHING_CHANGED}`,
        premiseChanged: true,
      };
    if (again.currency !== quote.currency || again.grandTotal > promised + 0.005)
      return {
        ok: false,
        message: `Sabre now prices this exchange at ${money(again.grandTotal, again.currency)}, not the ${money(promised, quote.currency)} promised: ${NOTHING_CHANGED}`,
        premiseChanged: true,
      };
    const { tickets, flights } = shopped.inputs;
    const held = tickets.map((ticket) => ticket.number);
    const rebooked = (now: BookingShape) =>
      (now.flights ?? []).every((flight) => flight.bookingClass === again.bookingClass);
    const reissued = (now: BookingShape) =>
      !(now.flightTickets ?? []).some((ticket) => held.includes(ticket.number) && isOpen(ticket));

    let quotes: number[];
    try {
      quotes = await sessions.withSession(async (call) => {
        const answer = await call(
          'ExchangeBookingRQ',
          exchangeBookingRequest(locator, tickets, flights, again.bookingClass),
        );
        if (businessErrorsOf(answer) === null) return reissueQuotesOf(answer);
        await call('IgnoreTransactionLLSRQ', ignoreTransactionRequest());
        return [];
      });
    } catch (error) {
      const refused = refusalOf(error);
      if (refused) return refused;
      if (!(error instanceof SabreAnswerLost)) throw error;
      const now = await getBooking(locator);
      return now && rebooked(now)
        ? failed(
            `Sabre rebooked the flights in class ${again.bookingClass} but its answer was lost: reissue the tickets in Sabre from the stored reissue quotes`,
          )
        : failed(`Sabre did not answer, and the booking shows no change: ${NOTHING_CHANGED}`);
    }
    if (quotes.length !== tickets.length)
      return failed(`Sabre did not make the exchange: ${NOTHING_CHANGED}`);
    const unissued = `Sabre rebooked the flights in class ${again.bookingClass} and stored reissue quotes ${quotes.join(', ')}, but did not reissue the tickets: reissue them in Sabre`;
    try {
      const answer = await sessions.withSession((call) =>
        call('AirTicketRQ', reissueRequest(locator, quotes)),
      );
      if (businessErrorsOf(answer) !== null || issuedDocumentsOf(answer).length === 0)
        return failed(unissued);
    } catch (error) {
      if (!(error instanceof SabreAnswerLost)) return refusalOf(error) ?? failed(unissued);
      const now = await getBooking(locator);
      if (!now || !reissued(now)) return failed(unissued);
    }
    return after(locator);
  };

  const repriceTo = async (locator: string, quote: FareQuote): Promise<OperationResult> => {
    const booking = await getBooking(locator);
    if (!booking) return failed('The booking is no longer in Sabre');
    if (booking.isTicketed) return reissueTo(locator, booking, quote);
    return settled(
      locator,
      async () => {
        const outcome = await sessions.withSession(async (call) => {
          const price = async () => {
            const fare = await lowestFare(call, locator, true);
            if (fare && fare.currency === quote.currency && fare.total <= quote.total + 0.005)
              return null;
            return fare
              ? `Sabre now prices this booking at ${money(fare.total, fare.currency)}, not the ${money(quote.total, quote.currency)} promised: ${NOTHING_CHANGED}`
              : `Sabre priced no fare for this booking: ${NOTHING_CHANGED}`;
          };
          const changed = await price();
          if (changed !== null) {
            await call('IgnoreTransactionLLSRQ', ignoreTransactionRequest());
            return changed;
          }
          await endTransaction(call, locator, async () => {
            const again = await price();
            if (again !== null) throw new SabreRefused(again);
          });
          return null;
        });
        if (outcome !== null) return { ok: false, message: outcome, premiseChanged: true };
        return after(locator);
      },
      (now) => now.storedFare?.total === quote.total,
    );
  };

  const cancelBooking = async (locator: string): Promise<OperationResult> => {
    const booking = await retrieve(locator);
    if (!booking) return failed('The booking is no longer in Sabre');
    return settled(
      locator,
      async () => {
        await rest.post(
          '/v1/trip/orders/cancelBooking',
          {
            confirmationId: locator,
            retrieveBooking: true,
            cancelAll: true,
            // Inside the void window the tickets are voided with the booking; past it they
            // stay open, their value the traveller's to refund or exchange.
            ...(booking.isVoidable && { flightTicketOperation: 'VOID' }),
            errorHandlingPolicy: 'HALT_ON_ERROR',
          },
          CancelBookingShape,
          'effect',
        );
        const result = await after(locator);
        return result.ok
          ? { ...result, cancellation: { refund: null, refundTo: null, airlineCredits: [] } }
          : { ok: true, booking: { ...booking, isCancelled: true, segments: [] } };
      },
      (now) => now.isCancelled,
    );
  };

  const quoteCancellation = async (
    locator: string,
  ): Promise<CancellationQuote | OperationFailure> => {
    const booking = await getBooking(locator);
    if (!booking) return failed('The booking is no longer in Sabre');
    if (!booking.isTicketed) return { ok: true, refund: null, refundTo: null, expiresAt: null };
    const check = await rest.post(
      '/v1/trip/orders/checkFlightTickets',
      { confirmationId: locator },
      CheckTicketsShape,
      'read',
    );
    const tickets = check.tickets ?? [];
    const paid = (booking.flightTickets ?? []).map((ticket) => ticket.payment).filter((p) => !!p);
    const currency = paid[0]?.currencyCode ?? tickets[0]?.refundTotals?.currencyCode ?? 'USD';
    const voidable = tickets.length > 0 && tickets.every((ticket) => ticket.isVoidable === true);
    const amount = voidable
      ? paid.reduce((sum, payment) => sum + amountOf(payment?.total), 0)
      : tickets.reduce(
          (sum, ticket) =>
            sum + (ticket.isRefundable === true ? amountOf(ticket.refundTotals?.total) : 0),
          0,
        );
    return {
      ok: true,
      refund: { amount: Math.round(amount * 100) / 100, currency },
      refundTo: 'form_of_payment',
      expiresAt: null,
    };
  };

  const acceptScheduleChange = (locator: string): Promise<OperationResult> =>
    settled(
      locator,
      async () => {
        await sessions.withSession(async (call) => {
          await call('TravelItineraryReadRQ', readItineraryRequest(locator));
          await endTransaction(call, locator, async () => undefined, {
            acceptScheduleChange: true,
          });
        });
        return after(locator);
      },
      (now) => now.segments.every((segment) => segment.status !== 'TK'),
    );

  const confirmWaitlist = async (locator: string): Promise<OperationResult> => {
    const booking = await getBooking(locator);
    if (!booking) return failed('The booking is no longer in Sabre');
    // Sabre numbers the itinerary's segments in order, as the flights are listed.
    const numbers = (booking.flights ?? [])
      .map((flight, index) => ({ code: flight.flightStatusCode, number: index + 1 }))
      .filter(({ code }) => code === 'KL' || code === 'KK')
      .map(({ number }) => number);
    if (numbers.length === 0) return failed('No waitlisted flight of this booking has cleared');
    const entries = async (call: SoapCall) => {
      for (const number of numbers) await call('SabreCommandLLSRQ', commandRequest(`.${number}HK`));
    };
    return settled(
      locator,
      async () => {
        await sessions.withSession(async (call) => {
          await call('TravelItineraryReadRQ', readItineraryRequest(locator));
          await entries(call);
          await endTransaction(call, locator, () => entries(call));
        });
        return after(locator);
      },
      (now) => now.segments.every((segment) => segment.status !== 'KL' && segment.status !== 'KK'),
    );
  };

  const issueTickets = async (locator: string): Promise<TicketingResult> => {
    const booking = await getBooking(locator);
    if (!booking) return { state: 'FAILURE', errorText: 'The booking is no longer in Sabre' };
    if (booking.isTicketed) return { state: 'SUCCESS', errorText: null };
    const quote = (booking.fares ?? []).find((fare) => fare.recordId);
    if (!quote?.recordId)
      return { state: 'FAILURE', errorText: 'The booking has no price quote to ticket from' };
    try {
      await rest.post(
        '/v1/trip/orders/fulfillFlightTickets',
        {
          confirmationId: locator,
          fulfillments: [{ ticketingQualifiers: { priceQuoteRecordIds: [quote.recordId] } }],
        },
        FulfillTicketsShape,
        'effect',
      );
      return { state: 'SUCCESS', errorText: null };
    } catch (error) {
      if (error instanceof SabreRefused) return { state: 'FAILURE', errorText: error.message };
      if (!(error instanceof SabreAnswerLost)) throw error;
      // Never issued twice: the PNR says whether the tickets were.
      const now = await getBooking(locator);
      return now?.isTicketed === true
        ? { state: 'SUCCESS', errorText: null }
        : {
            state: 'FAILURE',
            errorText: 'Sabre did not answer, and the booking shows no ticket: nothing was issued',
          };
    }
  };

  return {
    provider: 'SABRE',
    capabilities: SABRE_CAPABILITIES,
    // Sabre's services state no clock of their own: the product's (UTC) is the reference.
    now: () => Promise.resolve(new Date(now())),
    retrieveBooking: retrieve,
    listChangedBookings: (pcc) =>
      sessions.withSession(async (call) => {
        const at = pccOf(pcc);
        const counts = queueCountsOf(await call('QueueCountLLSRQ', queueCountRequest(at)));
        const found: string[] = [];
        for (const queue of options.queues) {
          if ((counts.get(queue) ?? 0) === 0) continue;
          const answer = await call('QueueAccessLLSRQ', queueListRequest(at, queue));
          for (const locator of queueLocatorsOf(answer)) {
            const key = `${at} ${locator}`;
            const queues = onQueues.get(key) ?? new Set<number>();
            queues.add(queue);
            onQueues.set(key, queues);
            if (!found.includes(locator)) found.push(locator);
          }
        }
        return found;
      }),
    queueOf: (pcc, locator) => {
      const queues = onQueues.get(`${pccOf(pcc)} ${locator}`);
      return queues && queues.size > 0 ? Math.min(...queues) : null;
    },
    releaseChanged: async (pcc, locator) => {
      const key = `${pccOf(pcc)} ${locator}`;
      const queues = onQueues.get(key);
      if (!queues || queues.size === 0) return;
      await sessions.withSession(async (call) => {
        await call('TravelItineraryReadRQ', readItineraryRequest(locator));
        for (const queue of queues)
          await call('QueueAccessLLSRQ', queueRemoveRequest(pccOf(pcc), queue));
      });
      onQueues.delete(key);
    },
    shopLowerFares,
    fareRules: async (fareBasis) => {
      const context = ruleContexts.get(fareBasis);
      if (!context) return null;
      const penalty = penaltyTextOf(
        await sessions.withSession((call) =>
          call('OTA_AirRulesLLSRQ', fareRulesRequest({ fareBasis, ...context })),
        ),
      );
      return penalty === null ? null : { fareBasis, penalty };
    },
    repriceTo,
    cancelSegments: (locator, segmentIds) =>
      settled(
        locator,
        async () => {
          await rest.post(
            '/v1/trip/orders/cancelBooking',
            {
              confirmationId: locator,
              retrieveBooking: true,
              segments: segmentIds.map((id) => ({ id: /^\d+$/.test(id) ? Number(id) : id })),
              errorHandlingPolicy: 'HALT_ON_ERROR',
            },
            CancelBookingShape,
            'effect',
          );
          return after(locator);
        },
        (now) => now.segments.every((segment) => !segmentIds.includes(segment.id)),
      ),
    cancelBooking,
    quoteCancellation,
    acceptScheduleChange,
    confirmWaitlist,
    issueTickets,
    createBooking: async (booking: NewBooking) => {
      const made = await rest.post(
        '/v1/trip/orders/createBooking',
        createBookingRequestOf(booking),
        CreateBookingShape,
        'effect',
      );
      const locator = made.confirmationId;
      const created = locator ? await retrieve(locator) : null;
      if (!created) throw new SabreRefused('Sabre made no booking');
      return created;
    },
    queueCounts: (pcc = '') =>
      sessions.withSession(async (call) => {
        const at = pccOf(pcc);
        const answer = await call('QueueCountLLSRQ', queueCountRequest(at));
        const counts = queueCountsOf(answer);
        // No count and an error: a PCC the EPR may not work in (or none). Sabre's words stay here.
        if (counts.size === 0 && businessErrorsOf(answer))
          throw new SabreRefused(`Sabre refused to count the queues of ${at}`);
        return options.queues.map((queue) => ({ queue, count: counts.get(queue) ?? 0 }));
      }),
    close: () => sessions.close(),
  };
}
