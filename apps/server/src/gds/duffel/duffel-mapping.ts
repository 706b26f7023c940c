import type { PassengerType } from '@smt/shared';
import { utcOf } from '@/gds/airport-time';
import type {
  FareQuote,
  GdsBooking,
  GdsPassenger,
  GdsSegment,
  Penalties,
  ScheduleChange,
} from '@/gds/gds-types';
import type {
  AirlineChangeShape,
  ChangeOfferShape,
  OrderShape,
  OrderTimesShape,
  SegmentShape,
} from './duffel-schemas';

// A Duffel order in the port's terms. Duffel keeps no PNR fields a GDS has (pcc, agent,
// remarks, history, booking class); what it lacks is left empty, and guesses are named here.

/** Duffel's decimal text as a number of the currency, rounded to cents only here. */
export const amountOf = (text: string) => Math.round(Number(text) * 100) / 100;

const cents = (text: string) => Math.round(Number(text) * 100);

/** 'yyyy-MM-ddTHH:mm:ss' (an airport's wall clock, as Duffel gives it) → 'yyyy-MM-dd HH:mm'. */
export const localOfDuffel = (time: string) => time.slice(0, 16).replace('T', ' ');

const PASSENGER_TYPES: Record<OrderShape['passengers'][number]['type'], PassengerType> = {
  adult: 'ADT',
  child: 'CHD',
  infant_without_seat: 'INF',
};

// Duffel gives a cabin, not the booking class a GDS shows. A fare basis starts with the booking
// class by IATA convention; without one, the cabin's usual letter stands in.
const CABIN_LETTERS: Record<string, string> = {
  first: 'F',
  business: 'C',
  premium_economy: 'W',
  economy: 'Y',
};

type SegmentPassenger = { cabin_class: string | null; fare_basis_code?: string | null };

export function flightClassOf(passenger: SegmentPassenger | undefined): string {
  const fareBasis = passenger?.fare_basis_code ?? '';
  if (/^[A-Z]/.test(fareBasis)) return fareBasis.charAt(0);
  return CABIN_LETTERS[passenger?.cabin_class ?? ''] ?? 'Y';
}

export function segmentOf(segment: SegmentShape, status: GdsSegment['status']): GdsSegment {
  const from = segment.origin.iata_code ?? '';
  const to = segment.destination.iata_code ?? '';
  const departure = localOfDuffel(segment.departing_at);
  const arrival = localOfDuffel(segment.arriving_at);
  return {
    id: segment.id,
    airline: segment.marketing_carrier.iata_code ?? '',
    flightNumber: segment.marketing_carrier_flight_number,
    from,
    to,
    departure,
    arrival,
    departsAt: utcOf(departure, from),
    arrivesAt: utcOf(arrival, to),
    flightClass: flightClassOf(segment.passengers[0]),
    status,
  };
}

/** Airline changes Duffel still waits on someone to act on. */
export const pendingChangesOf = (order: OrderShape): AirlineChangeShape[] =>
  (order.airline_initiated_changes ?? []).filter((change) => change.action_taken === null);

const segmentIdsOf = (slices: AirlineChangeShape['added']) =>
  slices.flatMap((slice) => slice.segments.map((segment) => segment.id));

const ACTIONS = ['accept', 'change', 'cancel'] as const;
const isAction = (action: string): action is ScheduleChange['actions'][number] =>
  (ACTIONS as readonly string[]).includes(action);

export const scheduleChangeOf = (change: AirlineChangeShape): ScheduleChange => ({
  id: change.id,
  removedSegmentIds: segmentIdsOf(change.removed),
  addedSegmentIds: segmentIdsOf(change.added),
  actions: change.available_actions.filter(isAction),
  detectedAt: new Date(change.created_at).toISOString(),
});

/**
 * The order's flights with the airline's pending changes laid in as a GDS shows them: what a
 * change removed as UN, what it added as TK, the rest HK; in order of departure. Duffel may
 * list either side among the order's slices, so both are looked for there and added if absent.
 */
