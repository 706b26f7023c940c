import { describe, expect, it } from 'vitest';
import type { ScriptedFlight } from '../../../test/duffel-stand-in/builders';
import {
  createWorld,
  type NewOrderScript,
  type OrderAsSent,
} from '../../../test/duffel-stand-in/world';
import {
  amountOf,
  bookingOf,
  changedAtOf,
  flightClassOf,
  lowerFaresOf,
  penaltiesOf,
  refundPlaceOf,
  scheduleChangeOf,
  segmentsOf,
} from './duffel-mapping';
import { checked, OrderShape, type ChangeOfferShape } from './duffel-schemas';

// Orders are made by the stand-in's world, so each is a value of the SDK's Order type as
// Duffel sends it, then read through the schema as the adapter reads it.

const T0 = Date.parse('2026-03-01T08:00:00Z');

const LEG = (
  flightNumber: string,
  [from, departs]: [string, string],
  [to, arrives]: [string, string],
): ScriptedFlight => ({
  airline: 'LY',
  flightNumber,
  from,
  to,
  departingAt: `2026-05-01T${departs}:00`,
  arrivingAt: `2026-05-01T${arrives}:00`,
});

const SCRIPT: NewOrderScript = {
  bookingReference: 'ABC123',
  slices: [
    [LEG('81', ['TLV', '10:00'], ['ATH', '12:00']), LEG('543', ['ATH', '15:00'], ['MAD', '18:00'])],
  ],
  passengers: [
    { title: 'ms', givenName: 'Dana', familyName: 'Levi', type: 'adult' },
    { title: 'mr', givenName: 'Omer', familyName: 'Levi', type: 'child' },
    { title: 'miss', givenName: 'Noa', familyName: 'Levi', type: 'infant_without_seat' },
  ],
  totalAmount: '1000.00',
  currency: 'EUR',
  conditions: { change: '100.00', refund: '50.00' },
};

function made(script: Partial<NewOrderScript> = {}, then?: (order: OrderAsSent) => void) {
  const world = createWorld(() => new Date(T0));
  const id = world.addOrder({ ...SCRIPT, ...script });
  then?.(world.getOrder(id));
  return { world, id, read: () => checked(OrderShape, world.getOrder(id), 'order') };
}

describe('bookingOf', () => {
  it('should map passengers by type and take the contact from the first when Duffel has them', () => {
    const booking = bookingOf(made().read());
    expect(booking.passengers.map((p) => [p.title, p.type])).toEqual([
      ['MS', 'ADT'],
      ['MR', 'CHD'],
      ['MISS', 'INF'],
    ]);
    expect(booking.contact).toEqual({
      name: 'Dana Levi',
      phone: '+442080160509',
      email: 'dana@example.com',
    });
    expect(booking.storedFare?.passengerTypes).toEqual(['ADT', 'CHD', 'INF']);
  });

  it('should read a cancelled hold order as cancelled with no deadline when it was cancelled', () => {
    const { read } = made({ hold: { paymentRequiredBy: '2026-03-03T00:00:00Z' } }, (order) => {
      order.cancelled_at = '2026-03-02T00:00:00Z';
    });
    expect(bookingOf(read())).toMatchObject({
      isCancelled: true,
      isTicketed: false,
      lastPurchaseAt: null,
      ticketingSupported: false,
    });
  });

  it('should take the held price’s lapse as the deadline when it comes before the payment deadline', () => {
    const { read } = made({
      hold: {
        paymentRequiredBy: '2026-03-04T23:59:00Z',
        priceGuaranteeExpiresAt: '2026-03-02T08:33:27Z',
      },
    });
    const booking = bookingOf(read());
    expect(booking).toMatchObject({
      lastPurchaseAt: '2026-03-02T08:33:27.000Z',
      priceGuaranteeExpiresAt: '2026-03-02T08:33:27.000Z',
      ticketingSupported: true,
    });
    expect(booking.storedFare?.lastPurchase).toBe('2026-03-02T08:33:27.000Z');
  });

  it('should keep the payment deadline when the price is held as long or has no guarantee', () => {
    const held = made({
      hold: {
        paymentRequiredBy: '2026-03-04T23:59:00Z',
        priceGuaranteeExpiresAt: '2026-03-04T23:59:00Z',
      },
    });
    expect(bookingOf(held.read())).toMatchObject({
      lastPurchaseAt: '2026-03-04T23:59:00.000Z',
      priceGuaranteeExpiresAt: '2026-03-04T23:59:00.000Z',
    });
    const unguaranteed = made({
      hold: { paymentRequiredBy: '2026-03-04T23:59:00Z', priceGuaranteeExpiresAt: null },
    });
    expect(bookingOf(unguaranteed.read())).toMatchObject({
      lastPurchaseAt: '2026-03-04T23:59:00.000Z',
      priceGuaranteeExpiresAt: null,
    });
  });

  it('should name the airline that flies a codeshare segment and no other', () => {
    const { read } = made({
      slices: [
        [
          { ...LEG('81', ['TLV', '10:00'], ['ATH', '12:00']), operatingAirline: 'A3' },
          LEG('543', ['ATH', '15:00'], ['MAD', '18:00']),
        ],
      ],
    });
    const [codeshare, own] = bookingOf(read()).segments;
    expect(codeshare).toMatchObject({ airline: 'LY', flightNumber: '81', operatingAirline: 'A3' });
    expect(own).not.toHaveProperty('operatingAirline');
  });

  it('should read a paid order as ticketed when Duffel has issued no document yet', () => {
    const { read } = made({}, (order) => {
      order.documents = [];
    });
    expect(bookingOf(read())).toMatchObject({
      isTicketed: true,
      ticketedAt: new Date(T0).toISOString(),
    });
  });

  it('should leave the contact empty when the order names no passenger', () => {
    const { read } = made({}, (order) => {
      order.passengers = [];
    });
    expect(bookingOf(read()).contact).toEqual({ name: '', phone: null, email: null });
  });
});

