import { describe, expect, it } from 'vitest';
import { losesFreeBaggage, savingOf } from './price-quote-amounts';

describe('savingOf', () => {
  it('should be current minus new price to the cent when the amounts carry float noise', () => {
    expect(savingOf({ current_price: 0.3, new_price: 0.1 })).toBe(0.2);
    expect(savingOf({ current_price: 1250.5, new_price: 1100.25 })).toBe(150.25);
  });
});

describe('losesFreeBaggage', () => {
  it('should hold when any new baggage entry is not free', () => {
    const entry = { cost: 45, segments: ['s1'] };
    expect(losesFreeBaggage({ newBaggageInfos: [] })).toBe(false);
    expect(
      losesFreeBaggage({ newBaggageInfos: [{ ...entry, normalizedNonFreeBaggage: false }] }),
    ).toBe(false);
    expect(
      losesFreeBaggage({ newBaggageInfos: [{ ...entry, normalizedNonFreeBaggage: true }] }),
    ).toBe(true);
  });
});
