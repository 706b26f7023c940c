import type { FareQuote } from '@/gds/gds-types';
import type { ExchangeFlight, ExchangeSolution, ExchangeTicket } from './sabre-exchange-messages';
import type { BookingShape } from './sabre-schemas';

// What a ticketed Sabre booking's exchange needs from the booking, and what an exchange
// solution is as a quote the money rules count (docs/decisions/071).

/** Exchange Shopping takes flights in these statuses only (Sabre's Exchange Shopping pages). */
const EXCHANGEABLE = new Set(['HK', 'BK', 'IK', 'RR', 'SS']);
/** Exchange Shopping takes up to four travellers in one request. */
const MAX_TRAVELLERS = 4;

/** A ticket still open for use: issued, neither voided nor exchanged. */
export const isOpen = (ticket: NonNullable<BookingShape['flightTickets']>[number]) =>
  ticket.ticketStatusCode === 'TE' || ticket.ticketStatusName === 'Issued';

export type ExchangeInputs = { tickets: ExchangeTicket[]; flights: ExchangeFlight[] };

/**
 * The open tickets (one per traveller) and the booked flights, or null when the booking is no
 * exchange Sabre prices: a flight not held, a traveller without a ticket, too many travellers.
 */
export function exchangeInputsOf(booking: BookingShape): ExchangeInputs | null {
  const travellers = booking.travelers ?? [];
  const open = (booking.flightTickets ?? []).filter(isOpen);
  if (travellers.length === 0 || travellers.length > MAX_TRAVELLERS) return null;
  const tickets: ExchangeTicket[] = [];
  for (const [index, traveller] of travellers.entries()) {
    const ticket = open.find((each) => (each.travelerIndex ?? 1) === index + 1);
    if (!ticket) return null;
    tickets.push({
      number: ticket.number,
      issuedOn: ticket.date ?? null,
      nameNumber: `${index + 1}.1`,
      firstName: traveller.givenName,
      lastName: traveller.surname,
      passengerCode: traveller.passengerCode ?? 'ADT',
    });
  }
  const flights = (booking.flights ?? []).map((flight, index) => ({
    number: index + 1,
    airline: flight.airlineCode,
    flightNumber: flight.flightNumber,
    from: flight.fromAirportCode,
    to: flight.toAirportCode,
    departure: `${flight.departureDate}T${flight.departureTime.slice(0, 5)}`,
    arrival: `${flight.arrivalDate}T${flight.arrivalTime.slice(0, 5)}`,
    bookingClass: flight.bookingClass ?? '',
    status: flight.flightStatusCode ?? '',
  }));
  if (flights.length === 0 || flights.some((flight) => !EXCHANGEABLE.has(flight.status)))
    return null;
  return { tickets, flights };
}

/** Whether a solution flies exactly the booked flights (a lower fare, not another trip). */
export const fliesBooked = (solution: ExchangeSolution, flights: ExchangeFlight[]) =>
  solution.flights.length === flights.length &&
  solution.flights.every((flight, index) => {
    const booked = flights[index];
    return (
      booked !== undefined &&
      flight.airline === booked.airline &&
      flight.flightNumber === booked.flightNumber &&
      flight.from === booked.from &&
      flight.departure.slice(0, 10) === booked.departure.slice(0, 10)
    );
  });

const cents = (amount: number) => Math.round(amount * 100);

/**
 * An exchange solution that gives money back, as a quote: `changeTotal` is Sabre's grand total
 * (fees included), the quote's total the stored fare moved by the fare and tax difference, the
 * fees its change penalty per ticket. What comes back goes to the form of payment unless part
 * of it is non-refundable: that residual stays with the airline, and the whole is counted as
 * credit rather than promise cash the fare keeps (docs/decisions/071).
 */
export function exchangeQuoteOf(
  stored: FareQuote,
  solution: ExchangeSolution,
  tickets: number,
): FareQuote | null {
  if (solution.currency !== stored.currency || solution.grandTotal >= 0) return null;
  const feeCents = Math.max(0, cents(solution.grandTotal) - cents(solution.subtotal));
  return {
    cmd: 'WFRF',
    fareBasis: solution.fareBasis || stored.fareBasis,
    flightClass: solution.bookingClass || stored.flightClass,
    total: (cents(stored.total) + cents(solution.subtotal)) / 100,
    currency: stored.currency,
    freeBags: stored.freeBags,
    bagCost: stored.bagCost,
    penalties: {
      ...stored.penalties,
      change: { allowed: true, amount: feeCents / 100 / Math.max(1, tickets) },
    },
    lastPurchase: null,
    segmentIds: stored.segmentIds,
    passengerTypes: stored.passengerTypes,
    offerId: null,
    expiresAt: null,
    changeTotal: solution.grandTotal,
    refundTo: solution.nonRefundable > 0 ? 'credit' : 'cash',
  };
}
