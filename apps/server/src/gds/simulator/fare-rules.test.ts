import { describe, expect, it } from 'vitest';
import {
  baggageOf,
  fareBasisFor,
  fareRules,
  isWorsePenalties,
  penaltiesOf,
  readFareBasis,
} from './fare-rules';

describe('fare rules', () => {
  it('should print change and cancellation penalties when asked for a fare basis', () => {
    expect(fareRules('QLX14NR')).toEqual({
      fareBasis: 'QLX14NR',
      penalty: [
        'CHANGES',
        'BEFORE DEPARTURE CHARGE USD 200 FOR REISSUE',
        'AFTER DEPARTURE CHANGES NOT PERMITTED',
        'CANCELLATIONS',
        'BEFORE DEPARTURE NON-REFUNDABLE',
        'AFTER DEPARTURE NON-REFUNDABLE',
        'BAGGAGE',
        '1PC FREE CHECKED BAGGAGE UP TO 23KG EACH',
      ].join('\n'),
    });
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

  it('should make penalties worse when the family is more restrictive', () => {
    const flex = penaltiesOf('YLXFL');
    const standard = penaltiesOf('MLX14ST');
    const saver = penaltiesOf('QLX14NR');
    const light = penaltiesOf('OLX14LT');
    expect(flex.change).toEqual({ allowed: true, amount: 0 });
    expect(isWorsePenalties(standard, flex)).toBe(true);
    expect(isWorsePenalties(saver, standard)).toBe(true);
    expect(isWorsePenalties(light, saver)).toBe(true);
    expect(isWorsePenalties(flex, standard)).toBe(false);
    expect(isWorsePenalties(standard, penaltiesOf('KLW21ST'))).toBe(false);
    expect(isWorsePenalties(penaltiesOf('QHX14NR'), saver)).toBe(true);
  });

  it('should quote penalties in the currency of the fare', () => {
    expect(penaltiesOf('MLX14ST', 'EUR')).toEqual({
      change: { allowed: true, amount: 92 },
      refund: { allowed: true, amount: 230 },
      currency: 'EUR',
      residual: 'refund',
    });
    expect(penaltiesOf('MLX14ST', 'USD')).toEqual({
      change: { allowed: true, amount: 100 },
      refund: { allowed: true, amount: 250 },
      currency: 'USD',
      residual: 'refund',
    });
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
