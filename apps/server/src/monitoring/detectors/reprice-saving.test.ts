import { describe, expect, it } from 'vitest';
import {
  creditClause,
  creditExpiryOf,
  isCheaper,
  repriceSavingOf,
  savingAlertsOf,
  savingTermsOf,
  type ReissueTerms,
  type RepriceSaving,
} from './reprice-saving';
import { aBooking, aFare, aPenalties, aSegment, NOW } from './testing/booking-builder';

const adult = aBooking().passengers[0]!;
const passengers = (types: ('ADT' | 'CHD' | 'INF')[]) =>
  types.map((type, i) => ({ ...adult, id: `p${i + 1}`, type }));

const returnTrip = [
  aSegment({ id: 's1', from: 'TLV', to: 'JFK', departure: '2026-03-08 10:00' }),
  aSegment({ id: 's2', from: 'JFK', to: 'TLV', departure: '2026-03-20 18:00' }),
];

describe('the net saving of a reprice', () => {
  it('should be the fare difference alone before ticketing', () => {
    const verdict = repriceSavingOf(aBooking(), aFare({ total: 1000 }), aFare({ total: 900 }));

    expect(verdict).toEqual({
      ok: true,
      saving: {
        currency: 'USD',
        grossCents: 10_000,
        tickets: 0,
        changeFeeCents: 0,
        refundFeeCents: 0,
        reissues: 0,
        agencyFeeCents: 0,
        agencyFeeApart: null,
        kind: 'cash',
        bagsLost: 0,
        bagsCostCents: 0,
        bagPriceUnknown: false,
        netCents: 10_000,
        stated: false,
        refundTo: null,
        voidUntil: null,
        creditExpiresOn: null,
      },
    });
  });

  it('should take the change fee of each reissued ticket off once the booking is ticketed', () => {
    const booking = aBooking({ isTicketed: true, passengers: passengers(['ADT', 'ADT', 'CHD']) });
    const stored = aFare({
      total: 3000,
      penalties: aPenalties({ change: { allowed: true, amount: 75 } }),
    });

    const verdict = repriceSavingOf(booking, stored, aFare({ total: 2700 }));

    expect(verdict.ok && verdict.saving).toMatchObject({
      grossCents: 30_000,
      tickets: 3,
      changeFeeCents: 7_500,
      netCents: 7_500,
    });
  });

  it('should refuse a ticketed fare that cannot be changed', () => {
    const booking = aBooking({ isTicketed: true });
    const stored = aFare({ penalties: aPenalties({ change: { allowed: false, amount: 0 } }) });

    expect(repriceSavingOf(booking, stored, aFare({ total: 500 }))).toEqual({
      ok: false,
      reason: 'the ticketed fare cannot be changed',
    });
  });

  it('should price a fare that cannot be changed like any other before ticketing', () => {
    const stored = aFare({ penalties: aPenalties({ change: { allowed: false, amount: 0 } }) });

    expect(repriceSavingOf(aBooking(), stored, aFare({ total: 900 })).ok).toBe(true);
  });

  it('should refuse an offer or a change fee in another currency: there is no rate to compare', () => {
    expect(repriceSavingOf(aBooking(), aFare(), aFare({ total: 500, currency: 'EUR' }))).toEqual({
      ok: false,
      reason: 'offer in EUR, fare in USD: no rate to compare',
    });
    const stored = aFare({ penalties: aPenalties({ currency: 'EUR' }) });
    expect(repriceSavingOf(aBooking({ isTicketed: true }), stored, aFare({ total: 500 }))).toEqual({
      ok: false,
      reason: 'change fee in EUR, fare in USD: no rate to compare',
    });
  });

  it('should charge a bag lost from two to one per passenger and per journey, not per connection', () => {
    const booking = aBooking({ passengers: passengers(['ADT', 'CHD']), segments: returnTrip });
    const stored = aFare({ total: 1000, freeBags: 2, segmentIds: ['s1', 's2'] });
    const offer = aFare({ total: 800, freeBags: 1, bagCost: 40, segmentIds: ['s1', 's2'] });

    const verdict = repriceSavingOf(booking, stored, offer);

    // 1 bag × 2 passengers × 2 journeys × 40.
    expect(verdict.ok && verdict.saving).toMatchObject({
      bagsLost: 1,
      bagsCostCents: 16_000,
      netCents: 4_000,
    });
  });

  it('should charge both bags lost from two to none, and no bag for an infant', () => {
    const booking = aBooking({ passengers: passengers(['ADT', 'INF']) });
    const stored = aFare({ total: 1000, freeBags: 2 });
    const offer = aFare({ total: 800, freeBags: 0, bagCost: 35 });

    const verdict = repriceSavingOf(booking, stored, offer);

    expect(verdict.ok && verdict.saving).toMatchObject({ bagsLost: 2, bagsCostCents: 7_000 });
  });

  it('should charge a bag lost from one to none', () => {
    const stored = aFare({ total: 1000, freeBags: 1 });
    const offer = aFare({ total: 900, freeBags: 0, bagCost: 40 });

    const verdict = repriceSavingOf(aBooking(), stored, offer);

    expect(verdict.ok && verdict.saving).toMatchObject({ bagsLost: 1, netCents: 6_000 });
  });

  it('should say so when the lost bags have no price, and take nothing off for them', () => {
    const verdict = repriceSavingOf(
      aBooking(),
      aFare({ freeBags: 1 }),
      aFare({ total: 900, freeBags: 0, bagCost: null }),
    );

    expect(verdict.ok && verdict.saving).toMatchObject({
      bagsLost: 1,
      bagsCostCents: 0,
      bagPriceUnknown: true,
      netCents: 10_000,
    });
  });

  it('should write each deduction and the net as alert lines, and none without deductions', () => {
    const booking = aBooking({ isTicketed: true, passengers: passengers(['ADT', 'ADT']) });
    const verdict = repriceSavingOf(
      booking,
      aFare({ total: 1000, freeBags: 1 }),
      aFare({ total: 600, freeBags: 0, bagCost: 40 }),
    );
    if (!verdict.ok) throw new Error(verdict.reason);

    expect(savingAlertsOf(verdict.saving)).toEqual([
      'Fare difference 400.00 USD',
      'Change fee 100.00 USD × 2 tickets = 200.00 USD to reissue',
      '1 free bag per passenger lost: 80.00 USD to buy back',
      'Net saving 120.00 USD (cash)',
    ]);
    const plain = repriceSavingOf(aBooking(), aFare(), aFare({ total: 900 }));
    expect(plain.ok && savingAlertsOf(plain.saving)).toEqual([]);
  });
});

