import { createHash } from 'node:crypto';
import { SegmentStatus, type PassengerType } from '@smt/shared';
import { instantsOf } from '@/gds/airport-time';
import type {
  FareQuote,
  GdsBooking,
  GdsPassenger,
  GdsSegment,
  Penalties,
  SegmentHistoryEntry,
} from '@/gds/gds-types';
import type { BookingShape, FlightShape } from './sabre-schemas';

// A Sabre PNR, as Booking Management's getBooking answers it, in the product's terms. Flight
// times are local to their airports, as Sabre gives them; the instants are worked out from the
// airports' zones. Sabre states a PNR's own times (creation, the ticketing deadline) in the
// PCC's time, whose zone the API does not say: they are read as UTC (docs/decisions/070).

export const amountOf = (text: string | undefined) =>
  text === undefined ? 0 : Math.round(Number(text) * 100) / 100;

const PASSENGER_TYPES: Record<string, PassengerType> = {
  ADT: 'ADT',
  ADULT: 'ADT',
  CNN: 'CHD',
  CHD: 'CHD',
  CHILD: 'CHD',
  INF: 'INF',
  INFANT: 'INF',
  YTH: 'YTH',
  YOUTH: 'YTH',
  SRC: 'SRC',
  SENIOR: 'SRC',
};

// Sabre's own statuses before end of transaction (SS sold, LL waitlisted, NN need) and the
// names its Booking Management answers give without a code, as the IATA codes the product uses.
const STATUS_ALIASES: Record<string, SegmentStatus> = {
  SS: 'HK',
  NN: 'HN',
  LL: 'HL',
  Confirmed: 'HK',
  Waitlisted: 'HL',
  Cancelled: 'HX',
  Unconfirmed: 'UC',
  'On Request': 'HN',
};

export function statusOf(flight: Pick<FlightShape, 'flightStatusCode' | 'flightStatusName'>) {
  const code = flight.flightStatusCode ?? '';
  const parsed = SegmentStatus.safeParse(code);
  if (parsed.success) return parsed.data;
  return STATUS_ALIASES[code] ?? STATUS_ALIASES[flight.flightStatusName ?? ''] ?? 'HK';
}

export function segmentOf(flight: FlightShape): GdsSegment {
  const local = {
    from: flight.fromAirportCode,
    to: flight.toAirportCode,
    // Documented 'HH:MM'; recorded answers carry seconds too ('10:45:00').
    departure: `${flight.departureDate} ${flight.departureTime.slice(0, 5)}`,
    arrival: `${flight.arrivalDate} ${flight.arrivalTime.slice(0, 5)}`,
  };
  return {
    id: flight.itemId,
    airline: flight.airlineCode,
    flightNumber: String(flight.flightNumber),
    ...local,
    ...instantsOf(local),
    flightClass: flight.bookingClass ?? '',
    status: statusOf(flight),
    operatingAirline:
      flight.operatingAirlineCode && flight.operatingAirlineCode !== flight.airlineCode
        ? flight.operatingAirlineCode
        : null,
    aircraft: flight.aircraftTypeCode ?? null,
  };
}

function passengersOf(booking: BookingShape): GdsPassenger[] {
  return (booking.travelers ?? []).map((traveler, index) => ({
    id: String(index + 1),
    title: '',
    firstName: traveler.givenName,
    lastName: traveler.surname,
    type:
      PASSENGER_TYPES[traveler.passengerCode ?? ''] ??
      PASSENGER_TYPES[traveler.type ?? ''] ??
      'ADT',
    phone: traveler.phones?.[0]?.number ?? null,
    email: traveler.emails?.[0] ?? null,
  }));
}

const penaltyAmount = (list: { penalty?: { amount: string } }[] | undefined) =>
  Math.max(0, ...(list ?? []).map((each) => amountOf(each.penalty?.amount)));

/**
 * The stored fare's change and refund terms from Booking Management's `fareRules` (ATPCO
 * category 16 as Sabre structures it). Without them nothing is assumed allowed.
 */
export function penaltiesOf(booking: BookingShape, currency: string): Penalties {
  const rules = booking.fareRules ?? [];
  if (rules.length === 0)
    return {
      change: { allowed: false, amount: 0 },
      refund: { allowed: false, amount: 0 },
      currency,
    };
  const changeable = rules.every((rule) => rule.isChangeable === true);
  const refundable = rules.every((rule) => rule.isRefundable === true);
  return {
    change: {
      allowed: changeable,
      amount: Math.max(...rules.map((rule) => penaltyAmount(rule.exchangePenalties))),
    },
    refund: {
      allowed: refundable,
      amount: Math.max(...rules.map((rule) => penaltyAmount(rule.refundPenalties))),
    },
    currency:
      rules[0]?.refundPenalties?.[0]?.penalty?.currencyCode ??
      rules[0]?.exchangePenalties?.[0]?.penalty?.currencyCode ??
      currency,
    // Category 31/33 residuals are not in Booking Management's answer: residualOf decides.
  };
}