export function segmentsOf(order: OrderShape, pending: AirlineChangeShape[]): GdsSegment[] {
  const removedSlices = new Set(pending.flatMap((c) => c.removed.map((slice) => slice.id)));
  const removed = new Set(pending.flatMap((c) => segmentIdsOf(c.removed)));
  const added = new Set(pending.flatMap((c) => segmentIdsOf(c.added)));
  const segments = new Map<string, GdsSegment>();
  const put = (segment: SegmentShape, status: GdsSegment['status']) => {
    if (!segments.has(segment.id)) segments.set(segment.id, segmentOf(segment, status));
  };
  for (const slice of order.slices) {
    for (const segment of slice.segments) {
      const wasRemoved = removedSlices.has(slice.id) || removed.has(segment.id);
      put(segment, wasRemoved ? 'UN' : added.has(segment.id) ? 'TK' : 'HK');
    }
  }
  for (const change of pending) {
    for (const slice of change.removed) for (const segment of slice.segments) put(segment, 'UN');
    for (const slice of change.added) for (const segment of slice.segments) put(segment, 'TK');
  }
  // At the same time, what was replaced comes before what replaced it, as a GDS lists them.
  const rank = (segment: GdsSegment) => (segment.status === 'UN' ? 0 : 1);
  const byDeparture = (a: GdsSegment, b: GdsSegment) =>
    a.departsAt < b.departsAt ? -1 : a.departsAt > b.departsAt ? 1 : rank(a) - rank(b);
  return [...segments.values()].sort(byDeparture);
}

/**
 * When Duffel last recorded anything about the order, in epoch ms: its creation, a sync with
 * the airline, a payment, a cancellation, an airline change or an action on one. Duffel's
 * order has no update time of its own; `synced_at` also moves when a sync found nothing new,
 * which costs a look and misses nothing.
 */
export function changedAtOf(order: OrderTimesShape): number {
  const times = [
    order.created_at,
    order.synced_at,
    order.cancelled_at,
    order.payment_status.paid_at,
    ...(order.airline_initiated_changes ?? []).flatMap((change) => [
      change.created_at,
      change.updated_at,
      change.action_taken_at,
    ]),
  ];
  return Math.max(...times.map((time) => (time ? Date.parse(time) : 0)));
}

type Condition = OrderShape['conditions']['change_before_departure'];

/**
 * Duffel states a change or refund fee for all passengers together; the port counts it per
 * ticket (docs/decisions/037), so it is shared out evenly. A condition the airline did not
 * state, a fee Duffel does not know, or a fee in another currency than the penalties' cannot
 * be costed: it reads as not allowed rather than free.
 */
function ruleOf(condition: Condition, passengers: number, currency: string) {
  if (!condition?.allowed || condition.penalty_amount === null)
    return { allowed: false, amount: 0 };
  if (condition.penalty_currency !== null && condition.penalty_currency !== currency)
    return { allowed: false, amount: 0 };
  return { allowed: true, amount: perTicket(condition.penalty_amount, passengers) };
}

const perTicket = (amount: string, passengers: number) =>
  Math.round(cents(amount) / Math.max(passengers, 1)) / 100;

export function penaltiesOf(order: OrderShape): Penalties {
  const { change_before_departure: change, refund_before_departure: refund } = order.conditions;
  const currency = change?.penalty_currency ?? refund?.penalty_currency ?? order.total_currency;
  const passengers = order.passengers.length;
  return {
    change: ruleOf(change, passengers, currency),
    refund: ruleOf(refund, passengers, currency),
    currency,
  };
}

type Baggages = { baggages: { type: string; quantity: number }[] }[];

/** Free checked bags per passenger on every flight: the fewest any flight includes. */
export function freeBagsOf(segments: { passengers: Baggages }[]): number {
  if (segments.length === 0) return 0;
  return Math.min(
    ...segments.map((segment) =>
      (segment.passengers[0]?.baggages ?? [])
        .filter((bag) => bag.type === 'checked')
        .reduce((sum, bag) => sum + bag.quantity, 0),
    ),
  );
}

const orderSegments = (order: OrderShape) => order.slices.flatMap((slice) => slice.segments);

const passengerOf = (passenger: OrderShape['passengers'][number]): GdsPassenger => ({
  id: passenger.id,
  title: (passenger.title ?? '').toUpperCase(),
  firstName: passenger.given_name,
  lastName: passenger.family_name,
  type: PASSENGER_TYPES[passenger.type],
  phone: passenger.phone_number ?? null,
  email: passenger.email ?? null,
});

export function storedFareOf(order: OrderShape, lastPurchase: string | null): FareQuote {
  const segments = orderSegments(order);
  const firstPassenger = segments[0]?.passengers[0];
  return {
    cmd: `duffel order ${order.id}`,
    fareBasis: firstPassenger?.fare_basis_code ?? 'DUFFEL',
    flightClass: flightClassOf(firstPassenger),
    total: amountOf(order.total_amount),
    currency: order.total_currency,
    freeBags: freeBagsOf(segments),
    // Duffel prices extra bags as services of an order, not as a fare's rule.
    bagCost: null,
    penalties: penaltiesOf(order),
    lastPurchase,
    segmentIds: segments.map((segment) => segment.id),
    passengerTypes: order.passengers.map((passenger) => PASSENGER_TYPES[passenger.type]),
  };
}

