// The SDK declares '@duffel/api/types' inside its one typings file, which only a reference to
// the package brings into the program.
/// <reference types="@duffel/api" />
import type {
  AirlineInitiatedChange,
  Order,
  OrderCancellation,
  OrderCancellationAirlineCredit,
  OrderChangeOffer,
  OrderChangeRequestResponse,
  OfferRequest,
  PaginationMeta,
  Payment,
} from '@duffel/api/types';
import { z } from 'zod';

// The fields of Duffel's answers that the adapter reads, checked before anything maps them.
// Each schema is declared through `readFrom<SdkType>()`, which compiles only when every value
// the SDK's own type allows also fits the schema: a field the SDK drops, renames or retypes
// breaks the build here rather than a mapping at run time. What the schema adds beyond the
// SDK's type (a decimal's shape, a time's format, optional fields the API sends and the SDK
// omits) is checked at run time only.
//
// Where the SDK's types and Duffel's recorded answers (its Ruby client's spec/fixtures, copied
// to test/fixtures/duffel-recorded) disagree, both are accepted (docs/decisions/044): change
// offers carry `penalty_total_*` where the SDK says `penalty_*`, several fields typed as
// present arrive as null or not at all.

const readFrom =
  <Sdk>() =>
  <S extends z.ZodType>(schema: [Sdk] extends [z.output<S>] ? S : never): S =>
    schema;

/** A decimal as Duffel writes money: '123.45', '-20.00'. */
const Amount = z.string().regex(/^-?\d+(\.\d+)?$/, 'not a decimal amount');
const Instant = z.string().refine((text) => !Number.isNaN(Date.parse(text)), 'not a date-time');
/** An airport's wall clock, 'yyyy-MM-ddTHH:mm:ss', as segments give departures and arrivals. */
const LocalTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/, 'not a local date-time');

const Place = z.object({ iata_code: z.string().nullable() });

const Condition = z
  .object({
    allowed: z.boolean(),
    penalty_amount: Amount.nullable(),
    penalty_currency: z.string().nullable(),
  })
  .nullable();

const Baggage = z.object({ type: z.string(), quantity: z.number() });

const Segment = z.object({
  id: z.string(),
  origin: Place,
  destination: Place,
  departing_at: LocalTime,
  arriving_at: LocalTime,
  marketing_carrier: z.object({ iata_code: z.string().nullable() }),
  marketing_carrier_flight_number: z.string(),
  // The airline that flies it: another than the marketing one on a codeshare.
  operating_carrier: z.object({ iata_code: z.string().nullable() }).nullish(),
  // Its recorded answers carry the aircraft ('773'); a segment without one is read as unknown.
  aircraft: z.object({ iata_code: z.string().nullable() }).nullish(),
  passengers: z.array(
    z.object({
      passenger_id: z.string().optional(),
      cabin_class: z.string(),
      // In Duffel's order JSON (its 'Changing an Order' guide), not in the SDK's type.
      fare_basis_code: z.string().nullish(),
      baggages: z.array(Baggage),
    }),
  ),
});

const Slice = z.object({
  id: z.string(),
  origin: Place,
  destination: Place,
  segments: z.array(Segment),
});

const AirlineChange = z.object({
  id: z.string(),
  order_id: z.string(),
  action_taken: z.enum(['accepted', 'cancelled', 'changed']).nullable(),
  action_taken_at: Instant.nullable(),
  available_actions: z.array(z.string()),
  created_at: Instant,
  updated_at: Instant,
  added: z.array(Slice),
  removed: z.array(Slice),
});

export const AirlineChangeShape = readFrom<AirlineInitiatedChange>()(AirlineChange);
export const AirlineChangeListShape = readFrom<AirlineInitiatedChange[]>()(z.array(AirlineChange));

/**
 * A credit the airline issued on a cancellation. The SDK's OrderCancellationAirlineCredit and
 * the cancellation's API reference name its money `credit_amount`, `credit_currency` and
 * `credit_code`, without an expiry or an airline; Duffel's Airline Credits resource (API v2)
 * names them `amount`, `amount_currency` and `code`, with `expires_at` and
 * `airline_iata_code`. Either is read (duffel-cancellation-outcome.ts).
 */
