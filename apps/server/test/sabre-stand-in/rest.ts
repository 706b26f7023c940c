import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  BookingRefusal,
  bookingNotFound,
  decimal,
  INACTIVE,
  instantOf,
  type BookingError,
  type FlightRecord,
  type PassengerCode,
  type PnrRecord,
  type TicketRecord,
  type World,
} from './world';

// Sabre's REST side: the token service (v2, client credentials) and Booking Management's
// booking and flight-ticket calls, in the shapes its API reference gives (typed in
// CarlosIvanSoto/sabre) and its Postman collections send. A refusal is HTTP 200 with
// `errors` (its BookingError); only the gateway's own refusals (a bad token) use 401/403.

export type RestAnswer = { status: number; body: unknown };

export const REST_OPERATIONS = [
  'token',
  'getBooking',
  'cancelBooking',
  'checkFlightTickets',
  'fulfillFlightTickets',
  'createBooking',
] as const;
type RestOperation = (typeof REST_OPERATIONS)[number];

const TOKEN_SECONDS = 604_800;

const STATUS_NAMES: Record<string, string> = {
  HK: 'Confirmed',
  KK: 'Confirmed',
  KL: 'Confirmed',
  TK: 'Confirmed',
  SS: 'Confirmed',
  RR: 'Confirmed',
  GK: 'Confirmed',
  HL: 'Waitlisted',
  LL: 'Waitlisted',
  TL: 'Waitlisted',
  US: 'Waitlisted',
  UU: 'Waitlisted',
  HN: 'On Request',
  NN: 'On Request',
  TN: 'On Request',
  HX: 'Cancelled',
  UN: 'Cancelled',
  XX: 'Cancelled',
  UC: 'Unconfirmed',
  NO: 'Unconfirmed',
};

const TRAVELER_TYPES: Record<PassengerCode, string> = {
  ADT: 'ADULT',
  CNN: 'CHILD',
  INF: 'INFANT',
};

const COUPONS: Record<TicketRecord['status'], { couponStatus: string; couponStatusCode: string }> =
  {
    Issued: { couponStatus: 'Okay', couponStatusCode: 'I' },
    Voided: { couponStatus: 'Voided', couponStatusCode: 'V' },
    'Refunded/Exchanged': { couponStatus: 'Refunded', couponStatusCode: 'RF' },
  };
const TICKET_CODES: Record<TicketRecord['status'], string> = {
  Issued: 'TE',
  Voided: 'TV',
  'Refunded/Exchanged': 'TR',
};

const dateOf = (local: string) => local.slice(0, 10);
const timeOf = (local: string) => local.slice(11, 16);

function flightOf(flight: FlightRecord, pnr: PnrRecord, now: number) {
  return {
    itemId: flight.itemId,
    confirmationId: flight.airlineLocator,
    sourceType: 'ATPCO',
    flightNumber: flight.flightNumber,
    airlineCode: flight.airline,
    operatingFlightNumber: flight.flightNumber,
    operatingAirlineCode: flight.operatingAirline,
    fromAirportCode: flight.from,
    toAirportCode: flight.to,
    departureDate: dateOf(flight.departure),
    departureTime: timeOf(flight.departure),
    arrivalDate: dateOf(flight.arrival),
    arrivalTime: timeOf(flight.arrival),
    numberOfSeats: pnr.travelers.filter((traveler) => traveler.passengerCode !== 'INF').length,
    ...(flight.aircraft && { aircraftTypeCode: flight.aircraft }),
    bookingClass: flight.bookingClass,
    flightStatusCode: flight.status,
    flightStatusName: STATUS_NAMES[flight.status] ?? 'Unknown',
    travelerIndices: pnr.travelers.map((_traveler, index) => index + 1),
    isPast: instantOf(flight.departure) < now,
  };
}

function penalties(allowed: boolean, cents: number, currency: string) {
  return allowed
    ? [
        {
          applicability: 'BEFORE_DEPARTURE',
          conditionsApply: false,
          penalty: { amount: decimal(cents), currencyCode: currency },
        },
      ]
    : undefined;
}

