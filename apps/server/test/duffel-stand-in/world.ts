/// <reference types="@duffel/api" />
import type {
  AirlineInitiatedChange,
  AirlineInitiatedChangeAvailableAction,
  ApiResponseError,
  DuffelPassengerTitle,
  OfferRequest,
  Order,
  OrderPaymentStatus,
  OrderCancellation,
  OrderCancellationAirlineCredit,
  OrderChange,
  OrderChangeOffers,
  OrderChangeRequestResponse,
  OrderPassenger,
  OrderSliceSegment,
  PaginationMeta,
  PassengerType,
  Payment,
} from '@duffel/api/types';
import { z } from 'zod';
import {
  airline,
  changeOfferSlice,
  condition,
  idMaker,
  offerSlice,
  orderSlice,
  place,
  type ChangeOfferSliceAsSent,
  type OfferAsListed,
  type ScriptedFlight,
  type SearchedPassengerAsSent,
} from './builders';

// What the stand-in's Duffel holds and how each call changes it, by Duffel's rules as its API
// reference and SDK state them. A refusal is thrown as a DuffelFault, which the server writes
// as Duffel's error envelope.

type Fault = Omit<ApiResponseError, 'documentation_url'>;

export class DuffelFault extends Error {
  constructor(
    readonly status: number,
    readonly error: Fault,
  ) {
    super(error.message);
  }
}

// Codes from Duffel's error list as its Go client enumerates them (airheartdev/duffel,
// errors.go) and its Ruby client's fixtures (invalid_order_create_type).
const faults = {
  notFound: () =>
    new DuffelFault(404, {
      type: 'invalid_request_error',
      code: 'not_found',
      title: 'Not found',
      message: 'The resource you are trying to access does not exist.',
    }),
  offerGone: () =>
    new DuffelFault(422, {
      type: 'invalid_state_error',
      code: 'offer_no_longer_available',
      title: 'Offer no longer available',
      message:
        'The provided offer is no longer available, please select another offer or create a new offer request to get the latest availability',
    }),
  alreadyCancelled: () =>
    new DuffelFault(422, {
      type: 'airline_error',
      code: 'already_cancelled',
      title: 'Already cancelled',
      message: 'The provided order has already been cancelled',
    }),
  unsupported: (message: string) =>
    new DuffelFault(422, {
      type: 'airline_error',
      code: 'unsupported_action',
      title: 'Unsupported action',
      message,
    }),
  priceChanged: (message: string) =>
    new DuffelFault(422, {
      type: 'invalid_state_error',
      code: 'price_changed',
      title: 'Price changed',
      message,
    }),
  invalid: (field: string, message: string) =>
    new DuffelFault(422, {
      type: 'validation_error',
      code: 'validation_required',
      title: 'Validation error',
      message: `${field}: ${message}`,
    }),
};

/** A request body checked as Duffel validates it: the first field that does not fit is named. */
function bodyOf<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw faults.invalid(issue?.path.join('.') || 'data', issue?.message ?? 'is invalid');
}

const cents = (amount: string) => Math.round(Number(amount) * 100);
const decimal = (amountCents: number) => (amountCents / 100).toFixed(2);

/** Duffel's passenger type of a searched passenger: given, or by age (under 2, under 18). */
function passengerTypeOf(passenger: { type?: PassengerType | null; age?: number | null }) {
  if (passenger.type) return passenger.type;
  const age = passenger.age ?? 30;
  return age < 2 ? 'infant_without_seat' : age < 18 ? 'child' : 'adult';
}

export type ScriptedPassenger = {
  title: DuffelPassengerTitle;
  givenName: string;
  familyName: string;
  type: PassengerType;
  email?: string;
  phone?: string;
  bornOn?: string;
};

export type NewOrderScript = {
  bookingReference: string;
  /** Each slice's flights, in order. */
  slices: ScriptedFlight[][];
  passengers: ScriptedPassenger[];
  totalAmount: string;
  currency: string;
  /**
   * A hold order, unpaid until `paymentRequiredBy`, its price held until
   * `priceGuaranteeExpiresAt` (the payment deadline when not given, null for none); without
   * it the order is paid (instant).
   */
  hold?: { paymentRequiredBy: string; priceGuaranteeExpiresAt?: string | null };
  metadata?: Record<string, string>;
  /** Penalties for all passengers, null where not allowed; default change 40.00, no refund. */
  conditions?: { change?: string | null; refund?: string | null };
};

export type AirlineChangeScript = {
  newDepartingAt: string;
  newArrivingAt?: string;
  newFlightNumber?: string;
  sliceIndex?: number;
  availableActions?: AirlineInitiatedChangeAvailableAction[];
  /**
   * Which ids the changed slice keeps (Duffel: they *may* change): none (the default), the
   * slice's, or the slice's and its segments'.
   */
  keepIds?: 'none' | 'slice' | 'slice-and-segments';
  /**
   * Whether the order already shows the airline's new flights, as Duffel's sync with the
   * airline may, or still the old ones until the change is accepted (the default).
   */
  orderShows?: 'before' | 'after';
};

