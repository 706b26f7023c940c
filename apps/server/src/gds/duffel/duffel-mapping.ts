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

export function segmentOf(
  segment: SegmentShape,
  status: GdsSegment['status'],
  id = segment.id,
): GdsSegment {
  const from = segment.origin.iata_code ?? '';
  const to = segment.destination.iata_code ?? '';
  const departure = localOfDuffel(segment.departing_at);
  const arrival = localOfDuffel(segment.arriving_at);
  const airline = segment.marketing_carrier.iata_code ?? '';
  const operator = segment.operating_carrier?.iata_code ?? null;
  const aircraft = segment.aircraft?.iata_code ?? null;
  return {
    id,
    airline,
    flightNumber: segment.marketing_carrier_flight_number,
    from,
    to,
    departure,
    arrival,
    departsAt: utcOf(departure, from),
    arrivesAt: utcOf(arrival, to),
    flightClass: flightClassOf(segment.passengers[0]),
    status,
    // Named only on a codeshare, so a booking's snapshot changes only where there is one.
    ...(operator && operator !== airline ? { operatingAirline: operator } : {}),
    ...(aircraft ? { aircraft } : {}),
  };
}

/** Airline changes Duffel still waits on someone to act on, oldest first. */
export const pendingChangesOf = (order: OrderShape): AirlineChangeShape[] =>
  (order.airline_initiated_changes ?? [])
    .filter((change) => change.action_taken === null)
    .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));

const segmentsIn = (slices: AirlineChangeShape['added']) =>
  slices.flatMap((slice) => slice.segments);

/** The same flight at the same times: what a change left as it was. */
const sameFlight = (a: SegmentShape, b: SegmentShape) =>
  a.marketing_carrier.iata_code === b.marketing_carrier.iata_code &&
  a.marketing_carrier_flight_number === b.marketing_carrier_flight_number &&
  a.origin.iata_code === b.origin.iata_code &&
  a.destination.iata_code === b.destination.iata_code &&
  localOfDuffel(a.departing_at) === localOfDuffel(b.departing_at) &&
  localOfDuffel(a.arriving_at) === localOfDuffel(b.arriving_at);

/**
 * The id a removed flight is listed under when the change gave its new version the same id
 * (Duffel says a changed slice or segment *may* get a new id): the booking needs both, the
 * old one UN and the new one TK, under ids of their own.
 */
const removedIdOf = (segmentId: string, change: AirlineChangeShape) => `${segmentId}@${change.id}`;

/**
 * What one change removed and added, by segment: a segment listed on both sides as the same
 * flight was left alone, whatever its slice's id; one listed on both sides under one id as
 * another flight was re-timed in place, and its old version goes under `removedIdOf`.
 */
function changedSegmentsOf(change: AirlineChangeShape) {
  const gone = segmentsIn(change.removed);
  const came = segmentsIn(change.added);
  const cameById = new Map(came.map((segment) => [segment.id, segment]));
  const goneById = new Map(gone.map((segment) => [segment.id, segment]));
  const untouched = (a: SegmentShape, b: SegmentShape | undefined) =>
    b !== undefined && sameFlight(a, b);
  const removed = gone
    .filter((segment) => !untouched(segment, cameById.get(segment.id)))
    .map((segment) => ({
      segment,
      id: cameById.has(segment.id) ? removedIdOf(segment.id, change) : segment.id,
    }));
  const added = came.filter((segment) => !untouched(segment, goneById.get(segment.id)));
  return { removed, added };
}

const ACTIONS = ['accept', 'change', 'cancel'] as const;
const isAction = (action: string): action is ScheduleChange['actions'][number] =>
  (ACTIONS as readonly string[]).includes(action);

export function scheduleChangeOf(change: AirlineChangeShape): ScheduleChange {
  const { removed, added } = changedSegmentsOf(change);
  return {
    id: change.id,
    removedSegmentIds: removed.map((each) => each.id),
    addedSegmentIds: added.map((segment) => segment.id),
    actions: change.available_actions.filter(isAction),
    detectedAt: new Date(change.created_at).toISOString(),
  };
}

/**
 * The order's flights with the airline's pending changes laid in as a GDS shows them: what a
 * change removed as UN, what it added as TK, the rest HK; in order of departure. Segments are
 * matched by what each change removed and added, never by slice: a slice that kept its id
 * while its flights moved (or kept their ids too) reads as a re-timing, not a cancellation.
 * The order may show either side of a change (Duffel syncs it with the airline), so the
 * change's own copies are used for both, and the order gives only what no change touched.
 */
