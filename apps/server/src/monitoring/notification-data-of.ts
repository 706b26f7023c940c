import {
  CANCELLED_SEGMENT_STATUSES,
  GROUP_OF_TYPE,
  localTimeText,
  type Flight,
  type NotificationData,
  type Passenger,
  type PriceQuote,
  type QuoteSaving,
} from '@smt/shared';
import { instantOf } from '@/gds/airport-time';
import type { FareQuote, GdsBooking, GdsPassenger, GdsSegment, Penalties } from '@/gds/gds-types';
import type { Candidate } from './detectors/detector';
import type { RepriceSaving } from './detectors/reprice-saving';

/** A fare's rules as a price quote shows them, the same for the stored fare and the offer. */
type PenaltyRules = PriceQuote['conditions']['current_conds']['penalty_rules'];

const inactive: readonly string[] = CANCELLED_SEGMENT_STATUSES;

export const isActiveSegment = (segment: GdsSegment): boolean => !inactive.includes(segment.status);

export const activeSegments = (booking: GdsBooking): GdsSegment[] =>
  booking.segments.filter(isActiveSegment);

/**
 * A local 'yyyy-MM-dd HH:mm' in milliseconds, read as if it were UTC: a wall clock, not an
 * instant. Only the difference of two times on the same airport's clock means anything (and
 * that off by an hour across a daylight-saving change); when a flight leaves is `departureMs`.
 */
export const flightTimeMs = (local: string): number => Date.parse(`${local.replace(' ', 'T')}:00Z`);

// A segment's instants come from the GDS; a snapshot stored before they did has none, so its
// local time is read in the airport's zone instead (docs/decisions/039). NaN when neither reads.

/** When a segment leaves, in epoch milliseconds. */
export const departureMs = (segment: Pick<GdsSegment, 'departsAt' | 'departure' | 'from'>) =>
  segment.departsAt ? Date.parse(segment.departsAt) : instantOf(segment.departure, segment.from);

/** When a segment lands, in epoch milliseconds. */
export const arrivalMs = (segment: Pick<GdsSegment, 'arrivesAt' | 'arrival' | 'to'>) =>
  segment.arrivesAt ? Date.parse(segment.arrivesAt) : instantOf(segment.arrival, segment.to);

/** An ISO instant as 'yyyy-MM-dd HH:mm' (UTC), the form people read times in. */
export const minuteOf = (iso: string): string => iso.slice(0, 16).replace('T', ' ');

export const flightName = (segment: Pick<GdsSegment, 'airline' | 'flightNumber'>): string =>
  `${segment.airline}${segment.flightNumber}`;

/** 'LY315 TLV-JFK on 08/03/2026 10:00': a flight as the alerts name it, on its airport's clock. */
export const flightText = (segment: GdsSegment): string =>
  `${flightName(segment)} ${segment.from}-${segment.to} on ${localTimeText(segment.departure)}`;

export const dayOf = (local: string): string => local.slice(0, 10);

/** When the first active segment, in the GDS's itinerary order, leaves; null without one. */
export function firstDepartureAt(booking: GdsBooking): Date | null {
  const [first] = activeSegments(booking);
  return first ? new Date(departureMs(first)) : null;
}

/** The first active segment left before `now`. */
export function isDeparted(booking: GdsBooking, now: Date): boolean {
  const departure = firstDepartureAt(booking);
  return departure !== null && departure.getTime() < now.getTime();
}

/** The segment has not left by `now` (as isDeparted counts); one whose time cannot be read counts as ahead. */
export function isAhead(segment: GdsSegment, now: Date): boolean {
  const at = departureMs(segment);
  return Number.isNaN(at) || at >= now.getTime();
}

/** The active segments still to leave, in the GDS's itinerary order. */
export const segmentsAhead = (booking: GdsBooking, now: Date): GdsSegment[] =>
  activeSegments(booking).filter((segment) => isAhead(segment, now));

/** When the next active segment leaves after `now`; null when none is left to leave. */
export function nextDepartureAt(booking: GdsBooking, now: Date): Date | null {
  const times = segmentsAhead(booking, now)
    .map(departureMs)
    .filter((at) => !Number.isNaN(at));
  return times.length > 0 ? new Date(Math.min(...times)) : null;
}