export type CheaperOfferScript = {
  newTotal: string;
  penalty: string;
  expiresAt: string;
  /** Another flight number for the first flight: an offer to rebook, not a fare. */
  flightNumber?: string;
  /** Where money the change gives back goes; the recorded offers say original_form_of_payment. */
  refundTo?: ChangeRefundTo;
  /** The airline asks this new total instead once an offer of this script is taken. */
  newTotalWhenTaken?: string;
};

/** Duffel's places for money a change gives back, across its API reference and SDK types. */
export type ChangeRefundTo =
  'original_form_of_payment' | 'voucher' | 'balance' | 'card' | 'arc_bsp_cash' | 'airline_credits';

/** A payment the stand-in took: an order paid, an order made and paid, a change confirmed. */
export type TakenPayment = {
  orderId: string;
  for: 'order' | 'order_change';
  amount: string;
  currency: string;
  type: string;
};

export type OfferScript = {
  slices: ScriptedFlight[][];
  totalAmount: string;
  currency: string;
  holdable?: boolean;
};

// As Duffel's API reference and recorded answers give them (test/fixtures/duffel-recorded):
// a change offer's penalty is `penalty_total_*` where the SDK's type says `penalty_*`, and
// fields the SDK types as strings are null until they happen (`order_change_id`) or when there
// is nothing to say (an order change's `refund_to` when nothing comes back).
type OrderChangeOfferAsSent = Omit<
  OrderChangeOffers,
  'order_change_id' | 'penalty_amount' | 'penalty_currency' | 'refund_to' | 'slices'
> & {
  slices: { add: ChangeOfferSliceAsSent[]; remove: ChangeOfferSliceAsSent[] };
  live_mode: boolean;
  order_change_id: string | null;
  penalty_total_amount: string | null;
  penalty_total_currency: string | null;
  refund_to: ChangeRefundTo;
};
/**
 * An order as Duffel sends it: a paid order's payment deadline and price guarantee are null
 * (or the held order's, once paid), where the SDK types them as optional strings.
 */
export type OrderAsSent = Omit<Order, 'payment_status'> & {
  payment_status: Omit<OrderPaymentStatus, 'payment_required_by' | 'price_guarantee_expires_at'> & {
    payment_required_by: string | null;
    price_guarantee_expires_at: string | null;
  };
};
/** A search as Duffel answers it: its passengers as recorded, its slices with their time. */
type OfferRequestAsSent = Omit<OfferRequest, 'passengers' | 'slices' | 'offers'> & {
  passengers: SearchedPassengerAsSent[];
  slices: (OfferRequest['slices'][number] & { created_at: string })[];
  offers: OfferAsListed[];
};
type ChangeRequestAsSent = Omit<OrderChangeRequestResponse, 'order_change_offers'> & {
  order_change_offers: OrderChangeOfferAsSent[];
  created_at: string;
  updated_at: string;
};
type OrderChangeAsSent = Omit<OrderChange, 'refund_to' | 'slices'> & {
  slices: OrderChangeOfferAsSent['slices'];
  refund_to: ChangeRefundTo | null;
  updated_at: string;
};
type CancellationAsSent = Omit<OrderCancellation, 'confirmed_at'> & { confirmed_at: string | null };
/**
 * What a cancellation of an order quotes back, and the airline credits it makes (their ids are
 * the stand-in's, given when a cancellation is made).
 */
export type RefundQuote = Pick<
  OrderCancellation,
  'refund_amount' | 'refund_currency' | 'refund_to'
> & { airline_credits?: Omit<OrderCancellationAirlineCredit, 'id'>[] };

type HeldChangeOffer = {
  value: OrderChangeOfferAsSent;
  orderId: string;
  add: { flights: ScriptedFlight[][]; ids: { slice: string; segments: string[] }[] };
  expired: boolean;
  /** The new total the airline asks once the offer is taken, when it moved since it was shown. */
  newTotalWhenTaken?: string;
};

type HeldOffer = {
  value: OfferAsListed;
  flights: ScriptedFlight[][];
  expired: boolean;
  booked: boolean;
};

const TICKET_PREFIX = '125';

const fareBasisOf = (passenger: object) =>
  'fare_basis_code' in passenger && typeof passenger.fare_basis_code === 'string'
    ? passenger.fare_basis_code
    : undefined;