function ticketOf(ticket: TicketRecord, pnr: PnrRecord) {
  const inBooking = new Set(pnr.flights.map((flight) => flight.itemId));
  return {
    number: ticket.number,
    date: ticket.date,
    airlineCode: ticket.airline,
    travelerIndex: ticket.travelerIndex,
    flightCoupons: ticket.itemIds
      .filter((itemId) => inBooking.has(itemId))
      .map((itemId) => ({ itemId, ...COUPONS[ticket.status] })),
    payment: {
      subtotal: decimal(ticket.total - ticket.taxes),
      taxes: decimal(ticket.taxes),
      total: decimal(ticket.total),
      currencyCode: ticket.currency,
    },
    ticketStatusName: ticket.status,
    ticketStatusCode: TICKET_CODES[ticket.status],
    ticketingPcc: ticket.pcc,
  };
}

/** A PNR as Booking Management's getBooking answers it. */
export function bookingOf(pnr: PnrRecord, now: Date) {
  const flights = pnr.flights;
  const active = flights.filter((flight) => !INACTIVE.has(flight.status));
  const [first, last] = [flights[0], flights.at(-1)];
  const [deadlineDate, deadlineTime] = pnr.deadline?.split('T') ?? [];
  const created = {
    creationUserSine: pnr.agentSine,
    creationDate: pnr.createdAt.slice(0, 10),
    creationTime: pnr.createdAt.slice(11, 16),
    ...(deadlineDate && { purchaseDeadlineDate: deadlineDate, purchaseDeadlineTime: deadlineTime }),
    userWorkPcc: pnr.pcc,
    userHomePcc: pnr.pcc,
  };
  const travelerIndices = pnr.travelers.map((_traveler, index) => index + 1);
  const fare = pnr.fare;
  const validating = active[0]?.airline ?? first?.airline;
  const subtotal = fare ? fare.total - fare.taxes : 0;
  return {
    bookingId: pnr.locator,
    ...(first && { startDate: dateOf(first.departure) }),
    ...(last && { endDate: dateOf(last.arrival) }),
    isCancelable: flights.length > 0,
    isTicketed: pnr.tickets.some((ticket) => ticket.status === 'Issued'),
    ...(pnr.customerNumber && { agencyCustomerNumber: pnr.customerNumber }),
    creationDetails: { ...created, primeHostId: '1S' },
    ...((pnr.contact.emails.length > 0 || pnr.contact.phones.length > 0) && {
      contactInfo: {
        ...(pnr.contact.emails.length > 0 && { emails: pnr.contact.emails }),
        ...(pnr.contact.phones.length > 0 && { phones: pnr.contact.phones }),
      },
    }),
    travelers: pnr.travelers.map((traveler) => ({
      givenName: traveler.givenName,
      surname: traveler.surname,
      type: TRAVELER_TYPES[traveler.passengerCode],
      passengerCode: traveler.passengerCode,
      ...(traveler.email && { emails: [traveler.email] }),
      ...(traveler.phone && { phones: [{ number: traveler.phone }] }),
    })),
    ...(flights.length > 0 && {
      flights: flights.map((flight) => flightOf(flight, pnr, now.getTime())),
    }),
    ...(fare &&
      pnr.rules &&
      first &&
      last && {
        fareRules: [...new Set(pnr.travelers.map((traveler) => traveler.passengerCode))].map(
          (passengerCode) => ({
            originAirportCode: first.from,
            destinationAirportCode: last.to,
            owningAirlineCode: validating,
            passengerCode,
            isRefundable: pnr.rules?.refundable ?? false,
            refundPenalties: penalties(
              pnr.rules?.refundable ?? false,
              pnr.rules?.refundPenalty ?? 0,
              pnr.rules?.currency ?? fare.currency,
            ),
            isChangeable: pnr.rules?.changeable ?? false,
            exchangePenalties: penalties(
              pnr.rules?.changeable ?? false,
              pnr.rules?.changePenalty ?? 0,
              pnr.rules?.currency ?? fare.currency,
            ),
          }),
        ),
      }),
    ...(fare && {
      fares: [
        {
          creationDetails: {
            ...created,
            creationDate: fare.createdAt.slice(0, 10),
            creationTime: fare.createdAt.slice(11, 16),
          },
          airlineCode: validating,
          fareCalculationLine: `${first?.from ?? ''} ${validating ?? ''} ${last?.to ?? ''}${decimal(subtotal)}${fare.currency}${decimal(subtotal)}END`,
          isNegotiatedFare: false,
          travelerIndices,
          fareConstruction: [
            {
              flights: active.map((flight) => ({ itemId: flight.itemId })),
              flightIndices: active.map((flight) => flights.indexOf(flight) + 1),
              fareBasisCode: fare.fareBasis,
              baseRate: { amount: decimal(subtotal), currencyCode: fare.currency },
              isCurrentItinerary: true,
              ...(fare.freeBags !== null && {
                checkedBaggageAllowance: { maximumPieces: fare.freeBags },
              }),
            },
          ],
          totals: {
            subtotal: decimal(subtotal),
            taxes: decimal(fare.taxes),
            total: decimal(fare.total),
            currencyCode: fare.currency,
          },
          pricingTypeCode: 'S',
          pricingTypeName: 'System',
          pricingStatusCode: 'A',
          pricingStatusName: 'Active',
          requestedTravelerType: 'ADT',
          pricedTravelerType: 'ADT',
          recordTypeCode: 'PQ',
          recordTypeName: 'Price Quote',
          recordId: fare.recordId,
        },
      ],
    }),
    ...(pnr.tickets.length > 0 && {
      flightTickets: pnr.tickets.map((ticket) => ticketOf(ticket, pnr)),
    }),
    ...(pnr.remarks.length > 0 && {
      remarks: pnr.remarks.map((text) => ({ type: 'GENERAL', text })),
    }),
    ...(fare && {
      payments: {
        flightTotals: [
          {
            subtotal: decimal(subtotal * pnr.travelers.length),
            taxes: decimal(fare.taxes * pnr.travelers.length),
            total: decimal(fare.total * pnr.travelers.length),
            currencyCode: fare.currency,
          },
        ],
      },
    }),
    ...(pnr.futureTicketing && {
      futureTicketingPolicy: { ticketingPcc: pnr.pcc, ...pnr.futureTicketing },
    }),
  };
}

