import { uiTexts } from '@smt/shared';
import { describe, expect, it } from 'vitest';
import { detectReprice } from './reprice';
import {
  aBooking,
  aFare,
  anInput,
  aPenalties,
  aPending,
  aSegment,
  settingsWith,
} from './testing/booking-builder';

const amountOnly = settingsWith({ reprice: { minSavingAmount: 10, minSavingPercent: null } });
const percentOnly = (percent: number) =>
  settingsWith({ reprice: { minSavingAmount: null, minSavingPercent: percent } });
const offering = (...offers: ReturnType<typeof aFare>[]) => anInput({ offers });

describe('detectReprice', () => {
  it('should raise the cheapest offer when several meet the thresholds', () => {
    const input = offering(
      aFare({ fareBasis: 'YA', total: 950 }),
      aFare({ fareBasis: 'YB', total: 900 }),
      aFare({ fareBasis: 'YC', total: 980 }),
    );

    const [candidate, ...rest] = detectReprice(input, settingsWith());

    expect(rest).toEqual([]);
    expect(candidate).toMatchObject({
      type: 'Reprice',
      group: 'REPRICE',
      title: 'Reprice opportunity',
      titleMessage: 'Save 100.00 USD by repricing to YB',
      potentialSaving: 100,
      currency: 'USD',
      dedupeKey: 'RP:YOW:1000.00:YB:900.00',
      supersedes: [],
    });
  });

  it('should raise when the saving equals the amount threshold', () => {
    const candidates = detectReprice(offering(aFare({ total: 990 })), amountOnly);

    expect(candidates.map((c) => c.potentialSaving)).toEqual([10]);
  });

  it('should raise nothing when the saving is a cent below the amount threshold', () => {
    expect(detectReprice(offering(aFare({ total: 990.01 })), amountOnly)).toEqual([]);
  });

  it('should raise when the saving equals the percent threshold', () => {
    const input = anInput({
      current: aBooking({ storedFare: aFare({ total: 2000 }) }),
      offers: [aFare({ total: 1980 })],
    });

    expect(detectReprice(input, percentOnly(1))).toHaveLength(1);
  });

  it('should raise nothing when the saving is a cent below the percent threshold', () => {
    const input = anInput({
      current: aBooking({ storedFare: aFare({ total: 2000 }) }),
      offers: [aFare({ total: 1980.01 })],
    });

    expect(detectReprice(input, percentOnly(1))).toEqual([]);
  });

  it('should count a fractional percent exactly at the threshold when floats round it up', () => {
    // 11 of 1000 is 1.1 %; 1.1 * 100000 is 110000.00000000001 in floating point.
    expect(detectReprice(offering(aFare({ total: 989 })), percentOnly(1.1))).toHaveLength(1);
  });

  it('should raise nothing when the amount is met but the percent is not', () => {
    const settings = settingsWith({ reprice: { minSavingAmount: 10, minSavingPercent: 5 } });

    expect(detectReprice(offering(aFare({ total: 980 })), settings)).toEqual([]);
  });

  it('should raise any cheaper offer when no threshold is set', () => {
    const settings = settingsWith({ reprice: { minSavingAmount: null, minSavingPercent: null } });

    expect(detectReprice(offering(aFare({ total: 999.99 })), settings)).toHaveLength(1);
    expect(detectReprice(offering(aFare({ total: 1000 })), settings)).toEqual([]);
  });

  it('should skip an offer in another currency', () => {
    expect(detectReprice(offering(aFare({ total: 500, currency: 'EUR' })), settingsWith())).toEqual(
      [],
    );
  });

  it.each([
    ['change is no longer allowed', { change: { allowed: false, amount: 0 } }],
    ['refund is no longer allowed', { refund: { allowed: false, amount: 0 } }],
    ['the change fee grows', { change: { allowed: true, amount: 150 } }],
    ['the refund fee grows', { refund: { allowed: true, amount: 200.01 } }],
    ['the fees are in another currency', { currency: 'EUR' }],
  ])('should skip an offer when its %s', (_, penalties) => {
    const input = offering(aFare({ total: 800, penalties: aPenalties(penalties) }));

    expect(detectReprice(input, settingsWith())).toEqual([]);
  });

  it('should pick the next cheapest offer when the cheapest has worse penalties', () => {
    const input = offering(
      aFare({
        fareBasis: 'NONREF',
        total: 700,
        penalties: aPenalties({ refund: { allowed: false, amount: 0 } }),
      }),
      aFare({ fareBasis: 'YLOW', total: 900 }),
    );

    expect(detectReprice(input, settingsWith()).map((c) => c.dedupeKey)).toEqual([
      'RP:YOW:1000.00:YLOW:900.00',
    ]);
  });

  it('should keep an offer when its penalties are equal or better', () => {
    const stored = aFare({ penalties: aPenalties({ change: { allowed: false, amount: 0 } }) });
    const input = anInput({
      current: aBooking({ storedFare: stored }),
      offers: [
        aFare({
          total: 900,
          penalties: aPenalties({
            change: { allowed: true, amount: 0 },
            refund: { allowed: true, amount: 50 },
          }),
        }),
      ],
    });

    expect(detectReprice(input, settingsWith())).toHaveLength(1);
  });

  it('should raise a baggage-losing offer with the alert and the baggage flag', () => {
    const offer = aFare({ fareBasis: 'YLITE', total: 900, freeBags: 0, bagCost: 35 });

    const [candidate] = detectReprice(offering(offer), settingsWith());

    expect(candidate?.alerts).toContainEqual({ text: uiTexts.noFreeBaggage });
    expect(candidate?.alerts).toContainEqual({
      text: 'New conditions do not include free baggage',
    });
    expect(candidate?.priceQuotes[0]?.newBaggageInfos).toEqual([
      { normalizedNonFreeBaggage: true, cost: 35, segments: ['s1'] },
    ]);
    expect(candidate?.priceQuotes[0]?.fare_conds.bag).toBe('0PC');
  });

  it('should not flag baggage when the offer keeps the free bags', () => {
    const [candidate] = detectReprice(offering(aFare({ total: 900 })), settingsWith());

    expect(candidate?.alerts.map((a) => a.text)).not.toContain(uiTexts.noFreeBaggage);
    expect(candidate?.priceQuotes[0]?.newBaggageInfos).toEqual([]);
  });

  it('should carry the price quote, payload and booking data when raised', () => {
    const booking = aBooking({
      segments: [aSegment(), aSegment({ id: 's2', from: 'JFK', to: 'TLV', flightClass: 'B' })],
      storedFare: aFare({ segmentIds: ['s1', 's2'], passengerTypes: ['ADT', 'CHD'] }),
      lastPurchaseAt: '2026-03-05T10:00:00.000Z',
    });
    const offer = aFare({
      cmd: 'WPNCB¥FYLOW',
      fareBasis: 'YLOW',
      flightClass: 'V',
      total: 876.55,
      lastPurchase: '2026-03-04T10:00:00.000Z',
      segmentIds: ['s1', 's2'],
      passengerTypes: ['ADT', 'CHD'],
      penalties: aPenalties({ change: { allowed: true, amount: 50 } }),
    });

    const [candidate] = detectReprice(
      anInput({ current: booking, offers: [offer] }),
      settingsWith(),
    );

    expect(candidate).toMatchObject({
      titleMessage: 'Save 123.45 USD by repricing to YLOW',
      potentialSaving: 123.45,
      remarks: ['CUSTOMER PREFERS AISLE'],
      segmentIds: ['s1', 's2'],
      segmentClasses: ['Y', 'B'],
      lastPurchaseDate: '2026-03-05T10:00:00.000Z',
      data: { pnr: { id: 'ABC123', pcc: 'TLV1', creator: 'AA' }, sc: null },
    });
    expect(candidate?.priceQuotes).toEqual([
      {
        seq_num: 1,
        cmd: 'WPNCB¥FYLOW',
        current_price: 1000,
        new_price: 876.55,
        currency: 'USD',
        last_purchase: '2026-03-04T10:00:00.000Z',
        pax: [{ type: 'ADT' }, { type: 'CHD' }],
        segments: [
          { id: 's1', origin: 'TLV', dest: 'JFK', airline: 'LY', flight_number: '315' },
          { id: 's2', origin: 'JFK', dest: 'TLV', airline: 'LY', flight_number: '315' },
        ],
        conditions: {
          current_conds: {
            penalty_rules: {
              before_dept: {
                change_ind: true,
                change_amount: 100,
                refund_ind: true,
                refund_amount: 200,
                currency: 'USD',
              },
            },
          },
          new_conds: {
            penalty_rules: {
              before_dept: {
                change_ind: true,
                change_amount: 50,
                refund_ind: true,
                refund_amount: 200,
                currency: 'USD',
              },
            },
          },
        },
        fare_conds: { farebasis: 'YLOW', flight_class: 'V', bag: '1PC' },
        newBaggageInfos: [],
      },
    ]);
  });

  it('should raise nothing when the saving does not beat a pending reprice', () => {
    const input = anInput({
      offers: [aFare({ total: 900 })],
      pending: [aPending({ id: 7, potentialSaving: 100 })],
    });

    expect(detectReprice(input, settingsWith())).toEqual([]);
  });

  it('should supersede the pending reprices when the saving beats them all', () => {
    const input = anInput({
      offers: [aFare({ fareBasis: 'YLOW', total: 850 })],
      pending: [
        aPending({ id: 7, potentialSaving: 100 }),
        aPending({ id: 8, potentialSaving: 120 }),
        aPending({ id: 9, type: 'TicketingDue', dedupeKey: 'TD:x' }),
      ],
    });

    expect(detectReprice(input, settingsWith()).map((c) => c.supersedes)).toEqual([[7, 8]]);
  });

  it('should raise nothing when a pending reprice saves more than one it beats', () => {
    const input = anInput({
      offers: [aFare({ total: 850 })],
      pending: [
        aPending({ id: 7, potentialSaving: 100 }),
        aPending({ id: 8, potentialSaving: 200 }),
      ],
    });

    expect(detectReprice(input, settingsWith())).toEqual([]);
  });

  it('should raise nothing when there are no offers or no stored fare', () => {
    expect(detectReprice(anInput(), settingsWith())).toEqual([]);
    const unpriced = anInput({
      current: aBooking({ storedFare: null }),
      offers: [aFare({ total: 1 })],
    });
    expect(detectReprice(unpriced, settingsWith())).toEqual([]);
  });

  it('should raise nothing when the booking is cancelled', () => {
    const input = anInput({
      current: aBooking({ isCancelled: true }),
      offers: [aFare({ total: 900 })],
    });

    expect(detectReprice(input, settingsWith())).toEqual([]);
  });

  it('should raise nothing when the booking has departed', () => {
    const input = offering(aFare({ total: 900 }));

    expect(
      detectReprice({ ...input, now: new Date('2026-03-08T10:01:00Z') }, settingsWith()),
    ).toEqual([]);
  });

  it('should raise nothing when the process is disabled', () => {
    const input = offering(aFare({ total: 900 }));

    expect(detectReprice(input, settingsWith({ reprice: { enabled: false } }))).toEqual([]);
  });

  it('should give the same dedupe key when the same input is checked twice', () => {
    const input = offering(aFare({ total: 900 }));
    const keys = () => detectReprice(input, settingsWith()).map((c) => c.dedupeKey);

    expect(keys()).toEqual(keys());
    expect(keys()).toHaveLength(1);
  });
});
