import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createWorld } from '../../../test/duffel-stand-in/world';
import { cancellationOutcomeOf } from './duffel-cancellation-outcome';
import { checked, ConfirmedCancellationShape, OrderShape } from './duffel-schemas';

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
const order = checked(OrderShape, structuredClone(world.getOrder(orderId)), 'order');
const recorded = (): unknown =>
  (
    JSON.parse(
      readFileSync(
        new URL(
          '../../../test/fixtures/duffel-recorded/order_cancellations/show.json',
          import.meta.url,
        ),
        'utf8',
      ),
    ) as { data: unknown }
  ).data;

const cancellation = (credits: unknown[]) =>
  checked(
    ConfirmedCancellationShape,
    { ...(recorded() as object), refund_to: 'airline_credits', airline_credits: credits },
    'cancellation',
  );

describe('cancellationOutcomeOf', () => {
  it("should read Duffel's recorded cancellation, which lists no airline credits at all", () => {
    const outcome = cancellationOutcomeOf(
      checked(ConfirmedCancellationShape, recorded(), 'cancellation'),
      order,
    );
    expect(outcome).toEqual({
      refund: { amount: 177.8, currency: 'GBP' },
      refundTo: 'balance',
      airlineCredits: [],
    });
  });

  it("should read a credit by the SDK's names, with the order's owner as its airline", () => {
    const outcome = cancellationOutcomeOf(
      cancellation([
        {
          id: 'acd_1',
          credit_amount: '120.50',
          credit_currency: 'EUR',
          credit_code: '1234567890123',
          credit_name: 'Future Flight Credit',
          issued_on: '2026-02-01',
          passenger_id: 'pas_1',
        },
      ]),
      order,
    );
    expect(outcome.refundTo).toBe('airline_credits');
    expect(outcome.airlineCredits).toEqual([
      {
        id: 'acd_1',
        passengerId: 'pas_1',
        airline: 'LY',
        amount: { amount: 120.5, currency: 'EUR' },
        code: '1234567890123',
        name: 'Future Flight Credit',
        issuedOn: '2026-02-01',
        expiresOn: null,
      },
    ]);
  });

  it("should read a credit by the Airline Credits resource's names, its expiry and airline", () => {
    const [credit] = cancellationOutcomeOf(
      cancellation([
        {
          id: 'acd_2',
          amount: '30.20',
          amount_currency: 'GBP',
          code: '12345678',
          airline_iata_code: 'AA',
          expires_at: '2027-04-11T15:48:11.642Z',
          passenger_id: null,
        },
      ]),
      order,
    ).airlineCredits;
    expect(credit).toMatchObject({
      airline: 'AA',
      amount: { amount: 30.2, currency: 'GBP' },
      code: '12345678',
      expiresOn: '2027-04-11',
      passengerId: null,
    });
  });

  it('should leave out a credit that names no amount, and not guess at an unknown destination', () => {
    const outcome = cancellationOutcomeOf(
      checked(
        ConfirmedCancellationShape,
        { ...(recorded() as object), refund_to: 'somewhere_new', airline_credits: [{ id: 'x' }] },
        'cancellation',
      ),
      order,
    );
    expect(outcome).toMatchObject({ refundTo: null, airlineCredits: [] });
  });
});
