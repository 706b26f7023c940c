import { uiTexts } from '@smt/shared';
import { describe, expect, it } from 'vitest';
import { detectReprice, explainReprice } from './reprice';
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
      titleMessage: 'Save 100.00 USD (cash) by repricing to YB',
      potentialSaving: 100,
      currency: 'USD',
      dedupeKey: 'RP:YOW:1000.00:YB:900.00',
      supersedes: [],
    });
  });

  it("should save what the provider's change gives back, at the threshold and a cent under it", () => {
    // Stored at 1000.00; the change's own figure, penalties included, decides, not the totals.
    const change = (changeTotal: number) => aFare({ fareBasis: 'DUFFEL', total: 700, changeTotal });

    expect(detectReprice(offering(change(-10)), amountOnly)).toMatchObject([
      { titleMessage: 'Save 10.00 USD (cash) by repricing to DUFFEL', potentialSaving: 10 },
    ]);
    expect(detectReprice(offering(change(-9.99)), amountOnly)).toEqual([]);
  });

  it('should say in the title and the alerts when the saving comes back as airline credit', () => {
    const offer = aFare({ fareBasis: 'DUFFEL', total: 900, changeTotal: -70, refundTo: 'credit' });

    const [candidate] = detectReprice(offering(offer), settingsWith());

    expect(candidate).toMatchObject({
      titleMessage: 'Save 70.00 USD as airline credit by repricing to DUFFEL',
      potentialSaving: 70,
    });
    expect(candidate?.alerts.map((alert) => alert.text)).toEqual([
      'Fare YOW at 1000.00 USD can be repriced to DUFFEL at 900.00 USD',
      'The change gives back 70.00 USD as airline credit, penalties included',
      'Net saving 70.00 USD as airline credit',
    ]);
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

  const strict = settingsWith({ reprice: { offerStricterFares: false } });

  it.each([
    [
      'change is no longer allowed',
      { change: { allowed: false, amount: 0 } },
      'New conditions: changes not permitted',
    ],
    [
      'refund is no longer allowed',
      { refund: { allowed: false, amount: 0 } },
      'New conditions: refunds not permitted',
    ],
    [
      'change fee grows',
      { change: { allowed: true, amount: 150 } },
      'New conditions: change fee 150.00 USD (was 100.00 USD)',
    ],
    [
      'refund fee grows',
      { refund: { allowed: true, amount: 0.01 } },
      'New conditions: refund fee 0.01 USD (was 0.00 USD)',
    ],
    [
      'fees are in another currency',
      { currency: 'EUR' },
      'New conditions: change fee 100.00 EUR (was 100.00 USD)',
    ],
  ])(
    'should raise an offer whose %s with an alert saying so, and skip it where the branch says',
    (_, penalties, alert) => {
      const input = offering(aFare({ total: 800, penalties: aPenalties(penalties) }));

      const [candidate, ...rest] = detectReprice(input, settingsWith());

      expect(rest).toEqual([]);
      expect(candidate?.potentialSaving).toBe(200);
      expect(candidate?.alerts).toContainEqual({ text: alert });
      expect(detectReprice(input, strict)).toEqual([]);
    },
  );

  it('should raise a 500 saving whose change fee rose by 25, not drop it', () => {
    const input = offering(
      aFare({ total: 500, penalties: aPenalties({ change: { allowed: true, amount: 125 } }) }),
    );

    expect(detectReprice(input, settingsWith()).map((c) => c.potentialSaving)).toEqual([500]);
  });

  it('should pick the next cheapest offer when the cheapest has worse penalties and the branch skips them', () => {
    const input = offering(
      aFare({
        fareBasis: 'NONREF',
        total: 700,
        penalties: aPenalties({ refund: { allowed: false, amount: 0 } }),
      }),
      aFare({ fareBasis: 'YLOW', total: 900 }),
    );

    expect(detectReprice(input, strict).map((c) => c.dedupeKey)).toEqual([
      'RP:YOW:1000.00:YLOW:900.00',
    ]);
    expect(detectReprice(input, settingsWith()).map((c) => c.dedupeKey)).toEqual([
      'RP:YOW:1000.00:NONREF:700.00',
    ]);
  });

  describe('net of what repricing costs', () => {
    const ticketed = (over: Parameters<typeof aBooking>[0] = {}) =>
      aBooking({
        isTicketed: true,
        passengers: [
          aBooking().passengers[0]!,
          { ...aBooking().passengers[0]!, id: 'p2', firstName: 'Noa' },
        ],
        ...over,
      });

    it('should raise when the saving after the change fees equals the amount threshold', () => {
      // 210 − 2 tickets × 100 = 10, the threshold.
      const input = anInput({ current: ticketed(), offers: [aFare({ total: 790 })] });

      const [candidate] = detectReprice(input, amountOnly);

      expect(candidate).toMatchObject({
        potentialSaving: 10,
        titleMessage: 'Save 10.00 USD (cash) by repricing to YOW',
      });
      expect(candidate?.alerts.map((a) => a.text)).toEqual([
        'Fare YOW at 1000.00 USD can be repriced to YOW at 790.00 USD',
        'Fare difference 210.00 USD',
        'Change fee 100.00 USD × 2 tickets = 200.00 USD to reissue',
        'Net saving 10.00 USD (cash)',
      ]);
      expect(candidate?.priceQuotes[0]?.saving).toEqual({
        gross: 210,
        tickets: 2,
        change_fee: 100,
        refund_fee: 0,
        kind: 'cash',
        agency_fee: 0,
        void_until: null,
        credit_expires_on: null,
        bags_lost: 0,
        bags_cost: 0,
        bag_price_unknown: false,
        net: 10,
      });
      // PNR info says why in the same terms.
      expect(candidate?.reason).toBe(
        'gross 210.00 USD, change fee 2 × 100.00 USD, net 10.00 USD (cash): at or over the minimum 10.00',
      );
    });

    it('should raise nothing when the saving after the change fees is a cent below it', () => {
      const input = anInput({ current: ticketed(), offers: [aFare({ total: 790.01 })] });

      expect(detectReprice(input, amountOnly)).toEqual([]);
    });

    it('should count the change fee only once the booking is ticketed', () => {
      const offers = [aFare({ total: 850 })];
      const notYet = anInput({ current: ticketed({ isTicketed: false }), offers });

      expect(detectReprice(notYet, amountOnly).map((c) => c.potentialSaving)).toEqual([150]);
      expect(detectReprice(anInput({ current: ticketed(), offers }), amountOnly)).toEqual([]);
    });

    it('should never reprice a ticketed fare that cannot be changed', () => {
      const stored = aFare({ penalties: aPenalties({ change: { allowed: false, amount: 0 } }) });
      const input = anInput({
        current: ticketed({ storedFare: stored }),
        offers: [aFare({ total: 100 })],
      });

      expect(detectReprice(input, settingsWith())).toEqual([]);
      expect(explainReprice(input, settingsWith())).toBe('the ticketed fare cannot be changed');
    });

    it('should prefer the offer that saves most net over the cheapest one', () => {
      const input = anInput({
        current: aBooking({ storedFare: aFare({ total: 1000, freeBags: 2 }) }),
        offers: [
          aFare({ fareBasis: 'YLITE', total: 800, freeBags: 0, bagCost: 60 }),
          aFare({ fareBasis: 'YSTD', total: 850, freeBags: 2 }),
        ],
      });

      const [candidate] = detectReprice(input, settingsWith());

      // YLITE: 200 − 2 bags × 60 = 80 net; YSTD: 150.
      expect(candidate?.dedupeKey).toBe('RP:YOW:1000.00:YSTD:850.00');
    });

    it('should say the bag lost from two to one in the alerts, and take it off the saving', () => {
      const input = anInput({
        current: aBooking({ storedFare: aFare({ total: 1000, freeBags: 2 }) }),
        offers: [aFare({ total: 900, freeBags: 1, bagCost: 40 })],
      });

      const [candidate] = detectReprice(input, settingsWith());

      expect(candidate?.potentialSaving).toBe(60);
      expect(candidate?.alerts.map((a) => a.text)).toContain(
        '1 free bag per passenger lost: 40.00 USD to buy back',
      );
      expect(candidate?.alerts.map((a) => a.text)).not.toContain(uiTexts.noFreeBaggage);
    });

    it('should explain a saving the fees eat, in gross and net', () => {
      const input = anInput({ current: ticketed(), offers: [aFare({ total: 850 })] });

      expect(explainReprice(input, amountOnly)).toBe(
        'gross 150.00 USD, change fee 2 × 100.00 USD, net -50.00 USD: the fees and bags cost more than the fare saves',
      );
    });
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
      titleMessage: 'Save 123.45 USD (cash) by repricing to YLOW',
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
                refund_amount: 0,
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
                refund_amount: 0,
                currency: 'USD',
              },
            },
          },
        },
        fare_conds: { farebasis: 'YLOW', flight_class: 'V', bag: '1PC' },
        newBaggageInfos: [],
        saving: {
          gross: 123.45,
          tickets: 0,
          change_fee: 0,
          refund_fee: 0,
          kind: 'cash',
          agency_fee: 0,
          void_until: null,
          credit_expires_on: null,
          bags_lost: 0,
          bags_cost: 0,
          bag_price_unknown: false,
          net: 123.45,
        },
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

  it('should raise nothing once the first flight has left, the fare rules held being those before departure', () => {
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

  describe('a branch’s terms for a reissue (docs/decisions/068)', () => {
    const nonRefundable = aFare({
      total: 1000,
      penalties: aPenalties({
        change: { allowed: true, amount: 0 },
        refund: { allowed: false, amount: 0 },
      }),
    });
    // Ticketed a year and more ago: no void window; the difference stays with the airline.
    const ticketed = aBooking({
      isTicketed: true,
      ticketedAt: '2026-02-01T10:00:00.000Z',
      storedFare: nonRefundable,
    });
    const creditInput = anInput({
      current: ticketed,
      offers: [aFare({ fareBasis: 'YB', total: 995 })],
    });
    const withCredit = (creditReprices: 'threshold' | 'always' | 'never') =>
      settingsWith({ reprice: { minSavingAmount: 10, minSavingPercent: null, creditReprices } });

    it('should raise a credit-only reprice over the minimum, with its expiry in the title', () => {
      const input = anInput({
        current: ticketed,
        offers: [aFare({ fareBasis: 'YB', total: 900 })],
      });

      const [candidate] = detectReprice(input, withCredit('threshold'));

      expect(candidate).toMatchObject({
        titleMessage: 'Save 100.00 USD as airline credit, expires 01/02/2027, by repricing to YB',
        savingKind: 'credit',
      });
    });

    it('should hold a credit to the minimum, or not, or never raise it, as the branch chose', () => {
      expect(detectReprice(creditInput, withCredit('threshold'))).toEqual([]);
      expect(explainReprice(creditInput, withCredit('threshold'))).toContain(
        'below the minimum 10.00',
      );
      expect(detectReprice(creditInput, withCredit('always'))).toMatchObject([
        { potentialSaving: 5, savingKind: 'credit' },
      ]);
      const bigCredit = anInput({
        current: ticketed,
        offers: [aFare({ fareBasis: 'YB', total: 500 })],
      });
      expect(detectReprice(bigCredit, withCredit('never'))).toEqual([]);
      expect(explainReprice(bigCredit, withCredit('never'))).toContain(
        'this branch does not raise reprices that save only airline credit',
      );
    });

    it('should still raise cash under the same setting that turns credit away', () => {
      const voidable = aBooking({
        isTicketed: true,
        isVoidable: true,
        ticketedAt: '2026-03-01T07:00:00.000Z',
        storedFare: nonRefundable,
      });
      const input = anInput({
        current: voidable,
        offers: [aFare({ fareBasis: 'YB', total: 900 })],
      });

      const [candidate] = detectReprice(input, withCredit('never'));

      expect(candidate).toMatchObject({ savingKind: 'cash', potentialSaving: 100 });
      expect(candidate?.alerts.map((alert) => alert.text)).toContain(
        'Void and rebook until 02/03/2026 07:00 UTC: inside the void window, no change fee',
      );
      expect(candidate?.priceQuotes[0]?.saving).toMatchObject({
        void_until: '2026-03-02T07:00:00.000Z',
        kind: 'cash',
      });
    });

    it('should take the agency’s reissue fee off before the threshold', () => {
      const refundable = aBooking({
        isTicketed: true,
        ticketedAt: '2026-02-01T10:00:00.000Z',
        storedFare: aFare({
          total: 1000,
          penalties: aPenalties({ change: { allowed: true, amount: 0 } }),
        }),
      });
      const input = anInput({
        current: refundable,
        offers: [aFare({ fareBasis: 'YB', total: 975 })],
      });
      const fee = (reissueFee: number) =>
        settingsWith({ reprice: { minSavingAmount: 10, minSavingPercent: null, reissueFee } });

      expect(detectReprice(input, fee(15))).toMatchObject([{ potentialSaving: 10 }]);
      expect(detectReprice(input, fee(15.01))).toEqual([]);
    });
  });
});
