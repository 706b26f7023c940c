import { INACTIVE, decimal, type PnrRecord, type World } from './world';
import type { XmlNode } from './xml-node';

// Sabre's exchange services as their published samples answer (andreypolyak/sabre-apis-ru's
// 'Поиск вариантов обмена', 'Обмен билетов' and 'Оформление билетов и EMD'; Sabre's Exchange
// Shopping pages): ExchangeShoppingRS with its solutions and their price differences,
// ExchangeBookingRS with a PQR per ticket, AirTicketRS with a Summary per document. The
// difference of a solution that gives money back is written 'Refund': Sabre's samples show
// only 'AddCollect', and the adapter reads both.

type Read = {
  all: (node: unknown, name: string) => XmlNode[];
  one: (node: unknown, name: string) => XmlNode | undefined;
  path: (node: unknown, ...names: string[]) => XmlNode | undefined;
  attr: (node: XmlNode | undefined, name: string) => string | undefined;
  textOf: (node: XmlNode | undefined) => string | undefined;
  esc: (value: string | number) => string;
};

const STL = 'xmlns="http://services.sabre.com/STL_Payload/v02_01"';

export function createExchangeServices(world: World, read: Read, stamp: () => string) {
  const { all, one, path, attr, textOf, esc } = read;
  const results = (errors: string[]) =>
    errors.length === 0
      ? `<ApplicationResults ${STL} status="Complete"><Success timeStamp="${stamp()}"/></ApplicationResults>`
      : `<ApplicationResults ${STL} status="NotProcessed"><Error timeStamp="${stamp()}" type="BusinessLogic"><SystemSpecificResults>${errors
          .map((error) => `<Message>${esc(error)}</Message>`)
          .join('')}</SystemSpecificResults></Error></ApplicationResults>`;
  const money = (element: string, cents: number, currency: string) =>
    `<${element} currencyCode="${currency}" decimalPlaces="2">${decimal(Math.abs(cents))}</${element}>`;
  const openTicket = (pnr: PnrRecord, number: string) =>
    pnr.tickets.find((ticket) => ticket.number === number && ticket.status === 'Issued');

  function exchangeShopping(body: XmlNode) {
    const wrap = (inner: string, solutions = 0) =>
      `<ExchangeShoppingRS solutions="${solutions}" xmlns="http://services.sabre.com/sp/exchange/shopping/v2_5">${inner}</ExchangeShoppingRS>`;
    const passengers = all(path(body, 'PassengerInformation'), 'PassengerWithPNR');
    const pnr = world.find(attr(passengers[0], 'pnrLocator') ?? '');
    if (!pnr) return wrap(results(['PNR NOT FOUND']));
    const documents = passengers.map((passenger) => textOf(one(passenger, 'DocumentNumber')) ?? '');
    const tickets = documents.map((number) => openTicket(pnr, number));
    if (documents.length === 0 || tickets.some((ticket) => ticket === undefined))
      return wrap(results(['TICKET NOT FOUND OR NOT ELIGIBLE FOR EXCHANGE']));
    const fare = pnr.lowerFare;
    const rules = pnr.rules;
    // Voluntary changes (category 31) the fare does not allow: nothing to offer.
    if (!fare || (rules && !rules.changeable)) return wrap(results([]));
    const fee = rules?.changePenalty ?? 0;
    const active = pnr.flights.filter((flight) => !INACTIVE.has(flight.status));
    const each = tickets.map((ticket) => {
      const subtotal = fare.total - (ticket?.total ?? 0);
      return { ticket, subtotal, grand: subtotal + fee };
    });
    const kind = (cents: number) => (cents > 0 ? 'AddCollect' : 'Refund');
    const difference = (element: string, subtotal: number, grand: number, nonRefundable?: number) =>
      `<${element} differenceType="${kind(grand)}">` +
      money('FareDifference', subtotal, fare.currency) +
      money('TaxDifference', 0, fare.currency) +
      money('SubtotalDifference', subtotal, fare.currency) +
      (nonRefundable === undefined
        ? ''
        : money('NonRefundableAmount', nonRefundable, fare.currency)) +
      money('TotalFeeTax', 0, fare.currency) +
      money('GrandTotalDifference', grand, fare.currency) +
      `</${element}>`;
    const subtotal = each.reduce((sum, one) => sum + one.subtotal, 0);
    const grand = each.reduce((sum, one) => sum + one.grand, 0);
    // What comes back from a fare that is not refundable stays with the airline.
    const nonRefundable = grand < 0 && rules?.refundable !== true ? -grand : 0;
    const segments = active
      .map(
        (flight, index) =>
          `<ReservationSegment book="true" endDateTime="${esc(flight.arrival.replace(' ', 'T'))}:00" endLocation="${esc(flight.to)}" marketingFlightNumber="${flight.flightNumber}" marketingProvider="${esc(flight.airline)}" operatingProvider="${esc(flight.operatingAirline)}" segmentNumber="${index + 1}" startDateTime="${esc(flight.departure.replace(' ', 'T'))}:00" startLocation="${esc(flight.from)}" stopQuantity="0"/>`,
      )
      .join('');
    const details = active
      .map(
        (_flight, index) =>
          `<ReservationSegmentDetails segmentNumber="${index + 1}">${each
            .map(
              ({ ticket }) =>
                `<PassengerBookingDetails bookingClass="${esc(fare.bookingClass)}" cabin="Y" documentNumber="${esc(ticket?.number ?? '')}" fareBasis="${esc(fare.fareBasis)}"/>`,
            )
            .join('')}</ReservationSegmentDetails>`,
      )
      .join('');
    const prices = each
      .map(
        ({ ticket, subtotal: own, grand: ownGrand }) =>
          `<Passenger documentNumber="${esc(ticket?.number ?? '')}" type="${esc(pnr.travelers[(ticket?.travelerIndex ?? 1) - 1]?.passengerCode ?? 'ADT')}">${difference('ResultPriceDifference', own, ownGrand)}</Passenger>`,
      )
      .join('');
    return wrap(
      results([]) +
        '<Solution pricingSequence="1" sequence="1"><BookItinerary>' +
        `<OriginDestination segmentQuantity="${active.length}" startLocation="${esc(active[0]?.from ?? '')}" endLocation="${esc(active.at(-1)?.to ?? '')}">${segments}</OriginDestination>` +
        `</BookItinerary><Fare valid="true">${details}<PassengerPriceInformation>${prices}</PassengerPriceInformation>` +
        difference('TotalPriceDifference', subtotal, grand, nonRefundable) +
        '</Fare></Solution>',
      1,
    );
  }

  function exchangeBooking(body: XmlNode) {
    const wrap = (inner: string) =>
      `<ExchangeBookingRS xmlns="http://services.sabre.com/sp/exchange/booking/v1_0_1">${inner}</ExchangeBookingRS>`;
    const locator = attr(one(body, 'Itinerary'), 'id') ?? '';
    const tickets = all(body, 'AutomatedExchanges').map(
      (exchange) => attr(one(exchange, 'ExchangeComparison'), 'OriginalTicketNumber') ?? '',
    );
    const classes = new Set(
      all(path(body, 'AirBook', 'OriginDestinationInformation'), 'FlightSegment').map(
        (segment) => attr(segment, 'ResBookDesigCode') ?? '',
      ),
    );
    const [bookingClass] = [...classes];
    if (classes.size !== 1 || bookingClass === undefined)
      return wrap(results(['INVALID SEGMENT DATA']));
    const quotes = world.exchange(locator, tickets, bookingClass);
    if (!quotes) return wrap(results(['UNABLE TO PRICE EXCHANGE - NO FARES/RBD/CARRIER']));
    return wrap(
      results([]) +
        quotes
          .map(
            (quote) =>
              `<ExchangeConfirmation PQR_Number="${String(quote.number).padStart(2, '0')}"/>`,
          )
          .join(''),
    );
  }

  function airTicket(body: XmlNode) {
    const wrap = (inner: string) =>
      `<AirTicketRS xmlns="http://services.sabre.com/sp/air/ticket/v1_3">${inner}</AirTicketRS>`;
    const locator = attr(one(body, 'Itinerary'), 'ID') ?? '';
    const records = all(body, 'Ticketing').map((ticketing) =>
      one(path(ticketing, 'PricingQualifiers', 'PriceQuote'), 'Record'),
    );
    if (records.some((record) => attr(record, 'Reissue') !== 'true'))
      return wrap(results(['ONLY REISSUE FROM PQR IS SUPPORTED HERE']));
    const issued = world.reissue(
      locator,
      records.map((record) => Number(attr(record, 'Number'))),
    );
    if (!issued) return wrap(results(['PQR NOT FOUND']));
    return wrap(
      results([]) +
        issued
          .map(
            (ticket) =>
              `<Summary committed="true"><DocumentNumber>${ticket.number}</DocumentNumber><DocumentType>TKT</DocumentType><Reservation>${esc(locator)}</Reservation><TotalAmount currencyCode="${ticket.currency}" decimalPlace="2">${decimal(ticket.total)}</TotalAmount></Summary>`,
          )
          .join(''),
    );
  }

  return { exchangeShopping, exchangeBooking, airTicket };
}