const isoOrNull = (time: string | null | undefined) => (time ? new Date(time).toISOString() : null);

/**
 * The order as a booking. Its locator is the airline's booking reference and its provider id
 * Duffel's order id, which every call of the port takes. Paid means ticketed: Duffel issues
 * the tickets of an order when it is paid, an instant order at once, a hold order when its
 * payment is made.
 */
export function bookingOf(order: OrderShape): GdsBooking {
  const pending = pendingChangesOf(order);
  const { awaiting_payment: awaiting, payment_required_by, paid_at } = order.payment_status;
  const isCancelled = order.cancelled_at !== null && order.cancelled_at !== undefined;
  const hasTicket = (order.documents ?? []).some(
    (document) => document.type === 'electronic_ticket',
  );
  const isTicketed = hasTicket || (!awaiting && Boolean(paid_at));
  const lastPurchaseAt = awaiting && !isCancelled ? isoOrNull(payment_required_by) : null;
  const passengers = order.passengers.map(passengerOf);
  const first = passengers[0];
  return {
    locator: order.booking_reference,
    providerId: order.id,
    pcc: '',
    agentInitials: '',
    type: 'REGULAR',
    createdAt: new Date(order.created_at).toISOString(),
    passengers,
    contact: {
      name: first ? `${first.firstName} ${first.lastName}` : '',
      phone: first?.phone ?? null,
      email: first?.email ?? null,
    },
    segments: segmentsOf(order, pending),
    hotels: [],
    cars: [],
    storedFare: storedFareOf(order, lastPurchaseAt),
    isTicketed,
    // Duffel offers no void of a ticketed order, only a cancellation with the fare's refund.
    isVoidable: false,
    ticketedAt: isTicketed ? isoOrNull(paid_at) : null,
    lastPurchaseAt,
    isCancelled,
    customerNumber: null,
    remarks: [],
    ticketingSupported: awaiting && !isCancelled,
    history: [],
    version: changedAtOf(order),
    metadata: { ...order.metadata },
    scheduleChanges: pending.map(scheduleChangeOf),
  };
}

const flightKey = (segment: {
  marketing_carrier: { iata_code: string | null };
  marketing_carrier_flight_number: string;
  departing_at: string;
}) =>
  `${segment.marketing_carrier.iata_code ?? ''}${segment.marketing_carrier_flight_number.replace(/^0+/, '')} ${localOfDuffel(segment.departing_at)}`;

/** Whether the offer adds back the very flights the order holds: a fare, not a rebooking. */
const sameFlights = (order: OrderShape, offer: ChangeOfferShape) => {
  const held = orderSegments(order).map(flightKey).join('|');
  const offered = offer.slices.add.flatMap((slice) => slice.segments.map(flightKey)).join('|');
  return held === offered;
};

/**
 * The order change offers that price the order's own flights below what the order costs now,
 * cheapest first, as quotes to reprice to. Offers in another currency are left out: there is
 * no rate to compare them by (docs/decisions/036).
 */
export function lowerFaresOf(order: OrderShape, offers: ChangeOfferShape[]): FareQuote[] {
  const stored = storedFareOf(order, null);
  const passengers = order.passengers.length;
  return offers
    .flatMap((offer) => {
      const total = offer.new_total_amount;
      if (total === null || offer.new_total_currency !== order.total_currency) return [];
      if (cents(total) >= cents(order.total_amount) || !sameFlights(order, offer)) return [];
      const added = offer.slices.add.flatMap((slice) => slice.segments);
      const penaltyCurrency = offer.penalty_currency ?? order.total_currency;
      const change =
        penaltyCurrency === stored.penalties.currency
          ? { allowed: true, amount: perTicket(offer.penalty_amount ?? '0', passengers) }
          : { allowed: false, amount: 0 };
      const quote: FareQuote = {
        cmd: `duffel order change offer ${offer.id}`,
        fareBasis: 'DUFFEL',
        flightClass: flightClassOf(added[0]?.passengers[0]),
        total: amountOf(total),
        currency: offer.new_total_currency,
        freeBags: freeBagsOf(added),
        bagCost: null,
        // The fee of this change is what Duffel states; its refund rule stays the order's.
        penalties: { ...stored.penalties, change },
        lastPurchase: null,
        segmentIds: stored.segmentIds,
        passengerTypes: stored.passengerTypes,
        offerId: offer.id,
        expiresAt: new Date(offer.expires_at).toISOString(),
      };
      return [quote];
    })
    .sort((a, b) => a.total - b.total || (a.offerId ?? '').localeCompare(b.offerId ?? ''));
}