/** The price quote (PQ) the booking is priced at, and the entry that prices it again. */
export function storedFareOf(booking: BookingShape, segments: GdsSegment[]): FareQuote | null {
  const quotes = (booking.fares ?? []).filter((fare) => fare.totals);
  const quote = quotes[0];
  if (!quote?.totals) return null;
  const components = quote.fareConstruction ?? [];
  const currency = quote.totals.currencyCode;
  const passengers = passengersOf(booking);
  // A price quote's totals are per passenger: the booking's fare is each quote's times the
  // passengers it prices (all of them where it names none).
  const total = quotes
    .filter((each) => each.totals?.currencyCode === currency)
    .reduce(
      (sum, each) =>
        sum + amountOf(each.totals?.total) * (each.travelerIndices?.length ?? passengers.length),
      0,
    );
  return {
    cmd: 'WP',
    fareBasis: components[0]?.fareBasisCode ?? '',
    flightClass: segments[0]?.flightClass ?? '',
    total: Math.round(total * 100) / 100,
    currency,
    freeBags: components[0]?.checkedBaggageAllowance?.maximumPieces ?? 0,
    bagCost: null,
    penalties: penaltiesOf(booking, currency),
    lastPurchase: null,
    segmentIds: segments.map((segment) => segment.id),
    passengerTypes: passengers.map((passenger) => passenger.type),
  };
}

const isoOf = (date: string | undefined, time: string | undefined) =>
  date && /^\d{4}-\d{2}-\d{2}$/.test(date)
    ? new Date(`${date}T${time && /^\d{2}:\d{2}$/.test(time) ? time : '00:00'}:00Z`).toISOString()
    : null;

/**
 * A number that changes whenever the booking does: Sabre keeps no change counter the API
 * shows, so it is read from what the booking holds.
 */
export function versionOf(booking: BookingShape): number {
  const digest = createHash('sha256')
    .update(JSON.stringify({ ...booking, bookingSignature: undefined }))
    .digest();
  return digest.readUInt32BE(0);
}

export function bookingOf(
  locator: string,
  booking: BookingShape,
  extra: { pcc: string; history: SegmentHistoryEntry[]; isVoidable: boolean },
): GdsBooking {
  const segments = (booking.flights ?? []).map(segmentOf);
  const passengers = passengersOf(booking);
  const first = passengers[0];
  const created = booking.creationDetails;
  const tickets = (booking.flightTickets ?? []).filter(
    (ticket) => ticket.ticketStatusCode !== 'TV' && ticket.ticketStatusName !== 'Voided',
  );
  const isTicketed = booking.isTicketed ?? tickets.length > 0;
  // Booking Management drops cancelled air from the booking: one with none left is cancelled.
  const isCancelled = segments.length === 0;
  const storedFare = storedFareOf(booking, segments);
  const issuedOn = tickets
    .map((ticket) => ticket.date)
    .filter((date): date is string => !!date)
    .sort()[0];
  return {
    locator,
    pcc: created?.userWorkPcc ?? created?.userHomePcc ?? extra.pcc,
    agentInitials: created?.creationUserSine ?? '',
    type: 'REGULAR',
    createdAt: isoOf(created?.creationDate, created?.creationTime) ?? new Date(0).toISOString(),
    passengers,
    contact: {
      name: first ? `${first.firstName} ${first.lastName}` : '',
      phone: booking.contactInfo?.phones?.[0] ?? first?.phone ?? null,
      email: booking.contactInfo?.emails?.[0] ?? first?.email ?? null,
    },
    segments,
    hotels: [],
    cars: [],
    storedFare,
    isTicketed,
    isVoidable: isTicketed && extra.isVoidable,
    ticketedAt: isTicketed ? isoOf(issuedOn, undefined) : null,
    lastPurchaseAt: isTicketed
      ? null
      : isoOf(created?.purchaseDeadlineDate, created?.purchaseDeadlineTime),
    isCancelled,
    customerNumber: booking.agencyCustomerNumber ?? null,
    remarks: (booking.remarks ?? [])
      .map((remark) => remark.text ?? '')
      .filter((remark) => remark !== ''),
    ticketingSupported: !isTicketed && !isCancelled && storedFare !== null,
    history: extra.history,
    version: versionOf(booking),
  };
}