// ---- requests, as Booking Management validates them ----------------------------------------

const ItemId = z.union([z.string(), z.number()]).transform(String);

const GetBooking = z.object({ confirmationId: z.string().min(1) });

const CancelBooking = z.object({
  confirmationId: z.string().min(1),
  retrieveBooking: z.boolean().optional(),
  cancelAll: z.boolean().optional(),
  flights: z.array(z.object({ itemId: ItemId })).optional(),
  segments: z
    .array(z.object({ id: ItemId.optional(), sequence: z.number().int().optional() }))
    .optional(),
  flightTicketOperation: z.enum(['VOID', 'REFUND']).optional(),
  errorHandlingPolicy: z.enum(['HALT_ON_ERROR', 'ALLOW_PARTIAL_CANCEL']).optional(),
  receivedFrom: z.string().optional(),
});

const CheckTickets = z.object({
  confirmationId: z.string().min(1).optional(),
  tickets: z.array(z.object({ number: z.string().regex(/^[0-9A-Z]{13}$/) })).optional(),
});

const FulfillTickets = z.object({
  confirmationId: z.string().min(1),
  fulfillments: z
    .array(
      z.object({
        ticketingQualifiers: z
          .object({ priceQuoteRecordIds: z.array(z.string()).optional() })
          .optional(),
      }),
    )
    .min(1),
});

const LocalDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const LocalTime = z.string().regex(/^\d{2}:\d{2}$/);