// A provider that states what confirming the change moves (Duffel's change_total_amount,
// penalties included; negative comes back) is taken at its word: the saving is what comes back.
describe("the net saving of a provider's change", () => {
  const ticketed = aBooking({ isTicketed: true, passengers: passengers(['ADT', 'ADT']) });
  const stored = aFare({
    total: 1200,
    penalties: aPenalties({ change: { allowed: true, amount: 50 } }),
  });
  const change = (changeTotal: number, over: Parameters<typeof aFare>[0] = {}) =>
    aFare({ total: 1000, changeTotal, ...over });

  it('should be what comes back, with no change fee taken off again', () => {
    const verdict = repriceSavingOf(ticketed, stored, change(-70));

    expect(verdict).toEqual({
      ok: true,
      saving: {
        currency: 'USD',
        grossCents: 7_000,
        tickets: 0,
        changeFeeCents: 0,
        refundFeeCents: 0,
        reissues: 2,
        agencyFeeCents: 0,
        agencyFeeApart: null,
        kind: 'cash',
        bagsLost: 0,
        bagsCostCents: 0,
        bagPriceUnknown: false,
        netCents: 7_000,
        stated: true,
        refundTo: null,
        voidUntil: null,
        creditExpiresOn: null,
      },
    });
  });

  it('should save a cent when a cent comes back, nothing at zero, and cost what the change costs', () => {
    const netOf = (changeTotal: number) => {
      const verdict = repriceSavingOf(ticketed, stored, change(changeTotal));
      return verdict.ok ? verdict.saving.netCents : null;
    };

    expect(netOf(-0.01)).toBe(1);
    expect(netOf(0)).toBe(0);
    expect(netOf(0.01)).toBe(-1);
    expect(netOf(-0.1 - 0.2)).toBe(30);
  });

  it('should count a change as cheaper only when something comes back, whatever the totals say', () => {
    expect(isCheaper(stored, change(-0.01, { total: 1300 }))).toBe(true);
    expect(isCheaper(stored, change(0, { total: 900 }))).toBe(false);
    expect(isCheaper(stored, aFare({ total: 1199.99 }))).toBe(true);
    expect(isCheaper(stored, aFare({ total: 1200 }))).toBe(false);
  });

  it('should take lost bags off what comes back', () => {
    const verdict = repriceSavingOf(
      aBooking(),
      aFare({ total: 1200, freeBags: 1 }),
      change(-100, { freeBags: 0, bagCost: 40 }),
    );

    expect(verdict.ok && verdict.saving).toMatchObject({
      grossCents: 10_000,
      bagsCostCents: 4_000,
      netCents: 6_000,
    });
  });

  it('should price a change the provider offers on a ticketed fare our rules say cannot be changed', () => {
    const locked = aFare({
      total: 1200,
      penalties: aPenalties({ change: { allowed: false, amount: 0 } }),
    });

    expect(repriceSavingOf(ticketed, locked, change(-70)).ok).toBe(true);
  });

  it('should say where the money goes when it comes back as credit, and only then', () => {
    const credited = repriceSavingOf(ticketed, stored, change(-70, { refundTo: 'credit' }));
    const cash = repriceSavingOf(ticketed, stored, change(-70, { refundTo: 'cash' }));
    const costing = repriceSavingOf(ticketed, stored, change(30, { refundTo: 'credit' }));
    if (!credited.ok || !cash.ok || !costing.ok) throw new Error('not priced');

    expect(credited.saving.refundTo).toBe('credit');
    expect(creditClause(credited.saving)).toBe(' as airline credit');
    expect(creditClause(cash.saving)).toBe('');
    expect(creditClause(costing.saving)).toBe('');
    expect(savingAlertsOf(credited.saving)).toEqual([
      'The change gives back 70.00 USD as airline credit, penalties included',
      'Net saving 70.00 USD as airline credit',
    ]);
    expect(savingTermsOf(costing.saving)).toBe('the change costs 30.00 USD, net -30.00 USD');
  });

  it('should spell out the bags the provider figure does not hold', () => {
    const verdict = repriceSavingOf(
      aBooking(),
      aFare({ total: 1200, freeBags: 1 }),
      change(-100, { freeBags: 0, bagCost: null }),
    );
    if (!verdict.ok) throw new Error(verdict.reason);

    expect(savingAlertsOf(verdict.saving)).toEqual([
      'The change gives back 100.00 USD, penalties included',
      '1 free bag per passenger lost; the fare names no price for a bag',
      'Net saving 100.00 USD (cash)',
    ]);
    expect(savingTermsOf(verdict.saving)).toBe(
      'the change gives back 100.00 USD, bags lost at no stated price, net 100.00 USD (cash)',
    );
  });
});