/** A segment back as the flight it is, to sell it again in a change. */
function flightOf(segment: OrderSliceSegment): ScriptedFlight {
  const passenger = segment.passengers[0];
  return {
    airline: segment.marketing_carrier.iata_code ?? '',
    flightNumber: segment.marketing_carrier_flight_number,
    operatingAirline: segment.operating_carrier.iata_code ?? undefined,
    from: segment.origin.iata_code ?? '',
    to: segment.destination.iata_code ?? '',
    departingAt: segment.departing_at,
    arrivingAt: segment.arriving_at,
    cabinClass: passenger?.cabin_class,
    fareBasis: passenger ? fareBasisOf(passenger) : undefined,
    checkedBags: passenger?.baggages.find((bag) => bag.type === 'checked')?.quantity,
  };
}

const shiftLocal = (time: string, ms: number) =>
  new Date(Date.parse(`${time}Z`) + ms).toISOString().slice(0, 19);

export function createWorld(now: () => Date) {
  const newId = idMaker();
  const at = () => now().toISOString();
  const later = (minutes: number) => new Date(now().getTime() + minutes * 60_000).toISOString();
  const orders = new Map<string, OrderAsSent>();
  const cheaper = new Map<string, CheaperOfferScript[]>();
  const changeOffers = new Map<string, HeldChangeOffer>();
  const orderChanges = new Map<string, { value: OrderChangeAsSent; offerId: string }>();
  const payments: TakenPayment[] = [];
  const cancellations = new Map<string, CancellationAsSent>();
  const scriptedRefunds = new Map<string, RefundQuote>();
  const offers = new Map<string, HeldOffer>();
  let scriptedOffers: OfferScript[] = [];
  let references = 0;

  const orderOf = (id: string) => {
    const order = orders.get(id);
    if (!order) throw faults.notFound();
    return order;
  };

  const newSliceIds = (flights: ScriptedFlight[]) => ({
    slice: newId('sli'),
    segments: flights.map(() => newId('seg')),
  });

  const ticketOf = (order: OrderAsSent) => ({
    type: 'electronic_ticket' as const,
    unique_identifier: `${TICKET_PREFIX}${String(1_000_000_000 + orders.size).slice(1)}`,
    passenger_ids: order.passengers.map((passenger) => passenger.id),
  });

  function placeOrder(
    input: Omit<NewOrderScript, 'passengers'> & { passengers: OrderPassenger[] },
  ): OrderAsSent {
    const id = newId('ord');
    const created = at();
    const currency = input.currency;
    const change = condition(input.conditions?.change ?? '40.00', currency);
    const refund = condition(input.conditions?.refund ?? null, currency);
    const passengerIds = input.passengers.map((passenger) => passenger.id);
    const slices = input.slices.map((flights) =>
      orderSlice(flights, newSliceIds(flights), passengerIds, change),
    );
    const order: OrderAsSent = {
      id,
      booking_reference: input.bookingReference,
      created_at: created,
      synced_at: created,
      cancelled_at: null,
      cancellation: null,
      live_mode: false,
      content: 'self_managed',
      owner: airline(input.slices[0]?.[0]?.airline ?? 'ZZ'),
      base_amount: input.totalAmount,
      base_currency: currency,
      tax_amount: '0.00',
      tax_currency: currency,
      total_amount: input.totalAmount,
      total_currency: currency,
      slices,
      services: [],
      passengers: input.passengers,
      // A paid order keeps both times, null when it was never held (as recorded).
      payment_status: input.hold
        ? {
            awaiting_payment: true,
            payment_required_by: input.hold.paymentRequiredBy,
            price_guarantee_expires_at:
              input.hold.priceGuaranteeExpiresAt === undefined
                ? input.hold.paymentRequiredBy
                : input.hold.priceGuaranteeExpiresAt,
            paid_at: null,
          }
        : {
            awaiting_payment: false,
            payment_required_by: null,
            price_guarantee_expires_at: null,
            paid_at: created,
          },
      documents: [],
      conditions: { change_before_departure: change, refund_before_departure: refund },
      metadata: input.metadata ?? {},
      airline_initiated_changes: [],
      available_actions: input.hold ? ['cancel', 'update'] : ['cancel', 'change', 'update'],
    };
    if (!input.hold) order.documents = [ticketOf(order)];
    orders.set(id, order);
    return order;
  }

  const nextReference = () => {
    references += 1;
    return `SI${references.toString(36).toUpperCase().padStart(4, '0')}`;
  };

  // ---- scripts a test drives -------------------------------------------------------------

  function addOrder(input: NewOrderScript): string {
    const passengers = input.passengers.map((passenger): OrderPassenger => ({
      id: newId('pas'),
      type: passenger.type,
      title: passenger.title,
      gender: ['mr', 'dr'].includes(passenger.title) ? 'm' : 'f',
      given_name: passenger.givenName,
      family_name: passenger.familyName,
      born_on: passenger.bornOn ?? '1980-01-01',
      email: passenger.email ?? `${passenger.givenName}@example.com`.toLowerCase(),
      phone_number: passenger.phone ?? '+442080160509',
      infant_passenger_id: null,
    }));
    return placeOrder({ ...input, passengers }).id;
  }

  function scriptAirlineChange(orderId: string, script: AirlineChangeScript): string {
    const order = orderOf(orderId);
    const slice = order.slices[script.sliceIndex ?? 0];
    if (!slice) throw new Error(`order ${orderId} has no such slice`);
    const [first, ...rest] = slice.segments.map(flightOf);
    if (!first) throw new Error('the slice has no flight');
    const shift = Date.parse(`${script.newDepartingAt}Z`) - Date.parse(`${first.departingAt}Z`);
    const moved: ScriptedFlight = {
      ...first,
      departingAt: script.newDepartingAt,
      arrivingAt: script.newArrivingAt ?? shiftLocal(first.arrivingAt, shift),
      flightNumber: script.newFlightNumber ?? first.flightNumber,
    };
    const flights = [moved, ...rest];
    const passengerIds = order.passengers.map((passenger) => passenger.id);
    const keep = script.keepIds ?? 'none';
    const fresh = newSliceIds(flights);
    const ids = {
      slice: keep === 'none' ? fresh.slice : slice.id,
      segments:
        keep === 'slice-and-segments'
          ? slice.segments.map((segment) => segment.id)
          : fresh.segments,
    };
    const added = orderSlice(flights, ids, passengerIds, slice.conditions.change_before_departure);
    const change: AirlineInitiatedChange = {
      id: newId('aic'),
      order_id: orderId,
      action_taken: null,
      action_taken_at: null,
      added: [added],
      removed: [structuredClone(slice)],
      available_actions: script.availableActions ?? ['accept', 'cancel', 'change', 'update'],
      created_at: at(),
      updated_at: at(),
      travel_agent_ticket: null,
    };
    order.airline_initiated_changes.push(change);
    if (script.orderShows === 'after')
      order.slices = order.slices.map((each) => (each === slice ? structuredClone(added) : each));
    order.synced_at = at();
    return change.id;
  }

  function scriptCheaperOffer(orderId: string, script: CheaperOfferScript) {
    orderOf(orderId);
    cheaper.set(orderId, [...(cheaper.get(orderId) ?? []), script]);
  }

  /** The airline sells the order's cheaper fares no more: later searches find none of them. */
  function withdrawCheaperOffers(orderId: string) {
    cheaper.delete(orderId);
  }

  function scriptOffers(scripts: OfferScript[]) {
    scriptedOffers = scripts;
  }

  function expireOffers() {
    for (const offer of changeOffers.values()) offer.expired = true;
    for (const offer of offers.values()) offer.expired = true;
  }

  // ---- Duffel's calls --------------------------------------------------------------------

  function listOrders(query: URLSearchParams): { data: OrderAsSent[]; meta: PaginationMeta } {
    const limit = Math.min(Number(query.get('limit') ?? 50), 200);
    const names = query.getAll('passenger_name[]').map((name) => name.toLowerCase());
    const matching = [...orders.values()].filter(
      (order) =>
        names.length === 0 ||
        order.passengers.some((passenger) =>
          names.some(
            (name) =>
              passenger.given_name.toLowerCase().includes(name) ||
              passenger.family_name.toLowerCase().includes(name),
          ),
        ),
    );
    const after = query.get('after');
    const start = after ? matching.findIndex((order) => order.id === after) + 1 : 0;
    const page = matching.slice(start, start + limit);
    const more = start + limit < matching.length;
    return {
      data: page,
      meta: { limit, after: more ? (page.at(-1)?.id ?? null) : null },
    };
  }

  const ChangeRequestBody = z.object({
    order_id: z.string(),
    slices: z.object({
      remove: z.array(z.object({ slice_id: z.string() })),
      add: z.array(
        z.object({
          origin: z.string(),
          destination: z.string(),
          departure_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
          cabin_class: z.enum(['first', 'business', 'premium_economy', 'economy']).nullish(),
        }),
      ),
    }),
  });

  /** What the change costs as Duffel counts it: the new total less the old, plus the penalty. */
  const changeTotalOf = (newTotal: string, order: OrderAsSent, penalty: string) =>
    decimal(cents(newTotal) - cents(order.total_amount) + cents(penalty));

  function createChangeRequest(body: unknown): ChangeRequestAsSent {
    const request = bodyOf(ChangeRequestBody, body);
    const order = orderOf(request.order_id);
    if (!order.available_actions.includes('change'))
      throw faults.unsupported('This order cannot be changed through the API');
    for (const removed of request.slices.remove)
      if (!order.slices.some((slice) => slice.id === removed.slice_id))
        throw faults.invalid(
          'slices.remove.slice_id',
          `${removed.slice_id} is not a slice of the order`,
        );
    const held = order.slices.map((slice) => slice.segments.map(flightOf));
    const created = (cheaper.get(order.id) ?? []).map((script): OrderChangeOfferAsSent => {
      const flights = held.map((journey, index) =>
        index === 0 && script.flightNumber
          ? journey.map((flight, at) =>
              at === 0 ? { ...flight, flightNumber: script.flightNumber ?? '' } : flight,
            )
          : journey,
      );
      const ids = flights.map(newSliceIds);
      const value: OrderChangeOfferAsSent = {
        id: newId('oco'),
        live_mode: false,
        created_at: at(),
        updated_at: at(),
        expires_at: script.expiresAt,
        new_total_amount: script.newTotal,
        new_total_currency: order.total_currency,
        change_total_amount: changeTotalOf(script.newTotal, order, script.penalty),
        change_total_currency: order.total_currency,
        penalty_total_amount: script.penalty,
        penalty_total_currency: order.total_currency,
        // Recorded offers name it even when the change gives nothing back.
        refund_to: script.refundTo ?? 'original_form_of_payment',
        order_change_id: null,
        slices: {
          add: flights.map((journey, index) =>
            changeOfferSlice(journey, ids[index] ?? newSliceIds(journey)),
          ),
          remove: order.slices.map((slice) =>
            changeOfferSlice(slice.segments.map(flightOf), {
              slice: slice.id,
              segments: slice.segments.map((segment) => segment.id),
            }),
          ),
        },
      };
      changeOffers.set(value.id, {
        value,
        orderId: order.id,
        add: { flights, ids },
        expired: false,
        ...(script.newTotalWhenTaken ? { newTotalWhenTaken: script.newTotalWhenTaken } : {}),
      });
      return value;
    });
    return {
      id: newId('ocr'),
      live_mode: false,
      created_at: at(),
      updated_at: at(),
      order_id: order.id,
      order_change_offers: created,
      slices: {
        remove: request.slices.remove,
        add: request.slices.add.map((add) => ({
          departure_date: add.departure_date,
          origin: place(add.origin),
          destination: place(add.destination),
          cabin_class: add.cabin_class ?? null,
        })),
      },
    };
  }

  const isExpired = (held: { expired: boolean; value: { expires_at: string } }) =>
    held.expired || Date.parse(held.value.expires_at) <= now().getTime();

  function getChangeOffer(id: string): OrderChangeOfferAsSent {
    const held = changeOffers.get(id);
    if (!held) throw faults.notFound();
    return held.value;
  }

  /**
   * The airline asks another price for a change offer shown already: at once (a fresh read of
   * the offer shows it), or only when it is taken (`whenTaken`: the order change made of it).
   */
  function repriceChangeOffer(
    offerId: string,
    newTotal: string,
    { whenTaken = false }: { whenTaken?: boolean } = {},
  ) {
    const held = changeOffers.get(offerId);
    if (!held) throw new Error(`no change offer ${offerId}`);
    if (whenTaken) {
      held.newTotalWhenTaken = newTotal;
      return;
    }
    const order = orderOf(held.orderId);
    held.value.new_total_amount = newTotal;
    held.value.change_total_amount = changeTotalOf(
      newTotal,
      order,
      held.value.penalty_total_amount ?? '0.00',
    );
    held.value.updated_at = at();
  }

  function createOrderChange(body: unknown): OrderChangeAsSent {
    const { selected_order_change_offer: offerId } = bodyOf(
      z.object({ selected_order_change_offer: z.string() }),
      body,
    );
    const held = changeOffers.get(offerId);
    if (!held) throw faults.notFound();
    if (isExpired(held) || held.value.order_change_id !== null) throw faults.offerGone();
    if (held.newTotalWhenTaken) repriceChangeOffer(offerId, held.newTotalWhenTaken);
    const offer = held.value;
    const changeTotal = offer.change_total_amount ?? '0.00';
    const value: OrderChangeAsSent = {
      id: newId('oce'),
      order_id: held.orderId,
      live_mode: false,
      created_at: at(),
      updated_at: at(),
      confirmed_at: null,
      expires_at: offer.expires_at,
      change_total_amount: changeTotal,
      change_total_currency: offer.change_total_currency ?? offer.new_total_currency,
      new_total_amount: offer.new_total_amount ?? '0.00',
      new_total_currency: offer.new_total_currency,
      penalty_total_amount: offer.penalty_total_amount,
      penalty_total_currency: offer.penalty_total_currency,
      // Null unless the change gives money back, as the recorded order changes show.
      refund_to: cents(changeTotal) < 0 ? offer.refund_to : null,
      slices: offer.slices,
      available_payment_types: ['balance'],
    };
    offer.order_change_id = value.id;
    orderChanges.set(value.id, { value, offerId });
    return value;
  }

  function getOrderChange(id: string): OrderChangeAsSent {
    const change = orderChanges.get(id);
    if (!change) throw faults.notFound();
    return change.value;
  }

  const Payment = z.object({
    type: z.enum(['balance', 'arc_bsp_cash']),
    amount: z.string(),
    currency: z.string(),
  });

  function confirmOrderChange(id: string, body: unknown): OrderChangeAsSent {
    const change = orderChanges.get(id);
    if (!change) throw faults.notFound();
    const { value } = change;
    if (value.confirmed_at !== null)
      throw faults.unsupported('The order change has already been confirmed');
    const held = changeOffers.get(change.offerId);
    if (!held || isExpired(held)) throw faults.offerGone();
    const { payment } = bodyOf(z.object({ payment: Payment.optional() }), body ?? {});
    if (cents(value.change_total_amount) > 0) {
      if (!payment) throw faults.invalid('payment', 'is required for a change that costs money');
      if (
        cents(payment.amount) !== cents(value.change_total_amount) ||
        payment.currency !== value.change_total_currency
      )
        throw faults.priceChanged(
          `The change costs ${value.change_total_amount} ${value.change_total_currency}`,
        );
    }
    const order = orderOf(value.order_id);
    const passengerIds = order.passengers.map((passenger) => passenger.id);
    order.slices = held.add.flights.map((flights, index) =>
      orderSlice(
        flights,
        held.add.ids[index] ?? newSliceIds(flights),
        passengerIds,
        order.conditions.change_before_departure,
      ),
    );
    order.total_amount = value.new_total_amount;
    order.base_amount = value.new_total_amount;
    order.synced_at = at();
    value.confirmed_at = at();
    value.updated_at = at();
    if (payment) payments.push({ orderId: order.id, for: 'order_change', ...payment });
    return value;
  }

  /** Makes the airline quote this for the order's cancellations from now on, whatever its rules. */
  function scriptRefund(orderId: string, quote: RefundQuote) {
    orderOf(orderId);
    scriptedRefunds.set(orderId, quote);
  }

  // By the order's conditions, as Duffel's schema describes the refund: 0.00 for an order
  // awaiting payment; else what was paid less the refund penalty, or 0.00 when non-refundable.
  function refundOf(order: OrderAsSent): RefundQuote {
    const scripted = scriptedRefunds.get(order.id);
    if (scripted) return scripted;
    const currency = order.total_currency;
    if (order.payment_status.awaiting_payment)
      return { refund_amount: '0.00', refund_currency: currency, refund_to: 'awaiting_payment' };
    const rule = order.conditions.refund_before_departure;
    const back = rule?.allowed
      ? Math.max(0, cents(order.total_amount) - cents(rule.penalty_amount ?? '0'))
      : 0;
    return { refund_amount: decimal(back), refund_currency: currency, refund_to: 'balance' };
  }

  function createCancellation(body: unknown): CancellationAsSent {
    const { order_id: orderId } = bodyOf(z.object({ order_id: z.string() }), body);
    const order = orderOf(orderId);
    if (order.cancelled_at) throw faults.alreadyCancelled();
    const { airline_credits: credits = [], ...refund } = refundOf(order);
    const value: CancellationAsSent = {
      id: newId('ore'),
      order_id: orderId,
      live_mode: false,
      created_at: at(),
      expires_at: later(15),
      confirmed_at: null,
      ...refund,
      // Duffel lists the credits an unconfirmed cancellation would make, and makes them on confirm.
      airline_credits: credits.map((credit) => ({ id: newId('acd'), ...credit })),
    };
    cancellations.set(value.id, value);
    return value;
  }

  function confirmCancellation(id: string): OrderCancellation {
    const value = cancellations.get(id);
    if (!value) throw faults.notFound();
    if (value.confirmed_at !== null)
      throw faults.unsupported('The order cancellation has already been confirmed');
    const order = orderOf(value.order_id);
    if (order.cancelled_at) throw faults.alreadyCancelled();
    const confirmed: OrderCancellation = { ...value, confirmed_at: at() };
    cancellations.set(id, confirmed);
    order.cancelled_at = confirmed.confirmed_at;
    order.cancellation = confirmed;
    order.available_actions = [];
    order.synced_at = at();
    return confirmed;
  }

  function listAirlineChanges(query: URLSearchParams): AirlineInitiatedChange[] {
    const orderId = query.get('order_id');
    if (!orderId) throw faults.invalid('order_id', 'is required');
    return orderOf(orderId).airline_initiated_changes;
  }

  function acceptAirlineChange(id: string): AirlineInitiatedChange {
    const order = [...orders.values()].find((each) =>
      each.airline_initiated_changes.some((change) => change.id === id),
    );
    const change = order?.airline_initiated_changes.find((each) => each.id === id);
    if (!order || !change) throw faults.notFound();
    if (change.action_taken !== null)
      throw faults.unsupported('This airline-initiated change has already been actioned');
    if (!change.available_actions.includes('accept'))
      throw faults.unsupported('This airline-initiated change cannot be accepted through the API');
    // The order may show either side already (scriptAirlineChange's `orderShows`).
    const replaced = new Set([...change.removed, ...change.added].map((slice) => slice.id));
    const at0 = order.slices.findIndex((slice) => replaced.has(slice.id));
    const kept = order.slices.filter((slice) => !replaced.has(slice.id));
    kept.splice(at0 < 0 ? kept.length : at0, 0, ...structuredClone(change.added));
    order.slices = kept;
    change.action_taken = 'accepted';
    change.action_taken_at = at();
    change.updated_at = at();
    order.synced_at = at();
    return change;
  }

  function createPayment(body: unknown): Payment {
    const request = bodyOf(z.object({ order_id: z.string(), payment: Payment }), body);
    const order = orderOf(request.order_id);
    if (order.cancelled_at) throw faults.alreadyCancelled();
    if (!order.payment_status.awaiting_payment)
      throw faults.unsupported('The order has already been paid for');
    // Past the price guarantee the order must be repriced before it is paid (Order schema).
    const guarantee = order.payment_status.price_guarantee_expires_at;
    if (guarantee && Date.parse(guarantee) <= now().getTime())
      throw faults.priceChanged('The price of the order is no longer guaranteed');
    if (
      cents(request.payment.amount) !== cents(order.total_amount) ||
      request.payment.currency !== order.total_currency
    )
      throw faults.priceChanged(`The order costs ${order.total_amount} ${order.total_currency}`);
    // A paid hold order keeps its deadlines, as the recorded orders do.
    order.payment_status = { ...order.payment_status, awaiting_payment: false, paid_at: at() };
    order.documents = [ticketOf(order)];
    order.available_actions = ['cancel', 'change', 'update'];
    order.synced_at = at();
    payments.push({ orderId: order.id, for: 'order', ...request.payment });
    return {
      id: newId('pay'),
      amount: request.payment.amount,
      currency: request.payment.currency,
      type: request.payment.type,
      created_at: at(),
    };
  }

  const OfferRequestBody = z.object({
    slices: z
      .array(
        z.object({
          origin: z.string(),
          destination: z.string(),
          departure_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
        }),
      )
      .min(1),
    passengers: z
      .array(
        z.object({ type: z.literal('adult').optional(), age: z.number().int().min(0).optional() }),
      )
      .min(1),
    cabin_class: z.enum(['first', 'business', 'premium_economy', 'economy']).optional(),
  });

  /** The day's default offer when a test scripted none: one Duffel Airways flight a journey. */
  const defaultOffer = (slices: z.output<typeof OfferRequestBody>['slices']): OfferScript => ({
    slices: slices.map((slice, index) => [
      {
        airline: 'ZZ',
        flightNumber: String(100 + index),
        from: slice.origin,
        to: slice.destination,
        departingAt: `${slice.departure_date}T09:00:00`,
        arrivingAt: `${slice.departure_date}T11:00:00`,
      },
    ]),
    totalAmount: '100.00',
    currency: 'GBP',
  });

  function createOfferRequest(body: unknown, returnOffers: boolean): OfferRequestAsSent {
    const request = bodyOf(OfferRequestBody, body);
    const passengers = request.passengers.map((passenger): SearchedPassengerAsSent => ({
      id: newId('pas'),
      type: passenger.type ?? null,
      age: passenger.age ?? null,
      given_name: null,
      family_name: null,
      loyalty_programme_accounts: [],
    }));
    const fits = (script: OfferScript) =>
      script.slices.length === request.slices.length &&
      script.slices.every((flights, index) => {
        const wanted = request.slices[index];
        return (
          flights[0]?.from === wanted?.origin &&
          flights.at(-1)?.to === wanted?.destination &&
          flights[0]?.departingAt.slice(0, 10) === wanted?.departure_date
        );
      });
    const scripts =
      scriptedOffers.length > 0 ? scriptedOffers.filter(fits) : [defaultOffer(request.slices)];
    const passengerIds = passengers.map((passenger) => passenger.id);
    const listed = scripts.map((script): OfferAsListed => {
      const holdable = script.holdable ?? true;
      const value: OfferAsListed = {
        id: newId('off'),
        live_mode: false,
        created_at: at(),
        updated_at: at(),
        expires_at: later(30),
        owner: airline(script.slices[0]?.[0]?.airline ?? 'ZZ'),
        base_amount: script.totalAmount,
        base_currency: script.currency,
        tax_amount: '0.00',
        tax_currency: script.currency,
        total_amount: script.totalAmount,
        total_currency: script.currency,
        total_emissions_kg: '100',
        conditions: { change_before_departure: null, refund_before_departure: null },
        passenger_identity_documents_required: false,
        passengers: passengers.map((passenger) => ({
          ...passenger,
          type: passengerTypeOf(passenger),
          fare_type: null,
        })),
        payment_requirements: holdable
          ? {
              requires_instant_payment: false,
              payment_required_by: later(3 * 24 * 60),
              price_guarantee_expires_at: later(2 * 24 * 60),
            }
          : {
              requires_instant_payment: true,
              payment_required_by: null,
              price_guarantee_expires_at: null,
            },
        private_fares: [],
        slices: script.slices.map((flights) => offerSlice(flights, newId, passengerIds)),
        partial: false,
        supported_loyalty_programmes: [],
        supported_passenger_identity_document_types: [],
      };
      offers.set(value.id, { value, flights: script.slices, expired: false, booked: false });
      return value;
    });
    return {
      id: newId('orq'),
      live_mode: false,
      created_at: at(),
      ...(request.cabin_class ? { cabin_class: request.cabin_class } : {}),
      slices: request.slices.map((slice) => ({
        created_at: at(),
        departure_date: slice.departure_date,
        origin: place(slice.origin),
        origin_type: 'airport',
        destination: place(slice.destination),
        destination_type: 'airport',
      })),
      passengers,
      offers: returnOffers ? listed : [],
    };
  }

  const OrderPassengerBody = z.object({
    id: z.string(),
    title: z.enum(['mr', 'ms', 'mrs', 'miss', 'dr']),
    gender: z.enum(['m', 'f']),
    given_name: z.string().min(1),
    family_name: z.string().min(1),
    born_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    email: z.string().min(3),
    phone_number: z.string().regex(/^\+\d{6,15}$/),
    infant_passenger_id: z.string().nullish(),
  });

  const OrderBody = z.object({
    type: z.string(),
    selected_offers: z.array(z.string()).length(1),
    passengers: z.array(OrderPassengerBody).min(1),
    payments: z.array(Payment).optional(),
    metadata: z.record(z.string(), z.string()).optional(),
  });

  function createOrder(body: unknown): OrderAsSent {
    const request = bodyOf(OrderBody, body);
    // Duffel's API takes these two; the Ruby client's fixtures show the refusal of another.
    if (request.type !== 'hold' && request.type !== 'instant')
      throw new DuffelFault(422, {
        type: 'invalid_state_error',
        code: 'invalid_order_create_type',
        title: 'Invalid order create type',
        message: 'The specified `type` was incorrect.',
      });
    const held = offers.get(request.selected_offers[0] ?? '');
    if (!held || held.booked || isExpired(held)) throw faults.offerGone();
    const offer = held.value;
    if (request.type === 'hold' && offer.payment_requirements.requires_instant_payment)
      throw faults.unsupported('This offer must be paid for at once');
    if (request.type === 'instant') {
      const paid = request.payments?.[0];
      if (!paid || cents(paid.amount) !== cents(offer.total_amount))
        throw faults.invalid('payments', `must pay ${offer.total_amount} ${offer.total_currency}`);
    }
    const passengers = offer.passengers.map((wanted): OrderPassenger => {
      const given = request.passengers.find((passenger) => passenger.id === wanted.id);
      if (!given) throw faults.invalid('passengers', `passenger ${wanted.id} is missing`);
      return {
        ...given,
        type: passengerTypeOf(wanted),
        infant_passenger_id: given.infant_passenger_id ?? null,
      };
    });
    for (const passenger of passengers) {
      const infant = passengers.find((each) => each.id === passenger.infant_passenger_id);
      if (passenger.infant_passenger_id && infant?.type !== 'infant_without_seat')
        throw faults.invalid('passengers.infant_passenger_id', 'is not an infant of the order');
    }
    for (const infant of passengers.filter((each) => each.type === 'infant_without_seat'))
      if (!passengers.some((each) => each.infant_passenger_id === infant.id))
        throw faults.invalid('passengers', `infant ${infant.id} travels with no adult`);
    held.booked = true;
    const paid = request.type === 'instant' ? request.payments?.[0] : undefined;
    const order = placeOrder({
      bookingReference: nextReference(),
      slices: held.flights,
      passengers,
      totalAmount: offer.total_amount,
      currency: offer.total_currency,
      ...(request.type === 'hold'
        ? {
            hold: {
              paymentRequiredBy: offer.payment_requirements.payment_required_by ?? later(60),
              priceGuaranteeExpiresAt: offer.payment_requirements.price_guarantee_expires_at,
            },
          }
        : {}),
      metadata: request.metadata,
    });
    if (paid) payments.push({ orderId: order.id, for: 'order', ...paid });
    return order;
  }

  return {
    orders,
    payments,
    addOrder,
    scriptAirlineChange,
    scriptCheaperOffer,
    repriceChangeOffer,
    getChangeOffer,
    withdrawCheaperOffers,
    scriptRefund,
    scriptOffers,
    expireOffers,
    getOrder: orderOf,
    listOrders,
    createOrder,
    createChangeRequest,
    createOrderChange,
    getOrderChange,
    confirmOrderChange,
    createCancellation,
    confirmCancellation,
    listAirlineChanges,
    acceptAirlineChange,
    createPayment,
    createOfferRequest,
  };
}

export type World = ReturnType<typeof createWorld>;