const CreateBooking = z.object({
  targetPcc: z.string().optional(),
  receivedFrom: z.string().optional(),
  agency: z
    .object({
      agencyCustomerNumber: z.string().optional(),
      ticketingPolicy: z
        .enum(['TODAY', 'ALREADY_TICKETED', 'FUTURE_TICKETING', 'TICKETING_TIME_LIMIT'])
        .optional(),
      futureTicketingPolicy: z
        .object({
          ticketingDate: LocalDate.optional(),
          ticketingTime: LocalTime.optional(),
          queueNumber: z.string().optional(),
        })
        .optional(),
      ticketingTimeLimitPolicy: z
        .object({ ticketingDate: LocalDate.optional(), ticketingTime: LocalTime.optional() })
        .optional(),
    })
    .optional(),
  travelers: z
    .array(
      z.object({
        givenName: z.string().min(1),
        surname: z.string().min(1),
        passengerCode: z.string().optional(),
        type: z.string().optional(),
        emails: z.array(z.string()).optional(),
        phones: z.array(z.object({ number: z.string() })).optional(),
      }),
    )
    .min(1),
  flightDetails: z.object({
    flights: z
      .array(
        z.object({
          flightNumber: z.coerce.number().int().min(1),
          airlineCode: z.string().regex(/^[A-Z0-9]{2}$/),
          fromAirportCode: z.string().regex(/^[A-Z]{3}$/),
          toAirportCode: z.string().regex(/^[A-Z]{3}$/),
          departureDate: LocalDate,
          departureTime: LocalTime,
          arrivalDate: LocalDate.optional(),
          arrivalTime: LocalTime.optional(),
          bookingClass: z.string().regex(/^[A-Z]$/),
          flightStatusCode: z.string().regex(/^[A-Z]{2}$/),
        }),
      )
      .min(1),
  }),
  contactInfo: z
    .object({ emails: z.array(z.string()).optional(), phones: z.array(z.string()).optional() })
    .optional(),
  remarks: z.array(z.object({ text: z.string() })).optional(),
});

function requestOf<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw new BookingRefusal(
    result.error.issues.slice(0, 5).map((issue): BookingError => ({
      category: 'BAD_REQUEST',
      type: issue.code === 'invalid_type' ? 'REQUIRED_FIELD_MISSING' : 'INVALID_VALUE',
      description: issue.message,
      fieldPath: issue.path.join('.'),
    })),
  );
}

const passengerCodeOf = (code: string | undefined, type: string | undefined): PassengerCode =>
  code === 'INF' || type === 'INFANT'
    ? 'INF'
    : code === 'CNN' || code === 'CHD' || /^C\d\d$/.test(code ?? '') || type === 'CHILD'
      ? 'CNN'
      : 'ADT';

// What createBooking's flightStatusCode asks for, as the segment ends up after the sell.
const SOLD: Record<string, string> = { NN: 'HK', SS: 'HK', LL: 'HL' };

