import type { DuffelPaymentType } from '@smt/shared';
import { randomUUID } from 'node:crypto';
import type { CabinClass, DuffelResponse, ListParamsOrders, Order } from '@duffel/api/types';
import { DUFFEL_CAPABILITIES } from '@/gds/capabilities';
import type { GdsClient } from '@/gds/gds-client';
import type { GdsBooking, NewBooking, OperationResult, TicketingResult } from '@/gds/gds-types';
import type { OutgoingGuard } from '@/lib/outgoing-address';
import { cancellationOutcomeOf } from './duffel-cancellation-outcome';
import { cancellationQuoteOf } from './duffel-cancellation-quote';
import { duffelClientOf } from './duffel-transport';
import { bookingOf, changedAtOf, lowerFaresOf, scheduleChangeOf } from './duffel-mapping';
import {
  cheapestFittingOffer,
  holdOrderOf,
  offerRequestOf,
  orderPassengersOf,
} from './duffel-new-order';
import {
  describeFailure,
  isTransient,
  isUncertain,
  statusOf,
  withRetries,
  type CallKind,
  type RetryPolicy,
  type Sleep,
} from './duffel-retry';
import {
  AirlineChangeListShape,
  AirlineChangeShape,
  CancellationQuoteShape,
  checked,
  ConfirmedCancellationShape,
  OfferRequestShape,
  OrderCancellationShape,
  OrderChangeOfferShape,
  OrderChangeRequestShape,
  OrderChangeShape,
  OrderPageShape,
  OrderShape,
  PageMetaShape,
  PaymentShape,
} from './duffel-schemas';

// The port on Duffel (docs: duffel.com/docs/api), through its official SDK. Every call takes
// the Duffel order id ('ord_…'), which the bookings row keeps as the provider id; answers are
// checked against duffel-schemas.ts before duffel-mapping.ts reads them.

export type DuffelGdsOptions = {
  token: string;
  /** Duffel's API address: its own by default, a stand-in's in tests. */
  apiUrl?: string;
  /** Makes every request: the address checked, no redirect followed (docs/decisions/053). */
  guard: OutgoingGuard;
  /** How orders and changes are paid: the account's balance unless the agency chose ARC/BSP cash. */
  paymentType?: DuffelPaymentType;
  retry?: RetryPolicy;
  /** Waits between tries; tests pass one that returns at once. */
  sleep?: Sleep;
};

const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 500 };
const DUFFEL_API = 'https://api.duffel.com';
/** The most orders Duffel lists on a page. */
const PAGE_SIZE = 200;
/** Marks an order with the request that made it, to find it after an answer that was lost. */
const REQUEST_KEY = 'smt_booking_request';

// Answers about the request itself: it was malformed, the order or offer is gone, or the
// order's state does not allow it. The agent reads them; other failures (a token refused,
// Duffel down) belong to the connection and are thrown.
const REFUSALS = new Set([400, 404, 409, 422]);
const isRefusal = (error: unknown) => REFUSALS.has(statusOf(error) ?? 0);

const CABINS: readonly string[] = ['first', 'business', 'premium_economy', 'economy'];
const isCabin = (cabin: string | undefined): cabin is CabinClass =>
  cabin !== undefined && CABINS.includes(cabin);

const cents = (amount: string) => Math.round(Number(amount) * 100);

const wait: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

type Refusable<T> = { ok: true; value: T } | { ok: false; message: string };

const NOTHING_PAID = 'nothing was paid';

// Duffel changes paid orders only, and says which it can change. An answer without the list
// (API v1's, as Duffel's recorded order has it) is asked: Duffel refuses what it cannot change.
const changeable = (order: OrderShape) =>
  order.available_actions?.includes('change') ?? !order.payment_status.awaiting_payment;

const moneyText = (amountCents: number, currency: string) =>
  `${(Math.abs(amountCents) / 100).toFixed(2)} ${currency}`;

/**
 * Why the change cannot go ahead at what Duffel now states, or null when it costs no more
 * than the quote promised: more to pay, or less given back, or another currency.
 */
function costBeyond(
  promised: number,
  currency: string,
  now: { change_total_amount: string | null; change_total_currency: string | null },
): string | null {
  if (now.change_total_amount === null)
    return `Duffel no longer says what this change costs: ${NOTHING_PAID}`;
  const nowCurrency = now.change_total_currency ?? currency;
  const nowCents = cents(now.change_total_amount);
  const promisedCents = Math.round(promised * 100);
  if (nowCurrency !== currency)
    return `Duffel now states this change in ${nowCurrency}, not the ${currency} promised: ${NOTHING_PAID}`;
  if (nowCents <= promisedCents) return null;
  const was = moneyText(promisedCents, currency);
  const is = moneyText(nowCents, currency);
  if (nowCents <= 0)
    return `Duffel now gives back ${is} for this change, less than the ${was} promised: ${NOTHING_PAID}`;
  if (promisedCents < 0)
    return `Duffel now asks ${is} for this change, where ${was} back was promised: ${NOTHING_PAID}`;
  return `Duffel now asks ${is} for this change, more than the ${was} promised: ${NOTHING_PAID}`;
}