/**
 * The whole trip is behind it: no segment of any status is still to leave and every active
 * one has landed. Until then a return leg can still change, go HX or clear a waitlist
 * (docs/decisions/059). A booking with no segment at all has nothing flown.
 */
export function isFlown(booking: GdsBooking, now: Date): boolean {
  if (booking.segments.length === 0) return false;
  if (booking.segments.some((segment) => isAhead(segment, now))) return false;
  return activeSegments(booking).every((segment) => {
    const lands = arrivalMs(segment);
    return Number.isNaN(lands) || lands <= now.getTime();
  });
}

/** Cancelled, or every flight has flown: nothing left to act on, so no detector raises anything. */
export const isClosed = (booking: GdsBooking, now: Date): boolean =>
  booking.isCancelled || isFlown(booking, now);

export const flightDataOf = (segment: GdsSegment): Flight => ({
  from: segment.from,
  to: segment.to,
  airline: segment.airline,
  flight_number: segment.flightNumber,
  flight_class: segment.flightClass,
  status: segment.status,
  departure: segment.departure,
  arrival: segment.arrival,
  // A codeshare's operating airline ('operated by …'); absent when the seller flies it.
  ...(segment.operatingAirline ? { operating_airline: segment.operatingAirline } : {}),
});

/** A name as people are matched by: case, spacing and punctuation do not make another person. */
export const nameKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim();

/** A passenger as bookings are matched by across PNRs: last and first name, by `nameKey`. */
export const personKey = (person: { firstName: string; lastName: string }) =>
  `${nameKey(person.lastName)}/${nameKey(person.firstName)}`;

// SPEC §3: the contact is matched to a passenger by name and lends them its phone.
function passengerDataOf(passenger: GdsPassenger, booking: GdsBooking): Passenger {
  const contact = nameKey(booking.contact.name);
  const isContact =
    contact !== '' &&
    [
      `${passenger.firstName} ${passenger.lastName}`,
      `${passenger.lastName} ${passenger.firstName}`,
    ].some((name) => nameKey(name) === contact);
  return {
    title: passenger.title,
    first_name: passenger.firstName,
    last_name: passenger.lastName,
    type: passenger.type,
    phone: passenger.phone ?? (isContact ? booking.contact.phone : null),
    email: passenger.email,
  };
}

/**
 * The booking as a notification shows it; `sc` only for a schedule change. Every segment the
 * GDS holds is shown, whatever its status (an inactive one is what an ADM asks to remove), and
 * those of `alertedIds` are marked as the ones the notification is about.
 */
export function notificationDataOf(
  booking: GdsBooking,
  now: Date,
  sc: NotificationData['sc'] = null,
  alertedIds: readonly string[] = [],
): NotificationData {
  return {
    pnr: {
      id: booking.locator,
      pcc: booking.pcc,
      creator: booking.agentInitials,
      is_cancelled: booking.isCancelled,
      is_ticketed: booking.isTicketed,
      is_voidable: booking.isVoidable,
      is_departed: isDeparted(booking, now),
    },
    contact: { ...booking.contact },
    passengers: booking.passengers.map((passenger) => passengerDataOf(passenger, booking)),
    cars: booking.cars.map((car) => ({
      pickup_city: car.pickupCity,
      pickup_date: car.pickupDate,
      return_date: car.returnDate,
      amount: car.amount,
      vendor: car.vendor,
      car_type: car.carType,
    })),
    hotels: booking.hotels.map((hotel) => ({
      hotel_name: hotel.name,
      city: hotel.city,
      country: hotel.country,
      start: hotel.start,
      end: hotel.end,
      cost: hotel.cost,
      status: hotel.status,
    })),
    flights: booking.segments.map((segment) => ({
      ...flightDataOf(segment),
      ...(alertedIds.includes(segment.id) ? { alerted: true } : {}),
    })),
    sc,
  };
}

export const penaltyRulesOf = (penalties: Penalties): PenaltyRules => ({
  before_dept: {
    change_ind: penalties.change.allowed,
    change_amount: penalties.change.amount,
    refund_ind: penalties.refund.allowed,
    refund_amount: penalties.refund.amount,
    currency: penalties.currency,
  },
});