export function createRest(deps: {
  world: World;
  now: () => Date;
  credentials: { epr: string; pcc: string; password: string; domain: string };
}) {
  const { world, now } = deps;
  const tokens = new Map<string, number>();
  const timestamp = () => now().toISOString().slice(0, 19);

  const gatewayRefusal = (status: number, errorCode: string, message: string): RestAnswer => ({
    status,
    body: {
      status: 'NotProcessed',
      type: 'Validation',
      errorCode,
      timeStamp: now().toISOString(),
      message,
    },
  });

  /** The token service: Basic base64(base64(V1:epr:pcc:domain):base64(password)). */
  function token(authorization: string | undefined, form: string): RestAnswer {
    const { epr, pcc, password, domain } = deps.credentials;
    const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
    const unb64 = (text: string) => Buffer.from(text, 'base64').toString('utf8');
    const secret = /^Basic (.+)$/.exec(authorization ?? '')?.[1];
    const [user, pass] = secret ? unb64(secret).split(':') : [];
    const readable = user !== undefined && pass !== undefined && unb64(user).startsWith('V1:');
    if (!readable)
      return {
        status: 401,
        body: {
          error: 'invalid_client',
          error_description: 'Credentials are missing or the syntax is not correct',
        },
      };
    if (secret !== b64(`${b64(`V1:${epr}:${pcc}:${domain}`)}:${b64(password)}`))
      return {
        status: 401,
        body: { error: 'invalid_client', error_description: 'Wrong clientID or clientSecret' },
      };
    if (new URLSearchParams(form).get('grant_type') !== 'client_credentials')
      return {
        status: 400,
        body: { error: 'unsupported_grant_type', error_description: 'grant_type is not supported' },
      };
    const value = `T1RLAQ${randomBytes(96).toString('base64')}`;
    tokens.set(value, now().getTime() + TOKEN_SECONDS * 1000);
    return {
      status: 200,
      body: { access_token: value, token_type: 'bearer', expires_in: TOKEN_SECONDS },
    };
  }

  /** The gateway's check of a Booking Management call's bearer token; null when it passes. */
  function refusalOf(authorization: string | undefined): RestAnswer | null {
    if (!authorization)
      return gatewayRefusal(
        401,
        'ERR.2SG.SEC.MISSING_CREDENTIALS',
        'Authentication data is missing',
      );
    const value = /^Bearer (.+)$/i.exec(authorization)?.[1] ?? '';
    const until = tokens.get(value);
    if (until === undefined || until <= now().getTime())
      return gatewayRefusal(
        401,
        'ERR.2SG.SEC.INVALID_CREDENTIALS',
        'Authentication data is invalid or expired',
      );
    return null;
  }

  const pnrOf = (locator: string) => {
    const pnr = world.find(locator);
    if (!pnr) throw bookingNotFound();
    return pnr;
  };

  function getBooking(body: unknown) {
    const request = requestOf(GetBooking, body);
    const booking = bookingOf(pnrOf(request.confirmationId), now());
    const bookingSignature = createHash('sha512').update(JSON.stringify(booking)).digest('hex');
    return { ...booking, timestamp: timestamp(), bookingSignature, request };
  }

  function cancelBooking(body: unknown) {
    const request = requestOf(CancelBooking, body);
    const pnr = pnrOf(request.confirmationId);
    const named = [
      ...(request.flights ?? []).map((flight) => flight.itemId),
      ...(request.segments ?? []).map(
        (segment) => segment.id ?? pnr.flights[(segment.sequence ?? 0) - 1]?.itemId ?? '?',
      ),
    ];
    const refuse = (category: string, type: string, description: string) =>
      new BookingRefusal([{ category, type, description }]);
    if (request.cancelAll && named.length > 0)
      throw refuse(
        'BAD_REQUEST',
        'INVALID_FLAGS_COMBINATION',
        'CancelAll flag and list of flights/hotels/cars/cruises/trains/segments cannot be combined. Nothing was cancelled.',
      );
    if (!request.cancelAll && named.length === 0)
      throw refuse(
        'BAD_REQUEST',
        'CANCEL_DATA_MISSING',
        'No cancel data provided. Nothing was cancelled.',
      );
    if (request.cancelAll && pnr.flights.length === 0)
      throw refuse(
        'INVALID_DATA',
        'SEGMENT_NOT_FOUND',
        'Reservation does not contain any segments',
      );
    if (named.some((itemId) => !pnr.flights.some((flight) => flight.itemId === itemId)))
      throw refuse('INVALID_DATA', 'SEGMENT_NOT_FOUND', 'Segment does not exist');
    const itemIds = request.cancelAll ? pnr.flights.map((flight) => flight.itemId) : named;
    const concerned = pnr.tickets.filter(
      (ticket) =>
        ticket.status === 'Issued' &&
        (request.cancelAll || ticket.itemIds.some((itemId) => itemIds.includes(itemId))),
    );
    const operation = request.flightTicketOperation;
    const errors: BookingError[] = [];
    const done: string[] = [];
    for (const ticket of operation ? concerned : []) {
      const allowed =
        operation === 'VOID' ? world.isVoidable(ticket) : world.isRefundable(pnr, ticket);
      if (allowed) done.push(ticket.number);
      else
        errors.push(
          operation === 'VOID'
            ? {
                category: 'CANCELLATION_ERROR',
                type: 'UNABLE_TO_VOID_TICKET',
                description:
                  'The ticket is outside of the void period. Please follow refund procedures.',
                fieldValue: ticket.number,
              }
            : {
                category: 'CANCELLATION_ERROR',
                type: 'UNABLE_TO_REFUND_TICKET',
                description: 'Refund ticket operation failed.',
                fieldValue: ticket.number,
              },
        );
    }
    const halt =
      errors.length > 0 && (request.errorHandlingPolicy ?? 'HALT_ON_ERROR') === 'HALT_ON_ERROR';
    if (halt)
      throw new BookingRefusal([
        ...errors,
        {
          category: 'WARNING',
          type: 'NO_ITEMS_CANCELLED',
          description: 'Nothing was cancelled - cancellation was interrupted due to errors',
        },
      ]);
    if (operation && done.length > 0)
      world.setTickets(pnr, done, operation === 'VOID' ? 'Voided' : 'Refunded/Exchanged');
    world.cancelFlights(pnr.locator, itemIds, request.receivedFrom ?? 'Booking Management API');
    return {
      timestamp: timestamp(),
      request,
      ...(request.retrieveBooking && { booking: bookingOf(pnr, now()) }),
      ...(operation === 'VOID' && done.length > 0 && { voidedTickets: done }),
      ...(operation === 'REFUND' && done.length > 0 && { refundedTickets: done }),
      ...(errors.length > 0 && { errors }),
    };
  }

  function checkFlightTickets(body: unknown) {
    const request = requestOf(CheckTickets, body);
    if (request.confirmationId && request.tickets)
      throw new BookingRefusal([
        {
          category: 'BAD_REQUEST',
          type: 'INVALID_FLAGS_COMBINATION',
          description:
            'Properties confirmationId and tickets cannot be combined. Use the tickets property to indicate specific tickets for the check/void/refund operation or confirmationId to process all tickets present in the reservation.',
        },
      ]);
    let found: { pnr: PnrRecord; ticket: TicketRecord }[];
    if (request.confirmationId) {
      const pnr = pnrOf(request.confirmationId);
      found = pnr.tickets.map((ticket) => ({ pnr, ticket }));
      if (found.length === 0)
        throw new BookingRefusal([
          {
            category: 'CHECK_ERROR',
            type: 'BOOKING_NOT_FULFILLED',
            description: 'Unable to check the booking. There are no tickets to be checked.',
          },
        ]);
    } else {
      found = (request.tickets ?? []).map(({ number }) => {
        const match = world.findTicket(number);
        if (!match)
          throw new BookingRefusal([
            {
              category: 'RESOURCE_NOT_FOUND',
              type: 'TICKET_NOT_FOUND',
              description: 'Ticket was not found in the reservation.',
              fieldValue: number,
            },
          ]);
        return match;
      });
      if (new Set(found.map(({ pnr }) => pnr.locator)).size > 1)
        throw new BookingRefusal([
          {
            category: 'REQUEST_NOT_ALLOWED',
            type: 'SINGLE_RESERVATION_TICKETS_SUPPORTED',
            description: 'Only tickets within one reservation can be checked.',
          },
        ]);
    }
    return {
      timestamp: timestamp(),
      request,
      tickets: found.map(({ pnr, ticket }) => {
        const rules = pnr.rules;
        const refundable = world.isRefundable(pnr, ticket);
        const changeable = ticket.status === 'Issued' && rules?.changeable === true;
        const penalty = refundable ? (rules?.refundPenalty ?? 0) : 0;
        const currency = rules?.currency ?? ticket.currency;
        return {
          number: ticket.number,
          isVoidable: world.isVoidable(ticket),
          isRefundable: refundable,
          isAutomatedRefundsEligible: refundable,
          ...(refundable && {
            refundPenalties: penalties(true, penalty, currency)?.map((each) => ({
              ...each,
              source: 'Category 16',
            })),
            refundTotals: {
              subtotal: decimal(Math.max(0, ticket.total - ticket.taxes - penalty)),
              taxes: decimal(ticket.taxes),
              total: decimal(Math.max(0, ticket.total - penalty)),
              currencyCode: ticket.currency,
            },
          }),
          isChangeable: changeable,
          ...(changeable && {
            exchangePenalties: penalties(true, rules?.changePenalty ?? 0, currency)?.map(
              (each) => ({ ...each, source: 'Category 16' }),
            ),
          }),
        };
      }),
    };
  }

  function fulfillFlightTickets(body: unknown) {
    const request = requestOf(FulfillTickets, body);
    const recordIds = request.fulfillments.flatMap(
      (fulfillment) => fulfillment.ticketingQualifiers?.priceQuoteRecordIds ?? [],
    );
    const issued = world.fulfill(request.confirmationId, recordIds);
    const pnr = pnrOf(request.confirmationId);
    return {
      timestamp: timestamp(),
      request,
      tickets: issued.map((ticket) => ticketOf(ticket, pnr)),
    };
  }

  function createBooking(body: unknown) {
    const request = requestOf(CreateBooking, body);
    const flights = request.flightDetails.flights;
    if (
      flights.some(
        (flight) => instantOf(`${flight.departureDate} ${flight.departureTime}`) < now().getTime(),
      )
    )
      throw new BookingRefusal([
        {
          category: 'BAD_REQUEST',
          type: 'UNABLE_TO_BOOK_FLIGHTS_CHECK_DATES',
          description: 'Flight booking failed due to invalid flight dates.',
        },
      ]);
    const agency = request.agency;
    const limit = agency?.ticketingTimeLimitPolicy;
    const locator = world.createBooking({
      pcc: request.targetPcc,
      travelers: request.travelers.map((traveler) => ({
        givenName: traveler.givenName,
        surname: traveler.surname,
        passengerCode: passengerCodeOf(traveler.passengerCode, traveler.type),
        email: traveler.emails?.[0],
        phone: traveler.phones?.[0]?.number,
      })),
      flights: flights.map((flight) => {
        const departure = `${flight.departureDate} ${flight.departureTime}`;
        // Booking Management sells without the arrival; the stand-in has no schedules to
        // look it up in, so a flight without one lands two hours later.
        const arrival =
          flight.arrivalDate && flight.arrivalTime
            ? `${flight.arrivalDate} ${flight.arrivalTime}`
            : world.localOf(instantOf(departure) + 2 * 3_600_000);
        return {
          airline: flight.airlineCode,
          flightNumber: flight.flightNumber,
          from: flight.fromAirportCode,
          to: flight.toAirportCode,
          departure,
          arrival,
          bookingClass: flight.bookingClass,
          status: SOLD[flight.flightStatusCode] ?? flight.flightStatusCode,
        };
      }),
      customerNumber: agency?.agencyCustomerNumber,
      contact: request.contactInfo,
      remarks: request.remarks?.map((remark) => remark.text),
      deadline: limit?.ticketingDate && `${limit.ticketingDate}T${limit.ticketingTime ?? '23:59'}`,
      futureTicketing: agency?.futureTicketingPolicy ?? null,
      receivedFrom: request.receivedFrom ?? 'Create Booking',
    });
    return {
      timestamp: timestamp(),
      confirmationId: locator,
      booking: bookingOf(world.pnrOf(locator), now()),
    };
  }

  const handlers: Record<Exclude<RestOperation, 'token'>, (body: unknown) => unknown> = {
    getBooking,
    cancelBooking,
    checkFlightTickets,
    fulfillFlightTickets,
    createBooking,
  };

  /** A Booking Management call: its answer, or its refusal as `errors` (HTTP 200). */
  function call(operation: Exclude<RestOperation, 'token'>, body: unknown): RestAnswer {
    try {
      return { status: 200, body: handlers[operation](body) };
    } catch (error) {
      if (!(error instanceof BookingRefusal)) throw error;
      return { status: 200, body: { timestamp: timestamp(), errors: error.errors } };
    }
  }

  return {
    token,
    refusalOf,
    call,
    gatewayRefusal,
    restErrors: (error: BookingError): RestAnswer => ({
      status: 200,
      body: { timestamp: timestamp(), errors: [error] },
    }),
    expireTokens: () => tokens.clear(),
  };
}