describe('segmentsOf', () => {
  it('should list a removed slice as UN and the airline’s new one as TK with new ids when the order still holds the old', () => {
    const { world, id, read } = made();
    const before = read();
    world.scriptAirlineChange(id, { newDepartingAt: '2026-05-01T07:00:00' });
    const order = read();
    const segments = segmentsOf(order, order.airline_initiated_changes ?? []);
    const oldIds = before.slices[0]?.segments.map((s) => s.id) ?? [];
    expect(segments.map((s) => [s.flightNumber, s.departure, s.status])).toEqual([
      ['81', '2026-05-01 07:00', 'TK'],
      ['81', '2026-05-01 10:00', 'UN'],
      ['543', '2026-05-01 15:00', 'UN'],
      ['543', '2026-05-01 15:00', 'TK'],
    ]);
    const unIds = segments.filter((s) => s.status === 'UN').map((s) => s.id);
    expect(unIds).toEqual(oldIds);
    expect(segments.filter((s) => s.status === 'TK').some((s) => oldIds.includes(s.id))).toBe(
      false,
    );
  });

  it('should add back the removed slice as UN when the order already shows the new one', () => {
    const { world, id, read } = made();
    world.scriptAirlineChange(id, { newDepartingAt: '2026-05-01T11:00:00' });
    world.acceptAirlineChange(world.getOrder(id).airline_initiated_changes[0]?.id ?? '');
    const change = world.getOrder(id).airline_initiated_changes[0];
    if (change) change.action_taken = null;
    const order = read();
    const segments = segmentsOf(order, order.airline_initiated_changes ?? []);
    expect(segments.map((s) => [s.flightNumber, s.departure, s.status])).toEqual([
      ['81', '2026-05-01 10:00', 'UN'],
      ['81', '2026-05-01 11:00', 'TK'],
      ['543', '2026-05-01 15:00', 'UN'],
      ['543', '2026-05-01 15:00', 'TK'],
    ]);
  });

  it('should read a slice the airline re-timed under the same slice id as UN and TK, the new flight included', () => {
    const { world, id, read } = made();
    const before = read();
    world.scriptAirlineChange(id, {
      newDepartingAt: '2026-05-01T14:00:00',
      keepIds: 'slice',
      orderShows: 'after',
    });
    const order = read();
    expect(order.slices[0]?.id).toBe(before.slices[0]?.id);
    const segments = segmentsOf(order, order.airline_initiated_changes ?? []);
    expect(segments.map((s) => [s.flightNumber, s.departure, s.status])).toEqual([
      ['81', '2026-05-01 10:00', 'UN'],
      ['81', '2026-05-01 14:00', 'TK'],
      ['543', '2026-05-01 15:00', 'UN'],
      ['543', '2026-05-01 15:00', 'TK'],
    ]);
    const oldIds = before.slices[0]?.segments.map((s) => s.id);
    expect(segments.filter((s) => s.status === 'UN').map((s) => s.id)).toEqual(oldIds);
  });

  it('should keep a segment the change left alone HK, and list a flight re-timed under its own id twice under two ids', () => {
    const { world, id, read } = made();
    const before = read();
    const [first, second] = before.slices[0]?.segments ?? [];
    const changeId = world.scriptAirlineChange(id, {
      newDepartingAt: '2026-05-01T11:00:00',
      keepIds: 'slice-and-segments',
      orderShows: 'after',
    });
    const order = read();
    const pending = order.airline_initiated_changes ?? [];
    const segments = segmentsOf(order, pending);
    expect(segments.map((s) => [s.id, s.departure, s.status])).toEqual([
      [`${first?.id}@${changeId}`, '2026-05-01 10:00', 'UN'],
      [first?.id, '2026-05-01 11:00', 'TK'],
      [second?.id, '2026-05-01 15:00', 'HK'],
    ]);
    const [change] = pending;
    expect(change && scheduleChangeOf(change)).toMatchObject({
      removedSegmentIds: [`${first?.id}@${changeId}`],
      addedSegmentIds: [first?.id],
    });
  });

  it('should list only the first flight UN and the last TK when a later change moves what an earlier one added', () => {
    const { world, id, read } = made({ slices: [[LEG('81', ['TLV', '10:00'], ['ATH', '12:00'])]] });
    const original = read().slices[0]?.segments[0]?.id;
    world.scriptAirlineChange(id, { newDepartingAt: '2026-05-01T11:00:00', orderShows: 'after' });
    world.scriptAirlineChange(id, { newDepartingAt: '2026-05-01T12:00:00', orderShows: 'after' });
    const order = read();
    const segments = segmentsOf(order, order.airline_initiated_changes ?? []);
    expect(segments.map((s) => [s.departure, s.status])).toEqual([
      ['2026-05-01 10:00', 'UN'],
      ['2026-05-01 12:00', 'TK'],
    ]);
    expect(segments[0]?.id).toBe(original);
  });

  it('should keep every segment HK when no change is pending', () => {
    const order = made().read();
    expect(segmentsOf(order, []).map((s) => s.status)).toEqual(['HK', 'HK']);
  });
});