/** The offer drops the free bags the stored fare has. */
export const losesFreeBaggage = (stored: FareQuote, offer: FareQuote): boolean =>
  stored.freeBags > 0 && offer.freeBags === 0;

/** The price-quote block of a Reprice: the stored fare against the offer. */
export function priceQuoteDataOf(
  booking: GdsBooking,
  stored: FareQuote,
  offer: FareQuote,
  seqNum = 1,
  saving?: RepriceSaving,
): PriceQuote {
  const byId = new Map(booking.segments.map((segment) => [segment.id, segment]));
  return {
    seq_num: seqNum,
    cmd: offer.cmd,
    current_price: stored.total,
    new_price: offer.total,
    currency: offer.currency,
    last_purchase: offer.lastPurchase,
    pax: offer.passengerTypes.map((type) => ({ type })),
    segments: offer.segmentIds.flatMap((id) => {
      const segment = byId.get(id);
      return segment
        ? [
            {
              id,
              origin: segment.from,
              dest: segment.to,
              airline: segment.airline,
              flight_number: segment.flightNumber,
            },
          ]
        : [];
    }),
    conditions: {
      current_conds: { penalty_rules: penaltyRulesOf(stored.penalties) },
      new_conds: { penalty_rules: penaltyRulesOf(offer.penalties) },
    },
    fare_conds: {
      farebasis: offer.fareBasis,
      flight_class: offer.flightClass,
      bag: `${offer.freeBags}PC`,
    },
    newBaggageInfos: losesFreeBaggage(stored, offer)
      ? [{ normalizedNonFreeBaggage: true, cost: offer.bagCost, segments: offer.segmentIds }]
      : [],
    ...(saving ? { saving: quoteSavingOf(saving) } : {}),
  };
}

const fromCents = (amountCents: number) => amountCents / 100;

/** The saving as the price-quote block carries it, in the quote's currency. */
export const quoteSavingOf = (saving: RepriceSaving): QuoteSaving => ({
  gross: fromCents(saving.grossCents),
  tickets: saving.tickets,
  change_fee: fromCents(saving.changeFeeCents),
  refund_fee: fromCents(saving.refundFeeCents),
  kind: saving.kind,
  agency_fee: fromCents(saving.agencyFeeCents),
  void_until: saving.voidUntil,
  credit_expires_on: saving.creditExpiresOn,
  bags_lost: saving.bagsLost,
  bags_cost: fromCents(saving.bagsCostCents),
  bag_price_unknown: saving.bagPriceUnknown,
  net: fromCents(saving.netCents),
});

type CandidateCore = Pick<
  Candidate,
  'type' | 'title' | 'titleMessage' | 'alerts' | 'dedupeKey' | 'segmentIds'
> &
  Partial<Candidate>;

/**
 * The segments a notification marks as its own: those it names, when it names some of the
 * booking's and not all (a mark on every flight would single nothing out).
 */
export function alertedSegmentIds(booking: GdsBooking, segmentIds: readonly string[]): string[] {
  const named = booking.segments.filter((segment) => segmentIds.includes(segment.id));
  return named.length < booking.segments.length ? named.map((segment) => segment.id) : [];
}

/** A candidate with what every type carries filled in from the booking. */
export function candidateOf(booking: GdsBooking, now: Date, core: CandidateCore): Candidate {
  const byId = new Map(booking.segments.map((segment) => [segment.id, segment]));
  return {
    group: GROUP_OF_TYPE[core.type],
    remarks: booking.remarks,
    segmentClasses: core.segmentIds.flatMap((id) => byId.get(id)?.flightClass ?? []),
    lastPurchaseDate: booking.lastPurchaseAt,
    data: notificationDataOf(booking, now, null, alertedSegmentIds(booking, core.segmentIds)),
    potentialSaving: null,
    savingKind: null,
    currency: null,
    priceQuotes: [],
    supersedes: [],
    ...core,
  };
}

/** '3 hours', '1 hour 30 minutes', '45 minutes'. */
export function durationText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [
    hours > 0 ? `${hours} hour${hours === 1 ? '' : 's'}` : '',
    rest > 0 ? `${rest} minute${rest === 1 ? '' : 's'}` : '',
  ];
  return parts.filter(Boolean).join(' ') || '0 minutes';
}
