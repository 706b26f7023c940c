import { all, one, path, text, xml, type XmlNode } from './sabre-soap';

// A ticketed booking's lower fare is an exchange (docs/decisions/071): Exchange Shopping
// prices the booked flights again against the tickets held (ExchangeShoppingRQ 2.5.0), Exchange
// Booking rebooks them in the new class and stores a reissue quote (PQR) per ticket
// (ExchangeBookingRQ 1.0.1), and AirTicketRQ 1.3.0 reissues each ticket from its PQR. Shapes as
// Sabre's published samples write them (andreypolyak/sabre-apis-ru, read for shapes only;
// developer.sabre.com's Exchange Shopping pages).

/** A flight of the booking, as the exchange messages name it. */
export type ExchangeFlight = {
  /** Its number in the PNR, from 1. */
  number: number;
  airline: string;
  flightNumber: number;
  from: string;
  to: string;
  /** Airport-local 'YYYY-MM-DDTHH:MM'. */
  departure: string;
  arrival: string;
  bookingClass: string;
  status: string;
};

/** A ticket held, with its traveller as the PNR names them. */
export type ExchangeTicket = {
  number: string;
  /** 'YYYY-MM-DD' */
  issuedOn: string | null;
  /** The traveller's name number ('1.1'). */
  nameNumber: string;
  firstName: string;
  lastName: string;
  passengerCode: string;
};

const SHOPPING_NS = 'http://services.sabre.com/sp/exchange/shopping/v2_5';
const BOOKING_NS = 'http://services.sabre.com/sp/exchange/booking/v1_0_1';
const TICKET_NS = 'http://services.sabre.com/sp/air/ticket/v1_3';
/** The statuses Exchange Booking stops at rather than reissue on a seat not held. */
const HALT_ON = ['HL', 'HN', 'HX', 'LL', 'NN', 'NO', 'PN', 'UC', 'UN', 'US', 'UU'];

const seconds = (local: string) => `${local.slice(0, 16)}:00`;

/**
 * The booked flights priced again against the tickets: none shopped (shopIndicator false), each
 * free to move to another class of the same flight (keepBookingClass false).
 */
export function exchangeShoppingRequest(
  pcc: string,
  locator: string,
  tickets: ExchangeTicket[],
  flights: ExchangeFlight[],
): string {
  const passengers = tickets
    .map(
      (ticket) =>
        `<PassengerWithPNR firstName="${xml(ticket.firstName)}" lastName="${xml(ticket.lastName)}" pnrLocator="${xml(locator)}" referenceNumber="${xml(ticket.nameNumber)}">` +
        `<DocumentNumber${ticket.issuedOn ? ` localIssueDate="${xml(ticket.issuedOn)}"` : ''}>${xml(ticket.number)}</DocumentNumber></PassengerWithPNR>`,
    )
    .join('');
  const legs = flights
    .map(
      (flight) =>
        '<OriginDestinationInformation shopIndicator="false">' +
        `<DateTimeSelection><DepartureDate>${xml(flight.departure.slice(0, 10))}</DepartureDate></DateTimeSelection>` +
        `<StartLocation>${xml(flight.from)}</StartLocation><EndLocation>${xml(flight.to)}</EndLocation>` +
        `<RelatedSegment bookingClass="${xml(flight.bookingClass)}" startDateTime="${xml(seconds(flight.departure))}" endDateTime="${xml(seconds(flight.arrival))}" startLocation="${xml(flight.from)}" endLocation="${xml(flight.to)}" keepBookingClass="false" marketingFlightNumber="${flight.flightNumber}" marketingProvider="${xml(flight.airline)}" reservationStatus="${xml(flight.status)}"/>` +
        '</OriginDestinationInformation>',
    )
    .join('');
  return (
    `<ExchangeShoppingRQ version="2.5.0" xmlns="${SHOPPING_NS}"><STL_Header.RQ/>` +
    `<POS><Pseudo>${xml(pcc)}</Pseudo></POS><TicketingProvider>1S</TicketingProvider>` +
    `<PassengerInformation>${passengers}</PassengerInformation>${legs}</ExchangeShoppingRQ>`
  );
}

/**
 * The booked flights cancelled and sold again in `bookingClass`, a reissue quote stored per
 * ticket (the form of payment cash: the agency's own, as for its other BSP sales), and the
 * transaction ended.
 */
