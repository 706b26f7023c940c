import { describe, expect, it } from 'vitest';
import { createWorld } from '../../../test/duffel-stand-in/world';
import { CancellationQuoteShape, checked, OrderShape, PaymentShape } from './duffel-schemas';

const world = createWorld(() => new Date('2026-03-01T08:00:00Z'));
const orderId = world.addOrder({
  bookingReference: 'ABC123',
  slices: [
    [
      {
        airline: 'LY',
        flightNumber: '81',
        from: 'TLV',
        to: 'ATH',
        departingAt: '2026-05-01T10:00:00',
        arrivingAt: '2026-05-01T12:00:00',
      },
    ],
  ],
  passengers: [{ title: 'ms', givenName: 'Dana', familyName: 'Levi', type: 'adult' }],
  totalAmount: '300.00',
  currency: 'EUR',
});
const answer = () => structuredClone(world.getOrder(orderId));

describe('checked', () => {
  it('should keep the fields read and drop the rest when the answer fits', () => {
    const order = checked(OrderShape, answer(), 'order');
    expect(order.booking_reference).toBe('ABC123');
    expect(order).not.toHaveProperty('base_amount');
  });

  it('should name the nested field that does not fit when Duffel changes a shape', () => {
    const changed = answer();
    const segment = changed.slices[0]?.segments[0];
    if (segment) segment.departing_at = '10:00 on 1 May';
    expect(() => checked(OrderShape, changed, 'order ord_1')).toThrow(
      "Duffel's order ord_1 does not fit: slices.0.segments.0.departing_at: not a local date-time",
    );
  });

  it('should name a passenger type Duffel added when the adapter cannot map it', () => {
    const changed = {
      ...answer(),
      passengers: [{ ...answer().passengers[0], type: 'young_adult' }],
    };
    expect(() => checked(OrderShape, changed, 'order')).toThrow('passengers.0.type');
  });

  it('should name the refund destination when Duffel sends one the adapter cannot map', () => {
    const quote = world.createCancellation({ order_id: orderId });
    expect(checked(CancellationQuoteShape, quote, 'quote').refund_to).toBe('balance');
    expect(() =>
      checked(CancellationQuoteShape, { ...quote, refund_to: 'crypto' }, 'order cancellation'),
    ).toThrow("Duffel's order cancellation does not fit: refund_to");
  });

  it('should say so when the answer is no object at all', () => {
    expect(() => checked(PaymentShape, 'Bad Gateway', 'payment')).toThrow(
      "Duffel's payment does not fit: (the answer itself)",
    );
  });
});
