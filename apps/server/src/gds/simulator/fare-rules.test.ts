import { describe, expect, it } from 'vitest';
import type { Penalties } from '@/gds/gds-types';
import {
  BOOKING_CLASSES,
  baggageOf,
  fareBasisFor,
  fareRules,
  isWorsePenalties,
  penaltiesOf,
  readFareBasis,
  type FareFamily,
  type Season,
} from './fare-rules';
import { fromUsd } from './world';

const FAMILIES: FareFamily[] = ['FLEX', 'STANDARD', 'SAVER', 'LIGHT'];
/** Every rule a fare basis can name: season, weekday or weekend, advance purchase. */
const RULES = (['H', 'K', 'L'] as Season[]).flatMap((season) =>
  [false, true].flatMap((weekend) =>
    [0, 7, 14, 21].map((advanceDays) => ({ season, weekend, advanceDays })),
  ),
);

describe('fare rules', () => {
  it('should print change, residual and cancellation penalties when asked for a fare basis', () => {
    const { change } = penaltiesOf('QLX14NR');
    expect(fareRules('QLX14NR')).toEqual({
      fareBasis: 'QLX14NR',
      penalty: [
        'CHANGES',
        `BEFORE DEPARTURE CHARGE USD ${change.amount} FOR REISSUE`,
        'RESIDUAL AMOUNT NON-REFUNDABLE - FORFEITED',
        'AFTER DEPARTURE CHANGES NOT PERMITTED',
        'CANCELLATIONS',
        'BEFORE DEPARTURE NON-REFUNDABLE',
        'AFTER DEPARTURE NON-REFUNDABLE',
        'BAGGAGE',
        '1PC FREE CHECKED BAGGAGE UP TO 23KG EACH',
      ].join('\n'),
    });
    expect(penaltiesOf('QLX14NR').residual).toBe('forfeit');
    expect(fareRules('LLW7NR')?.penalty).toContain(
      'RESIDUAL AMOUNT NON-REFUNDABLE - ISSUED AS CREDIT FOR FUTURE TRAVEL',
    );
    expect(fareRules('YLXFL')?.penalty).toContain(
      'RESIDUAL AMOUNT REFUNDABLE LESS CANCEL/REFUND CHARGE',
    );
    expect(fareRules('OLX14LT')?.penalty).not.toContain('RESIDUAL');
  });

  it('should answer the same text when asked twice or for a fare basis of another GDS', () => {
    expect(fareRules('YHXFL')).toEqual(fareRules('YHXFL'));
    expect(fareRules('VKXOWIL')).toEqual(fareRules('VKXOWIL'));
    expect(fareRules('VKXOWIL')?.penalty).toMatch(/^CHANGES\n/);
  });

  it('should answer null when the fare basis is malformed', () => {
    expect(fareRules('')).toBeNull();
    expect(fareRules('Q LX')).toBeNull();
    expect(fareRules('X'.repeat(20))).toBeNull();
  });

  it('should make penalties worse when the family is more restrictive, whatever each rule drew', () => {
    for (const rule of RULES) {
      const [flex, standard, saver, light] = FAMILIES.map((family) =>
        penaltiesOf(fareBasisFor({ bookingClass: 'M', ...rule, family })),
      ) as [Penalties, Penalties, Penalties, Penalties];
      expect(flex.change).toEqual({ allowed: true, amount: 0 });
      expect(isWorsePenalties(standard, flex)).toBe(true);
      expect(isWorsePenalties(saver, standard)).toBe(true);
      expect(isWorsePenalties(light, saver)).toBe(true);
      expect(isWorsePenalties(flex, standard)).toBe(false);
      expect(isWorsePenalties(standard, saver)).toBe(false);
    }
  });

  it('should charge more to change a fare in high season than the same rule in low season', () => {
    for (const rule of RULES.filter((r) => r.season === 'L')) {
      for (const family of ['STANDARD', 'SAVER'] as const) {
        const low = penaltiesOf(fareBasisFor({ bookingClass: 'M', ...rule, family }));
        const high = penaltiesOf(fareBasisFor({ bookingClass: 'M', ...rule, season: 'H', family }));
        expect(high.change.amount - low.change.amount).toBe(50);
      }
    }
  });

  it('should give every class of one rule the same penalties', () => {
    for (const rule of RULES) {
      for (const family of FAMILIES) {
        const [first, ...others] = BOOKING_CLASSES.filter((c) => c.family === family).map((c) =>
          penaltiesOf(fareBasisFor({ bookingClass: c.code, ...rule, family })),
        );
        for (const other of others) expect(other).toEqual(first);
      }
    }
  });

  it('should draw refund rules per fare: each residual the family allows, refunds only where the fare refunds', () => {
    const residuals = (family: FareFamily) =>
      new Set(
        RULES.map((rule) => {
          const penalties = penaltiesOf(fareBasisFor({ bookingClass: 'M', ...rule, family }));
          expect(penalties.refund.allowed).toBe(penalties.residual === 'refund');
          return penalties.residual;
        }),
      );
    expect(residuals('FLEX')).toEqual(new Set(['refund']));
    expect(residuals('STANDARD')).toEqual(new Set(['refund', 'credit', 'forfeit']));
    expect(residuals('SAVER')).toEqual(new Set(['credit', 'forfeit']));
    expect(residuals('LIGHT')).toEqual(new Set(['forfeit']));
    // Refund fees differ between rules of a family, a flexible fare's below a standard one's.
    const refundFees = (family: FareFamily) =>
      RULES.map(
        (rule) => penaltiesOf(fareBasisFor({ bookingClass: 'M', ...rule, family })).refund.amount,
      );
    expect(new Set(refundFees('STANDARD').filter((fee) => fee > 0)).size).toBeGreaterThan(2);
    expect(Math.max(...refundFees('FLEX'))).toBeLessThanOrEqual(
      Math.min(...refundFees('STANDARD').filter((fee) => fee > 0)),
    );
  });

  it('should quote penalties in the currency of the fare', () => {
    const usd = penaltiesOf('MLX14ST', 'USD');
    expect(penaltiesOf('MLX14ST', 'EUR')).toEqual({
      change: { allowed: true, amount: fromUsd(usd.change.amount, 'EUR') },
      refund: { allowed: usd.refund.allowed, amount: fromUsd(usd.refund.amount, 'EUR') },
      currency: 'EUR',
      residual: usd.residual,
    });
    expect(usd.currency).toBe('USD');
  });

  it('should drop free baggage when the fare is a light one, and price one more bag on any', () => {
    expect(baggageOf('OLX14LT')).toEqual({ freeBags: 0, bagCostUsd: 40 });
    expect(baggageOf('MLX14ST')).toEqual({ freeBags: 1, bagCostUsd: 40 });
    // A peak-season fare (H) prices the bag higher.
    expect(baggageOf('YHXFL')).toEqual({ freeBags: 2, bagCostUsd: 50 });
  });

  it('should read back what it wrote when making a fare basis', () => {
    const fareBasis = fareBasisFor({
      bookingClass: 'K',
      season: 'H',
      weekend: true,
      advanceDays: 7,
      family: 'STANDARD',
    });
    expect(fareBasis).toBe('KHW7ST');
    expect(readFareBasis(fareBasis)).toEqual({ family: 'STANDARD', season: 'H' });
  });
});
