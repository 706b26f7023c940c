import { describe, expect, it } from 'vitest';
import { bookingClassOf, isWorsePenalties, penaltiesOf } from './fare-rules';
import { buildQuote, lowerFares, planDrop, priceOf, quoteOfDrop } from './fares';
import { rngFor } from './random';
import type { FareDropKind } from './sim-types';
import { T0, hours, testRecord } from './testing';
import { fromUsd } from './world';

const KINDS: FareDropKind[] = ['GENUINE', 'NO_BAGS', 'WORSE_PENALTIES'];

describe('fares', () => {
  it('should price each kind of fare drop as its kind says when a fare drops', () => {
    for (let seed = 1; seed <= 40; seed += 1) {
      const record = testRecord({ seed, family: seed % 2 ? 'STANDARD' : 'FLEX' });
      const stored = record.booking.storedFare!;
      for (const kind of KINDS) {
        const drop = planDrop(rngFor(seed, kind), record, kind, hours(1), hours(10));
        expect(drop, `${kind} for seed ${seed}`).not.toBeNull();
        const quote = quoteOfDrop(record, drop!);
        expect(quote.total).toBeLessThan(stored.total);
        if (kind === 'GENUINE') {
          expect(quote.freeBags).toBe(stored.freeBags);
          expect(isWorsePenalties(quote.penalties, stored.penalties)).toBe(false);
        }
        if (kind === 'NO_BAGS') {
          expect(quote.freeBags).toBe(0);
          expect(quote.bagCost).toBeGreaterThan(0);
        }
        if (kind === 'WORSE_PENALTIES') {
          expect(quote.freeBags).toBeGreaterThan(0);
          expect(isWorsePenalties(quote.penalties, stored.penalties)).toBe(true);
        }
      }
    }
  });

  it('should offer a drop only while it lasts and cheapest first when shopping', () => {
    const record = testRecord();
    record.drops = KINDS.map((kind, i) =>
      planDrop(rngFor(1, kind), record, kind, hours(i + 1), hours(10))!,
    );
    expect(lowerFares(record, T0)).toEqual([]);
    expect(lowerFares(record, hours(1))).toHaveLength(1);
    const all = lowerFares(record, hours(5));
    expect(all).toHaveLength(3);
    expect(all.map((q) => q.total)).toEqual([...all.map((q) => q.total)].sort((a, b) => a - b));
    expect(lowerFares(record, hours(10))).toEqual([]);
  });

  it('should offer nothing when the booking is cancelled', () => {
    const record = testRecord();
    record.drops = [planDrop(rngFor(1, 'x'), record, 'GENUINE', hours(1), hours(10))!];
    record.booking.isCancelled = true;
    expect(lowerFares(record, hours(2))).toEqual([]);
  });

  it('should write the GDS command with passengers and segments when quoting', () => {
    const record = testRecord();
    const quote = buildQuote(
      record.booking,
      { fareBasis: 'KLX14ST', flightClass: 'K', total: 100, currency: 'USD' },
      null,
    );
    const pax = record.booking.passengers.length;
    expect(quote.cmd).toMatch(/^WP¥P\d+ADT(\/\d+(CNN|INF))*¥S\d+(\/\d+)*¥QKLX14ST$/);
    expect(quote.segmentIds).toEqual(record.booking.segments.map((s) => s.id));
    expect(quote.passengerTypes).toHaveLength(pax);
  });

  it('should quote the penalties and the bag cost in the currency of the fare', () => {
    const quote = buildQuote(
      testRecord().booking,
      { fareBasis: 'KLX14ST', flightClass: 'K', total: 100, currency: 'EUR' },
      null,
    );
    expect(quote.currency).toBe('EUR');
    expect(quote.penalties.currency).toBe('EUR');
    expect(quote.penalties.change.amount).toBe(
      fromUsd(penaltiesOf('KLX14ST', 'USD').change.amount, 'EUR'),
    );
  });

  it('should price the same taxes and surcharges whatever the class when pricing a trip', () => {
    const { booking } = testRecord();
    const price = (bookingClass: string) =>
      priceOf(booking.segments, booking.passengers, bookingClass, 'USD', 1);
    const [dear, cheap] = [price('M'), price('T')];
    expect(cheap.taxes).toBe(dear.taxes);
    expect(cheap.taxes).toBeGreaterThan(0);
    // The fare alone follows the class's share of the full fare; taxes do not.
    expect((cheap.total - cheap.taxes) / (dear.total - dear.taxes)).toBeCloseTo(0.39 / 0.74, 3);
    const seated = booking.passengers.filter((p) => p.type !== 'INF');
    const alone = priceOf(booking.segments, seated.slice(0, 1), 'M', 'USD', 1);
    expect(dear.taxes).toBeCloseTo(alone.taxes * seated.length, 1);
  });

  it('should lower the fare and keep the taxes when a fare drops', () => {
    for (let seed = 1; seed <= 40; seed += 1) {
      const record = testRecord({ seed, family: seed % 2 ? 'STANDARD' : 'FLEX' });
      const stored = record.booking.storedFare!;
      const taxes = record.taxes!;
      expect(taxes).toBeGreaterThan(0);
      const drop = planDrop(rngFor(seed, 'GENUINE'), record, 'GENUINE', hours(1), hours(10))!;
      const quote = quoteOfDrop(record, drop);
      // The fare alone is priced down as planned (a cheaper class at its share of the ladder,
      // or the same fare filed again for 14 to 32% less); the taxes are all still there.
      const fareRatio = (quote.total - taxes) / (record.baseTotal - taxes);
      const [low, high] =
        drop.fareBasis === stored.fareBasis
          ? [0.68, 0.86]
          : [0.95, 0.99].map(
              (jitter) =>
                (jitter * bookingClassOf(drop.bookingClass).share) /
                bookingClassOf(stored.flightClass).share,
            );
      expect(fareRatio, `seed ${seed}`).toBeGreaterThan(low! - 0.001);
      expect(fareRatio, `seed ${seed}`).toBeLessThan(high! + 0.001);
    }
  });
});