describe('the difference of a ticket reissued for less (docs/decisions/067)', () => {
  const twoTickets = aBooking({ isTicketed: true, passengers: passengers(['ADT', 'ADT']) });
  const storedWith = (penalties: Parameters<typeof aPenalties>[0]) =>
    aFare({ total: 1000, penalties: aPenalties(penalties) });
  const savingOf = (penalties: Parameters<typeof aPenalties>[0], booking = twoTickets) => {
    const verdict = repriceSavingOf(booking, storedWith(penalties), aFare({ total: 600 }));
    return verdict.ok ? verdict.saving : verdict.reason;
  };

  it('should refund a refundable fare’s difference in cash, less its refund penalty per ticket', () => {
    const saving = savingOf({ refund: { allowed: true, amount: 50 } });

    expect(saving).toMatchObject({
      kind: 'cash',
      grossCents: 40_000,
      changeFeeCents: 10_000,
      refundFeeCents: 5_000,
      netCents: 40_000 - 2 * 10_000 - 2 * 5_000,
    });
    expect(savingAlertsOf(saving as RepriceSaving)).toEqual([
      'Fare difference 400.00 USD',
      'Change fee 100.00 USD × 2 tickets = 200.00 USD to reissue',
      'Refund fee 50.00 USD × 2 tickets = 100.00 USD on the difference refunded',
      'Net saving 100.00 USD (cash)',
    ]);
  });

  it('should leave the refund penalty at the edge where the saving no longer pays', () => {
    // 400 back, less 2 × 100 to change and 2 × 100 to refund: nothing left.
    expect(savingOf({ refund: { allowed: true, amount: 100 } })).toMatchObject({ netCents: 0 });
    expect(savingOf({ refund: { allowed: true, amount: 100.01 } })).toMatchObject({
      netCents: -2,
    });
  });

  it('should keep a non-refundable fare’s difference as airline credit, with no refund penalty', () => {
    const saving = savingOf({ refund: { allowed: false, amount: 0 } });

    expect(saving).toMatchObject({ kind: 'credit', refundFeeCents: 0, netCents: 20_000 });
    expect(savingAlertsOf(saving as RepriceSaving)).toEqual([
      'Fare difference 400.00 USD',
      'Change fee 100.00 USD × 2 tickets = 200.00 USD to reissue',
      'The fare does not refund the difference: the airline keeps it as credit',
      'Net saving 200.00 USD as airline credit',
    ]);
    expect(savingTermsOf(saving as RepriceSaving)).toBe(
      'gross 400.00 USD, change fee 2 × 100.00 USD, net 200.00 USD as airline credit',
    );
  });

  it('should follow the fare’s own word over its refund rule: credit on a refundable fare, refund on another', () => {
    expect(savingOf({ refund: { allowed: true, amount: 50 }, residual: 'credit' })).toMatchObject({
      kind: 'credit',
      refundFeeCents: 0,
      netCents: 20_000,
    });
    expect(savingOf({ refund: { allowed: false, amount: 0 }, residual: 'refund' })).toMatchObject({
      kind: 'cash',
      refundFeeCents: 0,
      netCents: 20_000,
    });
  });

  it('should count nothing where the fare forfeits the difference', () => {
    expect(savingOf({ residual: 'forfeit' })).toBe(
      'the ticketed fare forfeits the difference on a reissue: nothing comes back',
    );
  });

  it('should be cash before ticketing, whatever the fare’s rules', () => {
    expect(savingOf({ residual: 'forfeit' }, aBooking())).toMatchObject({
      kind: 'cash',
      tickets: 0,
      netCents: 40_000,
    });
    expect(savingOf({ refund: { allowed: false, amount: 0 } }, aBooking())).toMatchObject({
      kind: 'cash',
    });
  });

  it('should refuse a refund penalty in another currency than the fare', () => {
    expect(savingOf({ refund: { allowed: true, amount: 50 }, currency: 'EUR' })).toBe(
      'change fee in EUR, fare in USD: no rate to compare',
    );
  });
});