describe('penaltiesOf', () => {
  it('should share a fee for all passengers out per ticket when the order has several', () => {
    expect(penaltiesOf(made().read())).toEqual({
      change: { allowed: true, amount: 33.33 },
      refund: { allowed: true, amount: 16.67 },
      currency: 'EUR',
    });
  });

  it('should read a condition the airline did not state or did not price as not allowed', () => {
    const { read } = made({}, (order) => {
      order.conditions.change_before_departure = null;
      order.conditions.refund_before_departure = {
        allowed: true,
        penalty_amount: null,
        penalty_currency: null,
      };
    });
    expect(penaltiesOf(read())).toEqual({
      change: { allowed: false, amount: 0 },
      refund: { allowed: false, amount: 0 },
      currency: 'EUR',
    });
  });

  it('should not mix currencies when a fee is in another currency than the penalties’', () => {
    const { read } = made({}, (order) => {
      order.conditions.change_before_departure = {
        allowed: true,
        penalty_amount: '30.00',
        penalty_currency: 'USD',
      };
    });
    expect(penaltiesOf(read())).toEqual({
      change: { allowed: true, amount: 10 },
      refund: { allowed: false, amount: 0 },
      currency: 'USD',
    });
  });
});

describe('flightClassOf', () => {
  it('should take the booking class from the fare basis when there is one', () => {
    expect(flightClassOf({ cabin_class: 'economy', fare_basis_code: 'QLOWEU' })).toBe('Q');
  });

  it('should fall back on the cabin’s usual letter when there is no fare basis', () => {
    expect(flightClassOf({ cabin_class: 'business', fare_basis_code: null })).toBe('C');
    expect(flightClassOf({ cabin_class: 'premium_economy' })).toBe('W');
    expect(flightClassOf({ cabin_class: null })).toBe('Y');
    expect(flightClassOf(undefined)).toBe('Y');
  });
});

describe('changedAtOf', () => {
  it('should take the latest time Duffel recorded when several happened', () => {
    expect(
      changedAtOf({
        id: 'ord_1',
        created_at: '2026-03-01T08:00:00Z',
        synced_at: '2026-03-01T09:00:00Z',
        cancelled_at: null,
        payment_status: { paid_at: '2026-03-01T08:30:00Z' },
        airline_initiated_changes: [
          {
            created_at: '2026-03-01T08:45:00Z',
            updated_at: '2026-03-01T08:50:00Z',
            action_taken_at: '2026-03-01T10:00:00Z',
          },
        ],
      }),
    ).toBe(Date.parse('2026-03-01T10:00:00Z'));
  });
});

describe('amountOf', () => {
  it('should keep Duffel’s decimals to the cent when it reads them', () => {
    expect(amountOf('1200.00')).toBe(1200);
    expect(amountOf('-20.50')).toBe(-20.5);
    expect(amountOf('0.10')).toBe(0.1);
  });
});