export function segmentsOf(order: OrderShape, pending: AirlineChangeShape[]): GdsSegment[] {
  const removed = new Map<string, GdsSegment>();
  const added = new Map<string, GdsSegment>();
  // Oldest first: a flight one change added and a later one removed was never the booking's.
  // What any change touched, under the ids Duffel gave: the order's copy of it is not read.
  const touched = new Set<string>();
  for (const change of pending) {
    const changed = changedSegmentsOf(change);
    for (const { segment, id } of changed.removed) {
      touched.add(segment.id);
      if (added.has(segment.id)) added.delete(segment.id);
      else removed.set(id, segmentOf(segment, 'UN', id));
    }
    for (const segment of changed.added) {
      touched.add(segment.id);
      added.set(segment.id, segmentOf(segment, 'TK'));
    }
  }
  const kept = order.slices
    .flatMap((slice) => slice.segments)
    .filter((segment) => !touched.has(segment.id))
    .map((segment) => segmentOf(segment, 'HK'));
  // At the same time, what was replaced comes before what replaced it, as a GDS lists them.
  const rank = (segment: GdsSegment) => (segment.status === 'UN' ? 0 : 1);
  const byDeparture = (a: GdsSegment, b: GdsSegment) =>
    a.departsAt < b.departsAt ? -1 : a.departsAt > b.departsAt ? 1 : rank(a) - rank(b);
  return [...kept, ...removed.values(), ...added.values()].sort(byDeparture);
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

const earliest = (...times: (string | null)[]) =>
  times.reduce<string | null>(
    (first, time) => (time !== null && (first === null || time < first) ? time : first),
    null,
  );

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
  const holding = awaiting && !isCancelled;
  const priceGuaranteeExpiresAt = holding
    ? isoOrNull(order.payment_status.price_guarantee_expires_at)
    : null;
  // Past the price guarantee the airline may ask more (Duffel: the order is repriced before
  // it is paid), so the deadline to pay at the price held is the earlier of the two.
  const lastPurchaseAt = holding
    ? earliest(isoOrNull(payment_required_by), priceGuaranteeExpiresAt)
    : null;
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
    priceGuaranteeExpiresAt,
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

/** The change offer's penalty, under the name Duffel's answers give it or the SDK's type. */
export function penaltyOf(offer: ChangeOfferShape): {
  amount: string | null;
  currency: string | null;
} {
  if (offer.penalty_total_amount !== undefined && offer.penalty_total_amount !== null)
    return { amount: offer.penalty_total_amount, currency: offer.penalty_total_currency ?? null };
  return { amount: offer.penalty_amount ?? null, currency: offer.penalty_currency ?? null };
}

// Where Duffel sends money a change gives back, as its API reference, its SDK and its other
// clients name the places: a voucher or airline credit is spent with the airline; the rest
// goes back to money the agency can use. `awaiting_payment` (an unpaid order) sends nothing.
const REFUND_PLACES: Record<string, 'cash' | 'credit' | null> = {
  voucher: 'credit',
  airline_credits: 'credit',
  original_form_of_payment: 'cash',
  balance: 'cash',
  card: 'cash',
  arc_bsp_cash: 'cash',
  awaiting_payment: null,
};

/** Cash or credit, for a place Duffel names; a place it may add later is not guessed at. */
export const refundPlaceOf = (refundTo: string | null | undefined) =>
  REFUND_PLACES[refundTo ?? ''] ?? null;

/**
 * The order change offers that price the order's own flights below what the order costs now,
 * cheapest first, as quotes to reprice to. The money is Duffel's: `changeTotal` is the
 * offer's `change_total_amount` (what confirming it charges, or gives back when negative,
 * penalties included), and the quote's total is the order's `total_amount` (taxes included)
 * moved by that amount less the penalty, so that the order's total less the quote's is the
 * fare difference Duffel charges and that difference less the penalty is what Duffel pays
 * back. `new_total_amount` is not read: the SDK calls it tax-exclusive, which the order's total
 * is not (docs/decisions/044). Offers without a change total or in another currency are left
 * out: there is no saving to know, or no rate to compare by (docs/decisions/036).
 */
export function lowerFaresOf(order: OrderShape, offers: ChangeOfferShape[]): FareQuote[] {
  const stored = storedFareOf(order, null);
  const passengers = order.passengers.length;
  const currency = order.total_currency;
  return offers
    .flatMap((offer) => {
      const changeTotal = offer.change_total_amount;
      if (changeTotal === null || (offer.change_total_currency ?? currency) !== currency) return [];
      const penalty = penaltyOf(offer);
      const penaltyCurrency = penalty.currency ?? currency;
      // A penalty in another currency cannot be told apart from the fare: the change total
      // then counts as fare difference, so the net stays Duffel's.
      const penaltyCents =
        penalty.amount !== null && penaltyCurrency === currency ? cents(penalty.amount) : 0;
      const fareDifferenceCents = cents(changeTotal) - penaltyCents;
      if (fareDifferenceCents >= 0 || !sameFlights(order, offer)) return [];
      const added = offer.slices.add.flatMap((slice) => slice.segments);
      // The same flights: where the offer does not say what each passenger gets (Duffel's
      // recorded offers do not), the cabin and bags are taken to be the order's.
      const told = added.flatMap((segment) =>
        segment.passengers ? [{ passengers: segment.passengers }] : [],
      );
      const described = told.length > 0 && told.length === added.length;
      const change =
        penaltyCurrency === stored.penalties.currency
          ? { allowed: true, amount: perTicket(penalty.amount ?? '0', passengers) }
          : { allowed: false, amount: 0 };
      const quote: FareQuote = {
        cmd: `duffel order change offer ${offer.id}`,
        fareBasis: 'DUFFEL',
        flightClass: described ? flightClassOf(told[0]?.passengers[0]) : stored.flightClass,
        total: (cents(order.total_amount) + fareDifferenceCents) / 100,
        currency,
        freeBags: described ? freeBagsOf(told) : stored.freeBags,
        bagCost: null,
        // The fee of this change is what Duffel states; its refund rule stays the order's.
        penalties: { ...stored.penalties, change },
        lastPurchase: null,
        segmentIds: stored.segmentIds,
        passengerTypes: stored.passengerTypes,
        offerId: offer.id,
        expiresAt: new Date(offer.expires_at).toISOString(),
        changeTotal: amountOf(changeTotal),
        refundTo: cents(changeTotal) < 0 ? refundPlaceOf(offer.refund_to) : null,
      };
      return [quote];
    })
    .sort((a, b) => a.total - b.total || (a.offerId ?? '').localeCompare(b.offerId ?? ''));
}