export function createDuffelGds(options: DuffelGdsOptions): GdsClient {
  const duffel = duffelClientOf(
    { token: options.token, apiUrl: options.apiUrl ?? DUFFEL_API },
    options.guard,
  );
  const paymentType = options.paymentType ?? 'balance';
  const retry = { policy: options.retry ?? DEFAULT_RETRY, sleep: options.sleep ?? wait };
  const call = <T>(kind: CallKind, request: () => Promise<T>) => withRetries(request, kind, retry);

  async function getOrder(orderId: string) {
    try {
      const { data } = await call('safe', () => duffel.orders.get(orderId));
      return checked(OrderShape, data, `order ${orderId}`);
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  const retrieve = async (orderId: string): Promise<GdsBooking | null> => {
    const order = await getOrder(orderId);
    return order ? bookingOf(order) : null;
  };

  /** The order as the operation left it. */
  const done = async (orderId: string): Promise<OperationResult> => {
    const booking = await retrieve(orderId);
    return booking
      ? { ok: true, booking }
      : { ok: false, message: `Order ${orderId} was not found` };
  };

  /** A call that changes nothing by itself; Duffel's refusal comes back as the message. */
  async function ask<T>(action: string, request: () => Promise<T>): Promise<Refusable<T>> {
    try {
      return { ok: true, value: await call('safe', request) };
    } catch (error) {
      if (isRefusal(error))
        return { ok: false, message: `Duffel refused to ${action} (${describeFailure(error)})` };
      throw error;
    }
  }

  /**
   * A call that takes effect, never made twice on a failure that leaves it unknown whether it
   * did: then `tookEffect` asks Duffel, and the answer decides. The value is null when the
   * call's own answer was lost.
   */
  async function commit<T>(
    action: string,
    request: () => Promise<T>,
    tookEffect: () => Promise<boolean>,
  ): Promise<Refusable<T | null>> {
    try {
      return { ok: true, value: await call('effect', request) };
    } catch (error) {
      if (isRefusal(error))
        return { ok: false, message: `Duffel refused to ${action} (${describeFailure(error)})` };
      if (!isUncertain(error)) throw error;
      if (await tookEffect()) return { ok: true, value: null };
      const later = isTransient(error) ? '; try again later' : '';
      return {
        ok: false,
        message: `Duffel could not ${action} (${describeFailure(error)}), and the order shows it was not done${later}`,
      };
    }
  }

  const pendingChangesOf = async (orderId: string) => {
    const listed = await ask('list the airline changes', () =>
      duffel.airlineInitiatedChanges.list(orderId),
    );
    if (!listed.ok) return listed;
    const changes = checked(AirlineChangeListShape, listed.value.data, 'airline-initiated changes');
    return { ok: true as const, value: changes.filter((change) => change.action_taken === null) };
  };

  /** Every page of orders Duffel lists under the filter, following its cursor. */
  async function* orderPages(filter: ListParamsOrders): AsyncGenerator<unknown> {
    let after: string | null = null;
    do {
      const params = { ...filter, limit: PAGE_SIZE, ...(after ? { after } : {}) };
      const page: DuffelResponse<Order[]> = await call('safe', () => duffel.orders.list(params));
      yield page.data;
      after = checked(PageMetaShape, page.meta, 'order list page')?.after ?? null;
    } while (after);
  }

  /** The order a createBooking call made, found by the key it was made with. */
  async function orderMadeBy(requestKey: string, familyName: string) {
    for await (const page of orderPages({ 'passenger_name[]': [familyName] })) {
      const order = checked(OrderShape.array(), page, 'order list').find(
        (each) => each.metadata?.[REQUEST_KEY] === requestKey,
      );
      if (order) return order;
    }
    return null;
  }

  return {
    provider: 'DUFFEL',
    capabilities: DUFFEL_CAPABILITIES,

    // Duffel has no clock of its own to read: its times are real time.
    now: async () => new Date(),

    retrieveBooking: retrieve,

    listChangedBookings: async (_pcc, since) => {
      const changed: string[] = [];
      for await (const page of orderPages({})) {
        for (const order of checked(OrderPageShape, page, 'order list')) {
          if (since === null || changedAtOf(order) >= since.getTime()) changed.push(order.id);
        }
      }
      return changed;
    },
    // Changes are found by time and webhook: nothing holds a changed order apart.
    releaseChanged: () => Promise.resolve(),

    shopLowerFares: async (orderId) => {
      const order = await getOrder(orderId);
      if (!order || order.cancelled_at || !changeable(order)) return [];
      const asked = await ask('search for a lower fare', () =>
        duffel.orderChangeRequests.create({
          order_id: order.id,
          slices: {
            remove: order.slices.map((slice) => ({ slice_id: slice.id })),
            add: order.slices.map((slice) => {
              const cabin = slice.segments[0]?.passengers[0]?.cabin_class;
              return {
                origin: slice.origin.iata_code ?? '',
                destination: slice.destination.iata_code ?? '',
                departure_date: slice.segments[0]?.departing_at.slice(0, 10) ?? '',
                cabin_class: isCabin(cabin) ? cabin : null,
              };
            }),
          },
        }),
      );
      // A refused search (an airline that takes no changes) finds no lower fare.
      if (!asked.ok) return [];
      const request = checked(OrderChangeRequestShape, asked.value.data, 'order change request');
      return lowerFaresOf(order, request.order_change_offers);
    },

    fareRules: async () => null,

    // The quote promised what the change moves (`changeTotal`); the offer is read again
    // before anything is taken, and the change Duffel makes of it is checked once more before
    // it is confirmed and paid: a change that now costs more is refused with nothing paid, and
    // its unconfirmed order change lapses by itself.
    repriceTo: async (orderId, quote) => {
      const offerId = quote.offerId;
      if (!offerId)
        return { ok: false, message: 'This fare is no Duffel order change offer: shop again' };
      const promised = quote.changeTotal;
      if (promised === undefined || promised === null)
        return {
          ok: false,
          message: 'This Duffel fare does not say what the change costs: shop again',
        };
      const read = await ask('read the change offer', () => duffel.orderChangeOffers.get(offerId));
      if (!read.ok) return { ok: false, message: `${read.message}: ${NOTHING_PAID}` };
      const offer = checked(OrderChangeOfferShape, read.value.data, 'order change offer');
      const offered = costBeyond(promised, quote.currency, offer);
      if (offered) return { ok: false, message: offered, premiseChanged: true };
      const created = await ask('take the change offer', () =>
        duffel.orderChanges.create({ selected_order_change_offer: offerId }),
      );
      if (!created.ok) return { ok: false, message: `${created.message}: ${NOTHING_PAID}` };
      const change = checked(OrderChangeShape, created.value.data, 'order change');
      const asked = costBeyond(promised, quote.currency, change);
      if (asked) return { ok: false, message: asked, premiseChanged: true };
      const amount = change.change_total_amount ?? '0';
      const currency = change.change_total_currency ?? quote.currency;
      // Nothing to pay when the change costs nothing or refunds: Duffel takes no payment then.
      const payment = cents(amount) > 0 ? { payment: { type: paymentType, amount, currency } } : {};
      const confirmed = await commit(
        'confirm the change',
        () => duffel.orderChanges.confirm(change.id, payment),
        async () => {
          const { data } = await call('safe', () => duffel.orderChanges.get(change.id));
          return Boolean(checked(OrderChangeShape, data, 'order change').confirmed_at);
        },
      );
      if (!confirmed.ok) return confirmed;
      if (confirmed.value)
        checked(OrderChangeShape, confirmed.value.data, 'confirmed order change');
      return done(orderId);
    },

    cancelSegments: async () => ({
      ok: false,
      message: 'Duffel cannot cancel single segments: cancel the whole order',
    }),

    // The confirmed cancellation says what it gave back (its refund, airline credits); where
    // the answer to confirming it was lost, the cancelled order carries it.
    cancelBooking: async (orderId) => {
      const created = await ask('cancel the order', () =>
        duffel.orderCancellations.create({ order_id: orderId }),
      );
      if (!created.ok) return created;
      const cancellation = checked(
        OrderCancellationShape,
        created.value.data,
        'order cancellation',
      );
      const confirmed = await commit(
        'cancel the order',
        () => duffel.orderCancellations.confirm(cancellation.id),
        async () => Boolean((await getOrder(orderId))?.cancelled_at),
      );
      if (!confirmed.ok) return confirmed;
      const told = confirmed.value
        ? checked(ConfirmedCancellationShape, confirmed.value.data, 'confirmed order cancellation')
        : null;
      const order = await getOrder(orderId);
      if (!order) return { ok: false, message: `Order ${orderId} was not found` };
      const gaveBack = told ?? order.cancellation ?? null;
      return {
        ok: true,
        booking: bookingOf(order),
        ...(gaveBack ? { cancellation: cancellationOutcomeOf(gaveBack, order) } : {}),
      };
    },

    // Duffel quotes a refund only as a cancellation to confirm: made and left unconfirmed, it
    // lapses by itself, and cancelBooking makes its own when the agent goes ahead.
    quoteCancellation: async (orderId) => {
      const created = await ask('quote the cancellation', () =>
        duffel.orderCancellations.create({ order_id: orderId }),
      );
      if (!created.ok) return created;
      return cancellationQuoteOf(
        checked(CancellationQuoteShape, created.value.data, 'order cancellation quote'),
      );
    },

    acceptScheduleChange: async (orderId, segmentIds) => {
      const pending = await pendingChangesOf(orderId);
      if (!pending.ok) return pending;
      // Each airline change is accepted on its own: only those touching the segments named.
      const named = (change: (typeof pending.value)[number]) => {
        if (segmentIds === undefined) return true;
        const { removedSegmentIds, addedSegmentIds } = scheduleChangeOf(change);
        return [...removedSegmentIds, ...addedSegmentIds].some((id) => segmentIds.includes(id));
      };
      const changes = pending.value.filter(named);
      if (changes.length === 0)
        return { ok: false, message: 'No airline change waits on this order' };
      for (const change of changes) {
        // Duffel accepts through its API only the changes it lists as acceptable there.
        if (!change.available_actions.includes('accept'))
          return {
            ok: false,
            message: 'Duffel cannot accept this airline change: the airline has to be contacted',
          };
        const accepted = await commit(
          'accept the airline change',
          () => duffel.airlineInitiatedChanges.accept(change.id),
          async () => {
            const after = await pendingChangesOf(orderId);
            return after.ok && !after.value.some((each) => each.id === change.id);
          },
        );
        if (!accepted.ok) return accepted;
        if (accepted.value) checked(AirlineChangeShape, accepted.value.data, 'accepted change');
      }
      return done(orderId);
    },

    confirmWaitlist: async () => ({ ok: false, message: 'Duffel has no waitlists' }),

    issueTickets: async (orderId): Promise<TicketingResult> => {
      const order = await getOrder(orderId);
      if (!order) return { state: 'FAILURE', errorText: `Order ${orderId} was not found` };
      if (order.cancelled_at) return { state: 'FAILURE', errorText: 'The order is cancelled' };
      if (!order.payment_status.awaiting_payment)
        return { state: 'FAILURE', errorText: 'The order is paid already' };
      const paid = await commit(
        'take the payment',
        () =>
          duffel.payments.create({
            order_id: order.id,
            payment: {
              type: paymentType,
              amount: order.total_amount,
              currency: order.total_currency,
            },
          }),
        async () => (await getOrder(orderId))?.payment_status.awaiting_payment === false,
      );
      if (!paid.ok) return { state: 'FAILURE', errorText: paid.message };
      if (paid.value) checked(PaymentShape, paid.value.data, 'payment');
      return { state: 'SUCCESS', errorText: null };
    },

    createBooking: async (booking: NewBooking) => {
      if (booking.passengers.length === 0 || booking.segments.length === 0)
        throw new Error('Cannot create the booking: it needs a passenger and a flight');
      const searched = await ask('search for the flights', () =>
        duffel.offerRequests.create({ ...offerRequestOf(booking), return_offers: true }),
      );
      if (!searched.ok) throw new Error(`Cannot create the booking: ${searched.message}`);
      const { offers } = checked(OfferRequestShape, searched.value.data, 'offer request');
      const offer = cheapestFittingOffer(offers, booking);
      if (!offer)
        throw new Error('Cannot create the booking: Duffel offers these flights on hold nowhere');
      const passengers = orderPassengersOf(offer, booking);
      const requestKey = randomUUID();
      const familyName = passengers[0]?.family_name ?? '';
      const created = await commit(
        'make the order',
        () =>
          duffel.orders.create({
            ...holdOrderOf(offer.id, passengers),
            metadata: { [REQUEST_KEY]: requestKey },
          }),
        async () => (await orderMadeBy(requestKey, familyName)) !== null,
      );
      if (!created.ok) throw new Error(`Cannot create the booking: ${created.message}`);
      if (created.value) return bookingOf(checked(OrderShape, created.value.data, 'new order'));
      const made = await orderMadeBy(requestKey, familyName);
      if (!made) throw new Error('Duffel made the order, then did not list it: look for it there');
      return bookingOf(made);
    },
  };
}