describe('lowerFaresOf', () => {
  // The order costs 1000.00 EUR; Duffel's own numbers decide: what the change moves
  // (change_total_amount) and its penalty, under the recorded answers' names.
  const offerOf = (order: OrderShape, over: Partial<ChangeOfferShape>): ChangeOfferShape => ({
    id: 'oco_1',
    expires_at: '2026-03-01T09:00:00Z',
    new_total_amount: '900.00',
    new_total_currency: 'EUR',
    change_total_amount: '-70.00',
    change_total_currency: 'EUR',
    penalty_total_amount: '30.00',
    penalty_total_currency: 'EUR',
    refund_to: 'original_form_of_payment',
    slices: { add: order.slices },
    ...over,
  });

  it('should quote the order’s total moved by Duffel’s change total less the penalty, with the change total itself', () => {
    const order = made().read();
    // new_total_amount says 500.00: the SDK calls it tax-exclusive, so it is not read.
    const [quote] = lowerFaresOf(order, [offerOf(order, { new_total_amount: '500.00' })]);
    expect(quote).toMatchObject({
      total: 900,
      currency: 'EUR',
      changeTotal: -70,
      refundTo: 'cash',
      penalties: { change: { allowed: true, amount: 10 }, currency: 'EUR' },
    });
    // Whoever takes total from total and then the fee per ticket gets Duffel's number back.
    const fee = (quote?.penalties.change.amount ?? 0) * order.passengers.length;
    expect(1000 - (quote?.total ?? 0) - fee).toBe(70);
  });

  it('should read the penalty under the SDK’s name when Duffel’s own is absent', () => {
    const order = made().read();
    const [quote] = lowerFaresOf(order, [
      offerOf(order, {
        penalty_total_amount: undefined,
        penalty_total_currency: undefined,
        penalty_amount: '60.00',
        penalty_currency: 'EUR',
      }),
    ]);
    expect(quote).toMatchObject({ total: 870, penalties: { change: { amount: 20 } } });
  });

  it('should say a refund to a voucher or airline credit comes back as credit, and nothing when it costs', () => {
    const order = made().read();
    const quotes = lowerFaresOf(order, [
      offerOf(order, { id: 'oco_a', refund_to: 'voucher' }),
      offerOf(order, { id: 'oco_b', refund_to: 'airline_credits', change_total_amount: '-60.00' }),
      offerOf(order, { id: 'oco_c', refund_to: 'voucher', change_total_amount: '20.00' }),
    ]);
    expect(quotes.map((quote) => [quote.offerId, quote.changeTotal, quote.refundTo])).toEqual([
      ['oco_a', -70, 'credit'],
      ['oco_b', -60, 'credit'],
      ['oco_c', 20, null],
    ]);
  });

  it('should leave out offers in another currency, without a change total, or no cheaper', () => {
    const order = made().read();
    const quotes = lowerFaresOf(order, [
      offerOf(order, { id: 'oco_usd', change_total_currency: 'USD' }),
      offerOf(order, { id: 'oco_none', change_total_amount: null }),
      offerOf(order, { id: 'oco_same', change_total_amount: '30.00' }),
      offerOf(order, { id: 'oco_b', change_total_amount: '-20.00' }),
      offerOf(order, { id: 'oco_a', change_total_amount: '-20.00' }),
    ]);
    expect(quotes.map((quote) => quote.offerId)).toEqual(['oco_a', 'oco_b']);
    expect(quotes[0]?.total).toBe(950);
  });

  it('should leave out an offer on other flights when it would rebook rather than reprice', () => {
    const order = made().read();
    const moved = structuredClone(order.slices);
    const first = moved[0]?.segments[0];
    if (first) first.departing_at = '2026-05-01T11:00:00';
    expect(lowerFaresOf(order, [offerOf(order, { slices: { add: moved } })])).toEqual([]);
  });

  it('should not cost a change fee in another currency than the order’s penalties', () => {
    const order = made().read();
    const [quote] = lowerFaresOf(order, [offerOf(order, { penalty_total_currency: 'USD' })]);
    expect(quote?.penalties).toEqual({
      change: { allowed: false, amount: 0 },
      refund: { allowed: true, amount: 16.67 },
      currency: 'EUR',
    });
    // The fee cannot be told from the fare: all of the change total is fare difference.
    expect(quote).toMatchObject({ total: 930, changeTotal: -70 });
  });
});

describe('refundPlaceOf', () => {
  it('should read Duffel’s places as cash or credit, and not guess at one it may add', () => {
    expect(
      ['original_form_of_payment', 'balance', 'card', 'arc_bsp_cash'].map(refundPlaceOf),
    ).toEqual(['cash', 'cash', 'cash', 'cash']);
    expect(['voucher', 'airline_credits'].map(refundPlaceOf)).toEqual(['credit', 'credit']);
    expect([null, undefined, 'awaiting_payment', 'crypto'].map(refundPlaceOf)).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });
});
