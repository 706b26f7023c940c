// Every choice the simulator makes comes from here: a PRNG seeded from a text key (the
// world's seed, a locator, a purpose), never Math.random, so the same seed gives the same world.

/** A 32-bit hash of a text (FNV-1a with a final avalanche), the seed of a PRNG. */
export function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  return hash >>> 0;
}

export type Rng = {
  /** A number in [0, 1). */
  next: () => number;
  /** An integer in [min, max], both included. */
  int: (min: number, max: number) => number;
  chance: (probability: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
  /** Picks by weight: `[[value, weight], ...]`. */
  weighted: <T>(choices: readonly (readonly [T, number])[]) => T;
  shuffle: <T>(items: readonly T[]) => T[];
};

/** mulberry32: small, fast and good enough for a simulation. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[int(0, items.length - 1)] as T;
  };
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick,
    weighted: (choices) => {
      const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [value, weight] of choices) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return pick(choices)[0];
    },
    shuffle: (items) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i -= 1) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j] as (typeof copy)[number], copy[i] as (typeof copy)[number]];
      }
      return copy;
    },
  };
}

/** The PRNG of one purpose: `rngFor(seed, 'booking', locator)`. */
export function rngFor(seed: number, ...key: (string | number)[]): Rng {
  return createRng(hashOf([seed, ...key].join(':')));
}

// Record locators avoid the letters and digits people misread (0/O, 1/I).
const LOCATOR_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A record locator: six uppercase letters or digits, the same for the same key. */
export function locatorFor(seed: number, ...key: (string | number)[]): string {
  const rng = rngFor(seed, 'locator', ...key);
  let locator = '';
  for (let i = 0; i < 6; i += 1) locator += rng.pick([...LOCATOR_ALPHABET]);
  return locator;
}