export function exchangeBookingRequest(
  locator: string,
  tickets: ExchangeTicket[],
  flights: ExchangeFlight[],
  bookingClass: string,
): string {
  const cancel = flights.map((flight) => `<Segment Number="${flight.number}"/>`).join('');
  const book = flights
    .map(
      (flight, index) =>
        `<FlightSegment DepartureDateTime="${xml(seconds(flight.departure))}" FlightNumber="${flight.flightNumber}" NumberInParty="${tickets.length}" ResBookDesigCode="${xml(bookingClass)}" Status="NN">` +
        `<DestinationLocation LocationCode="${xml(flight.to)}"/><MarketingAirline Code="${xml(flight.airline)}" FlightNumber="${flight.flightNumber}"/>` +
        `<MarriageGrp>${index === 0 ? 'O' : 'I'}</MarriageGrp><OriginLocation LocationCode="${xml(flight.from)}"/></FlightSegment>`,
    )
    .join('');
  const exchanges = tickets
    .map(
      (ticket) =>
        `<AutomatedExchanges><ExchangeComparison OriginalTicketNumber="${xml(ticket.number)}"><PriceRequestInformation><OptionalQualifiers><PricingQualifiers>` +
        `<NameSelect NameNumber="${xml(ticket.nameNumber)}"/><PassengerType Code="${xml(ticket.passengerCode)}"/>` +
        '</PricingQualifiers></OptionalQualifiers></PriceRequestInformation></ExchangeComparison>' +
        '<ExchangeConfirmation><OptionalQualifiers><FOP_Qualifiers><BasicFOP Type="CA"/></FOP_Qualifiers></OptionalQualifiers></ExchangeConfirmation></AutomatedExchanges>',
    )
    .join('');
  return (
    `<ExchangeBookingRQ version="1.0.1" xmlns="${BOOKING_NS}"><Itinerary id="${xml(locator)}"/>` +
    `<Cancel>${cancel}</Cancel><AirBook>${HALT_ON.map((code) => `<HaltOnStatus Code="${code}"/>`).join('')}` +
    `<OriginDestinationInformation>${book}</OriginDestinationInformation></AirBook>${exchanges}` +
    '<PostProcessing returnPQRInfo="true"><EndTransaction><Source ReceivedFrom="SMT"/></EndTransaction></PostProcessing></ExchangeBookingRQ>'
  );
}

/** Each ticket reissued from its stored reissue quote, which holds its form of payment. */
export const reissueRequest = (locator: string, quotes: number[]) =>
  `<AirTicketRQ version="1.3.0" xmlns="${TICKET_NS}"><Itinerary ID="${xml(locator)}"/>` +
  quotes
    .map(
      (quote) =>
        `<Ticketing><MiscQualifiers><Commission Percent="0"/></MiscQualifiers><PricingQualifiers><PriceQuote><Record Number="${quote}" Reissue="true"/></PriceQuote></PricingQualifiers></Ticketing>`,
    )
    .join('') +
  '<PostProcessing acceptNegotiatedFare="true" acceptPriceChanges="false"/></AirTicketRQ>';

/** One exchange solution: its flights, the class and fare it books, and what it moves. */
export type ExchangeSolution = {
  flights: { airline: string; flightNumber: number; from: string; departure: string }[];
  bookingClass: string;
  fareBasis: string;
  currency: string;
  /** What the exchange moves for the whole booking, fees included: positive is paid. */
  grandTotal: number;
  /** The fare and tax difference alone, signed the same way; the rest is fees. */
  subtotal: number;
  /** Of what comes back, the part the fare keeps from being refunded (a residual). */
  nonRefundable: number;
};

const amountOf = (node: XmlNode | undefined): number | null => {
  const value = Number(text(node));
  return node && Number.isFinite(value) ? Math.round(value * 100) / 100 : null;
};

// Only 'AddCollect' appears in a published answer; 'Refund' is read as money coming back.
// A difference of another kind is not read as either: its solution is left out.
const SIGNS: Record<string, 1 | -1> = { AddCollect: 1, Refund: -1 };

/** ExchangeShoppingRS: its solutions whose difference is of a kind it knows. */
export function exchangeSolutionsOf(answer: XmlNode): ExchangeSolution[] {
  return all(answer, 'Solution').flatMap((solution) => {
    const segments = all(path(solution, 'BookItinerary'), 'OriginDestination').flatMap((od) =>
      all(od, 'ReservationSegment'),
    );
    const fare = one(solution, 'Fare');
    const total = one(fare, 'TotalPriceDifference');
    const sign = SIGNS[text(total, '@differenceType') ?? ''];
    const grand = amountOf(one(total, 'GrandTotalDifference'));
    const currency = text(one(total, 'GrandTotalDifference'), '@currencyCode');
    if (!sign || grand === null || !currency || segments.length === 0) return [];
    const subtotal = amountOf(one(total, 'SubtotalDifference')) ?? grand;
    const details = one(one(fare, 'ReservationSegmentDetails'), 'PassengerBookingDetails');
    return [
      {
        flights: segments.map((segment) => ({
          airline: text(segment, '@marketingProvider') ?? '',
          flightNumber: Number(text(segment, '@marketingFlightNumber')),
          from: text(segment, '@startLocation') ?? '',
          departure: (text(segment, '@startDateTime') ?? '').slice(0, 16),
        })),
        bookingClass: text(details, '@bookingClass') ?? '',
        fareBasis: text(details, '@fareBasis') ?? '',
        currency,
        grandTotal: sign * grand,
        subtotal: sign * subtotal,
        nonRefundable: amountOf(one(total, 'NonRefundableAmount')) ?? 0,
      },
    ];
  });
}

/** ExchangeBookingRS: the reissue quotes it stored, by number. */
export const reissueQuotesOf = (answer: XmlNode): number[] =>
  all(answer, 'ExchangeConfirmation')
    .map((confirmation) => Number(text(confirmation, '@PQR_Number')))
    .filter((number) => Number.isInteger(number) && number > 0);

/** AirTicketRS: the documents it issued. */
export const issuedDocumentsOf = (answer: XmlNode): string[] =>
  all(answer, 'Summary')
    .map((summary) => text(summary, 'DocumentNumber') ?? '')
    .filter((number) => number !== '');
