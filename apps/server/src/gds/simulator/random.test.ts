import { describe, expect, it } from 'vitest';
import { createRng, hashOf, locatorFor, rngFor } from './random';

const draw = (seed: number, n = 20) => {
  const rng = createRng(seed);
  return Array.from({ length: n }, () => rng.next());
};

describe('random', () => {
  it('should give the same sequence when the key is the same', () => {
    const a = rngFor(7, 'booking', 'ABC234');
    const b = rngFor(7, 'booking', 'ABC234');
    expect(Array.from({ length: 50 }, () => a.next())).toEqual(
      Array.from({ length: 50 }, () => b.next()),
    );
  });

  it('should give different sequences when the seed or the key differs', () => {
    expect(draw(hashOf('7:a'))).not.toEqual(draw(hashOf('7:b')));
    expect(draw(hashOf('7:a'))).not.toEqual(draw(hashOf('8:a')));
  });

  it('should stay in [0, 1) and within bounds when drawing', () => {
    const rng = createRng(123);
    for (let i = 0; i < 5000; i += 1) {
      const x = rng.next();
      expect(x >= 0 && x < 1).toBe(true);
      const n = rng.int(3, 7);
      expect(n >= 3 && n <= 7 && Number.isInteger(n)).toBe(true);
    }
  });

  it('should hit every integer of a range when drawing many', () => {
    const rng = createRng(5);
    const seen = new Set(Array.from({ length: 500 }, () => rng.int(1, 6)));
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('should keep every item when shuffling', () => {
    const items = ['a', 'b', 'c', 'd', 'e'];
    expect(createRng(9).shuffle(items).sort()).toEqual(items);
  });

  it('should pick by weight when choices are weighted', () => {
    const rng = createRng(11);
    const picks = Array.from({ length: 2000 }, () =>
      rng.weighted([
        ['rare', 1],
        ['common', 9],
      ] as const),
    );
    const common = picks.filter((p) => p === 'common').length;
    expect(common).toBeGreaterThan(1650);
    expect(common).toBeLessThan(1950);
  });

  it('should make six unambiguous characters when making a locator', () => {
    const locators = Array.from({ length: 300 }, (_, i) => locatorFor(1, 'created', i));
    for (const locator of locators) expect(locator).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect(new Set(locators).size).toBe(locators.length);
    expect(locatorFor(1, 'created', 5)).toBe(locators[5]);
  });
});