describe('the agency’s reissue fee and the void window (docs/decisions/068)', () => {
  const issuedAt = '2026-03-01T02:00:00.000Z'; // 6 hours before NOW
  const twoTickets = (over: Parameters<typeof aBooking>[0] = {}) =>
    aBooking({
      isTicketed: true,
      isVoidable: true,
      ticketedAt: issuedAt,
      passengers: passengers(['ADT', 'ADT']),
      ...over,
    });
  const stored = aFare({
    total: 1000,
    penalties: aPenalties({ change: { allowed: true, amount: 100 } }),
  });
  const terms = (over: Partial<ReissueTerms> = {}): ReissueTerms => ({
    now: NOW,
    reissueFee: 0,
    feeCurrency: 'USD',
    voidWindowHours: 24,
    ...over,
  });
  const savingOf = (booking: ReturnType<typeof aBooking>, over: Partial<ReissueTerms> = {}) => {
    const verdict = repriceSavingOf(booking, stored, aFare({ total: 600 }), terms(over));
    if (!verdict.ok) throw new Error(verdict.reason);
    return verdict.saving;
  };

  it('should take the agency’s fee off per reissued ticket, after the change fees', () => {
    const saving = savingOf(twoTickets({ isVoidable: false }), { reissueFee: 25 });

    expect(saving).toMatchObject({
      reissues: 2,
      agencyFeeCents: 2_500,
      netCents: 40_000 - 2 * 10_000 - 2 * 2_500,
    });
    expect(savingAlertsOf(saving)).toContain(
      'Agency reissue fee 25.00 USD × 2 tickets = 50.00 USD',
    );
    expect(savingTermsOf(saving)).toContain('agency fee 2 × 25.00 USD');
  });

  it('should not charge the agency’s fee before ticketing: nothing is reissued', () => {
    const saving = savingOf(aBooking(), { reissueFee: 25 });

    expect(saving).toMatchObject({ reissues: 0, agencyFeeCents: 0, netCents: 40_000 });
  });

  it('should say a fee in another currency apart rather than deduct it', () => {
    const saving = savingOf(twoTickets({ isVoidable: false }), {
      reissueFee: 20,
      feeCurrency: 'EUR',
    });

    expect(saving).toMatchObject({
      agencyFeeCents: 0,
      agencyFeeApart: { amountCents: 2_000, currency: 'EUR' },
      netCents: 40_000 - 2 * 10_000,
    });
    expect(savingAlertsOf(saving)).toContain(
      'Agency reissue fee 20.00 EUR per ticket charged apart: the fare is in USD',
    );
  });

  it('should void and rebook inside the window: no change fee, cash, and say until when', () => {
    const saving = savingOf(twoTickets(), { reissueFee: 10 });

    expect(saving).toMatchObject({
      tickets: 0,
      changeFeeCents: 0,
      kind: 'cash',
      voidUntil: '2026-03-02T02:00:00.000Z',
      netCents: 40_000 - 2 * 1_000,
    });
    expect(savingAlertsOf(saving)).toEqual([
      'Fare difference 400.00 USD',
      'Void and rebook until 02/03/2026 02:00 UTC: inside the void window, no change fee',
      'Agency reissue fee 10.00 USD × 2 tickets = 20.00 USD',
      'Net saving 380.00 USD (cash)',
    ]);
  });

  it('should void a non-refundable ticket for cash: a void gives the whole fare back', () => {
    const nonRefundable = aFare({
      total: 1000,
      penalties: aPenalties({ refund: { allowed: false, amount: 0 } }),
    });
    const verdict = repriceSavingOf(twoTickets(), nonRefundable, aFare({ total: 600 }), terms());

    expect(verdict.ok && verdict.saving).toMatchObject({ kind: 'cash', netCents: 40_000 });
  });

  it('should close the window at its last instant and at the first departure', () => {
    const lastInstant = new Date(Date.parse(issuedAt) + 24 * 3_600_000 - 1);
    const closed = new Date(Date.parse(issuedAt) + 24 * 3_600_000);
    expect(savingOf(twoTickets(), { now: lastInstant }).voidUntil).toBe('2026-03-02T02:00:00.000Z');
    expect(savingOf(twoTickets(), { now: closed })).toMatchObject({
      voidUntil: null,
      tickets: 2,
      changeFeeCents: 10_000,
    });

    // Departing 10 hours after issue: the window closes then, not 24 hours after issue.
    const soon = twoTickets({
      segments: [aSegment({ departure: '2026-03-01 14:00', arrival: '2026-03-01 19:00' })],
    });
    const departs = soon.segments[0]!.departsAt;
    expect(savingOf(soon).voidUntil).toBe(new Date(departs).toISOString());
    expect(savingOf(soon, { now: new Date(departs) }).voidUntil).toBeNull();
  });

  it('should not void where the provider no longer calls the tickets voidable, or the window is 0', () => {
    expect(savingOf(twoTickets({ isVoidable: false })).voidUntil).toBeNull();
    expect(savingOf(twoTickets(), { voidWindowHours: 0 }).voidUntil).toBeNull();
  });

  it('should not void a provider’s stated change: its figure is the provider’s', () => {
    const verdict = repriceSavingOf(
      twoTickets(),
      stored,
      aFare({ total: 600, changeTotal: -300 }),
      terms(),
    );

    expect(verdict.ok && verdict.saving).toMatchObject({ voidUntil: null, netCents: 30_000 });
  });

  it('should keep a credit until a year from the ticket’s issue', () => {
    const credit = aFare({
      total: 1000,
      penalties: aPenalties({ refund: { allowed: false, amount: 0 } }),
    });
    const verdict = repriceSavingOf(
      twoTickets({ isVoidable: false }),
      credit,
      aFare({ total: 600 }),
      terms(),
    );
    if (!verdict.ok) throw new Error(verdict.reason);

    expect(verdict.saving).toMatchObject({ kind: 'credit', creditExpiresOn: '2027-03-01' });
    expect(savingAlertsOf(verdict.saving)).toContain(
      'The fare does not refund the difference: the airline keeps it as credit, valid until 01/03/2027',
    );
    expect(creditExpiryOf(aBooking({ ticketedAt: '2028-02-29T10:00:00.000Z' }))).toBe('2029-02-28');
    expect(creditExpiryOf(aBooking({ ticketedAt: null }))).toBeNull();
  });
});