const AirlineCredit = readFrom<OrderCancellationAirlineCredit>()(
  z.object({
    id: z.string(),
    credit_amount: Amount.nullish(),
    credit_currency: z.string().nullish(),
    credit_code: z.string().nullish(),
    credit_name: z.string().nullish(),
    amount: Amount.nullish(),
    amount_currency: z.string().nullish(),
    code: z.string().nullish(),
    passenger_id: z.string().nullish(),
    issued_on: z.string().nullish(),
    expires_at: Instant.nullish(),
    airline_iata_code: z.string().nullish(),
  }),
);
export type AirlineCreditShape = z.output<typeof AirlineCredit>;

/**
 * A confirmed cancellation: what it refunded, where to, and the airline credits it made. The
 * SDK types `airline_credits` as always there; Duffel's recorded cancellations (API v1, its
 * Ruby client's fixtures) have none at all, so it may be missing.
 */
const ConfirmedCancellation = z.object({
  id: z.string(),
  order_id: z.string(),
  confirmed_at: Instant.nullish(),
  refund_amount: Amount.nullish(),
  refund_currency: z.string().nullish(),
  refund_to: z.string().nullish(),
  airline_credits: z.array(AirlineCredit).nullish(),
});
export const ConfirmedCancellationShape = readFrom<OrderCancellation>()(ConfirmedCancellation);
export type ConfirmedCancellationShape = z.output<typeof ConfirmedCancellation>;

export const OrderShape = readFrom<Order>()(
  z.object({
    id: z.string(),
    booking_reference: z.string(),
    created_at: Instant,
    synced_at: Instant,
    cancelled_at: Instant.nullish(),
    total_amount: Amount,
    total_currency: z.string(),
    payment_status: z.object({
      awaiting_payment: z.boolean(),
      payment_required_by: Instant.nullish(),
      // When the held price lapses; it may come before the payment deadline.
      price_guarantee_expires_at: Instant.nullish(),
      paid_at: Instant.nullish(),
    }),
    documents: z.array(z.object({ type: z.string() })).optional(),
    conditions: z.object({
      change_before_departure: Condition,
      refund_before_departure: Condition,
    }),
    passengers: z.array(
      z.object({
        id: z.string(),
        title: z.string().nullish(),
        given_name: z.string(),
        family_name: z.string(),
        type: z.enum(['adult', 'child', 'infant_without_seat']),
        email: z.string().nullish(),
        phone_number: z.string().nullish(),
      }),
    ),
    slices: z.array(Slice),
    airline_initiated_changes: z.array(AirlineChange).optional(),
    // The recorded order (API v1) has none: v2 moved slices' `changeable` here.
    available_actions: z.array(z.string()).optional(),
    metadata: z.record(z.string(), z.string()).nullish(),
    // The airline that sold the order: the one a cancellation's credits are with.
    owner: z.object({ iata_code: z.string().nullable() }).nullish(),
    // Its confirmed cancellation, where the answer to confirming it was lost.
    cancellation: ConfirmedCancellation.nullish(),
  }),
);
export type OrderShape = z.output<typeof OrderShape>;
export type SegmentShape = z.output<typeof Segment>;
export type AirlineChangeShape = z.output<typeof AirlineChange>;

/** A page of orders: what tells which changed, and the cursor to the next page. */
export const OrderPageShape = readFrom<Order[]>()(
  z.array(
    z.object({
      id: z.string(),
      created_at: Instant,
      synced_at: Instant,
      cancelled_at: Instant.nullish(),
      payment_status: z.object({ paid_at: Instant.nullish() }),
      airline_initiated_changes: z
        .array(
          z.object({
            created_at: Instant,
            updated_at: Instant,
            action_taken_at: Instant.nullable(),
          }),
        )
        .optional(),
    }),
  ),
);
export type OrderTimesShape = z.output<typeof OrderPageShape>[number];

export const PageMetaShape = readFrom<PaginationMeta | undefined>()(
  z.object({ after: z.string().nullish(), limit: z.number().optional() }).optional(),
);

const ChangeOfferSlice = z.object({
  segments: z.array(
    z.object({
      departing_at: LocalTime,
      marketing_carrier: z.object({ iata_code: z.string().nullable() }),
      marketing_carrier_flight_number: z.string(),
      // In the SDK's type; the recorded offers' segments have no passengers at all.
      passengers: z
        .array(z.object({ cabin_class: z.string().nullable(), baggages: z.array(Baggage) }))
        .nullish(),
    }),
  ),
});

/**
 * An order change offer. Its money as Duffel states it: `change_total_amount` is what
 * confirming it charges (positive) or gives back (negative), penalties included, and
 * `refund_to` where money given back goes. The penalty arrives as `penalty_total_*` (API
 * reference and recorded answers) or `penalty_*` (the SDK's OrderChangeOffer type): either is
 * read, by `penaltyOf` in duffel-mapping.ts.
 */
const ChangeOffer = z.object({
  id: z.string(),
  expires_at: Instant,
  new_total_amount: Amount.nullable(),
  new_total_currency: z.string(),
  change_total_amount: Amount.nullable(),
  change_total_currency: z.string().nullable(),
  penalty_total_amount: Amount.nullish(),
  penalty_total_currency: z.string().nullish(),
  penalty_amount: Amount.nullish(),
  penalty_currency: z.string().nullish(),
  // Duffel's documented values differ between its pages and clients: read as text, mapped
  // (or not) in duffel-mapping.ts.
  refund_to: z.string().nullish(),
  slices: z.object({ add: z.array(ChangeOfferSlice) }),
});

export const OrderChangeOfferShape = readFrom<OrderChangeOffer>()(ChangeOffer);

export const OrderChangeRequestShape = readFrom<OrderChangeRequestResponse>()(
  z.object({
    id: z.string(),
    order_id: z.string(),
    order_change_offers: z.array(ChangeOffer),
  }),
);
export type OrderChangeRequestShape = z.output<typeof OrderChangeRequestShape>;
export type ChangeOfferShape = z.output<typeof ChangeOffer>;

// The SDK types an order change as an OrderChangeOffer (its OrderChanges resource); the API
// answers an order change, which also carries `confirmed_at`.
export const OrderChangeShape = readFrom<OrderChangeOffer>()(
  z.object({
    id: z.string(),
    change_total_amount: Amount.nullable(),
    change_total_currency: z.string().nullable(),
    confirmed_at: Instant.nullish(),
  }),
);

export const OrderCancellationShape = readFrom<OrderCancellation>()(
  z.object({ id: z.string(), order_id: z.string(), confirmed_at: Instant.nullish() }),
);

/** An unconfirmed cancellation: what confirming it would refund, where to, and until when. */
export const CancellationQuoteShape = readFrom<OrderCancellation>()(
  z.object({
    id: z.string(),
    order_id: z.string(),
    expires_at: Instant.nullable(),
    refund_amount: Amount.nullable(),
    refund_currency: z.string().nullable(),
    refund_to: z.enum([
      'arc_bsp_cash',
      'balance',
      'card',
      'voucher',
      'awaiting_payment',
      'airline_credits',
    ]),
  }),
);
export type CancellationQuoteShape = z.output<typeof CancellationQuoteShape>;

export const PaymentShape = readFrom<Payment>()(
  z.object({ id: z.string(), amount: Amount, currency: z.string().nullish() }),
);

export const OfferRequestShape = readFrom<OfferRequest>()(
  z.object({
    id: z.string(),
    offers: z.array(
      z.object({
        id: z.string(),
        total_amount: Amount,
        total_currency: z.string(),
        payment_requirements: z.object({ requires_instant_payment: z.boolean() }),
        passengers: z.array(
          z.object({
            id: z.string(),
            type: z.enum(['adult', 'child', 'infant_without_seat']).nullable(),
            age: z.number().nullable(),
          }),
        ),
        slices: z.array(z.object({ segments: z.array(Segment) })),
      }),
    ),
  }),
);
export type OfferShape = z.output<typeof OfferRequestShape>['offers'][number];

/**
 * Duffel's answer checked against a schema: the parsed fields, or an Error naming the first
 * field that did not fit, so a change on Duffel's side fails loudly and says where.
 */
export function checked<S extends z.ZodType>(
  schema: S,
  answer: unknown,
  what: string,
): z.output<S> {
  const result = schema.safeParse(answer);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : '(the answer itself)';
  throw new Error(`Duffel's ${what} does not fit: ${field}: ${issue?.message ?? 'invalid'}`);
}
