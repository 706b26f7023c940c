import type { FareRules, Penalties, Residual } from '@/gds/gds-types';
import { hashOf } from './random';
import { fromUsd } from './world';

// A fare basis says everything about its fare here, as real ones mostly do: booking class,
// season (H high, K shoulder, L low), X weekday or W weekend, advance purchase days, and a
// family code. Penalties, baggage and the rules text are worked out from it alone.

export type FareFamily = 'FLEX' | 'STANDARD' | 'SAVER' | 'LIGHT';
export type Season = 'H' | 'K' | 'L';

const FAMILY_CODE: Record<FareFamily, string> = {
  FLEX: 'FL',
  STANDARD: 'ST',
  SAVER: 'NR',
  LIGHT: 'LT',
};
const FAMILIES = Object.keys(FAMILY_CODE) as FareFamily[];

export type BookingClass = { code: string; cabin: 'Y' | 'J'; share: number; family: FareFamily };

/** Booking classes, dearest first in each cabin, with their share of the full Y fare. */
export const BOOKING_CLASSES: BookingClass[] = (
  [
    ['J', 'J', 3.1, 'FLEX'],
    ['C', 'J', 2.7, 'FLEX'],
    ['D', 'J', 2.3, 'STANDARD'],
    ['Y', 'Y', 1, 'FLEX'],
    ['B', 'Y', 0.86, 'FLEX'],
    ['M', 'Y', 0.74, 'STANDARD'],
    ['H', 'Y', 0.66, 'STANDARD'],
    ['K', 'Y', 0.58, 'STANDARD'],
    ['L', 'Y', 0.5, 'SAVER'],
    ['Q', 'Y', 0.44, 'SAVER'],
    ['T', 'Y', 0.39, 'SAVER'],
    ['V', 'Y', 0.34, 'LIGHT'],
    ['S', 'Y', 0.3, 'LIGHT'],
    ['O', 'Y', 0.26, 'LIGHT'],
  ] as const
).map(([code, cabin, share, family]) => ({ code, cabin, share, family }));

export const bookingClassOf = (code: string): BookingClass =>
  BOOKING_CLASSES.find((c) => c.code === code) ?? {
    code,
    cabin: 'Y',
    share: 0.6,
    family: 'STANDARD',
  };

export function fareBasisFor(fare: {
  bookingClass: string;
  season: Season;
  weekend: boolean;
  advanceDays: number;
  family: FareFamily;
}): string {
  const advance = fare.family === 'FLEX' || fare.advanceDays <= 0 ? '' : String(fare.advanceDays);
  return `${fare.bookingClass}${fare.season}${fare.weekend ? 'W' : 'X'}${advance}${FAMILY_CODE[fare.family]}`;
}

const FARE_BASIS = /^([A-Z])([HKL])([XW])(\d{0,2})(FL|ST|NR|LT)$/;

/** What a fare basis says; fare bases of other shapes get a family from their hash. */
export function readFareBasis(fareBasis: string): { family: FareFamily; season: Season } {
  const match = FARE_BASIS.exec(fareBasis);
  if (match) {
    const family = FAMILIES.find((f) => FAMILY_CODE[f] === match[5]) ?? 'STANDARD';
    return { family, season: match[2] as Season };
  }
  return { family: FAMILIES[hashOf(fareBasis) % FAMILIES.length] ?? 'STANDARD', season: 'L' };
}

const seasonExtra = (season: Season) => ({ H: 50, K: 25, L: 0 })[season];

/**
 * A fare's rule: its fare basis less the booking class. Airlines file penalties in a rule that
 * the classes of one product share (ATPCO's category 16, 31 and 33 data hang off the rule, not
 * the class), so a cheaper class of the same fare changes and refunds as the dearer one did.
 */
const ruleOf = (fareBasis: string) => (FARE_BASIS.test(fareBasis) ? fareBasis.slice(1) : fareBasis);

/** A draw from a fare's rule: the same for every class and every asking, different per rule. */
const drawOf = (rule: string, what: string) => (hashOf(`${rule}:${what}`) % 10_000) / 10_000;
const pickFor = <T>(rule: string, what: string, items: readonly T[]): T =>
  items[Math.floor(drawOf(rule, what) * items.length)] as T;

/**
 * What each family's rules are drawn from, per rule (docs/decisions/069). Amounts in USD before
 * the season's extra; the ranges of a family never overlap the next one's, so a stricter family
 * always costs more to change or refund. Shares are the simulator's own, set so that
 * `npm run bench:world` lands on what repricing services publish:
 * - FLEX changes free and refunds, some fares at no fee at all;
 * - STANDARD changes for a fee; some of its fares refund (less a fee), the rest keep the
 *   difference of a reissue as credit or forfeit it;
 * - SAVER changes for a higher fee and never refunds: credit, or forfeited;
 * - LIGHT neither changes nor refunds.
 */
export const RULE_DRAWS = {
  FLEX: { changeUsd: [0], refundUsd: [0, 50, 100, 150], refundable: 1, credit: 1 },
  STANDARD: {
    changeUsd: [75, 100, 125, 150],
    refundUsd: [150, 200, 250, 300],
    refundable: 0.5,
    credit: 0.75,
  },
  SAVER: { changeUsd: [175, 200, 225, 250], refundUsd: [0], refundable: 0, credit: 0.6 },
  LIGHT: { changeUsd: [0], refundUsd: [0], refundable: 0, credit: 0 },
} as const satisfies Record<
  FareFamily,
  { changeUsd: readonly number[]; refundUsd: readonly number[]; refundable: number; credit: number }
>;

/**
 * Change and refund before departure in the fare's currency, as a GDS quotes them with the
 * fare: the rules are filed in USD and converted at the simulator's rate. Fees are drawn per
 * rule and season apart (a high-season fare of a rule costs more to change than its low-season
 * one); whether the fare refunds, and what a reissue for less makes of the difference (decision
 * 067), per rule and season.
 */
export function penaltiesOf(fareBasis: string, currency = 'USD'): Penalties {
  const { family, season } = readFareBasis(fareBasis);
  const extra = seasonExtra(season);
  const fee = (allowed: boolean, usd: number) => ({
    allowed,
    amount: allowed ? fromUsd(usd, currency) : 0,
  });
  const draws = RULE_DRAWS[family];
  const rule = ruleOf(fareBasis);
  // Season apart: the rule's fees with the season's extra on top.
  const yearRound = rule.replace(/^[HKL]/, '');
  const changeUsd = pickFor(yearRound, 'change', draws.changeUsd) + extra;
  const refundUsd = pickFor(yearRound, 'refund', draws.refundUsd) + extra;
  const refundable = drawOf(rule, 'refundable') < draws.refundable;
  const residual: Residual = refundable
    ? 'refund'
    : drawOf(rule, 'credit') < draws.credit
      ? 'credit'
      : 'forfeit';
  return {
    change: fee(family !== 'LIGHT', family === 'FLEX' ? 0 : changeUsd),
    refund: fee(refundable, refundUsd),
    currency,
    residual,
  };
}

/**
 * Free checked bags per passenger, and what one more bag costs in USD per passenger and
 * journey: the carrier's excess-bag price, the same whatever the fare family.
 */
export function baggageOf(fareBasis: string): { freeBags: number; bagCostUsd: number } {
  const { family, season } = readFareBasis(fareBasis);
  const freeBags = family === 'LIGHT' ? 0 : family === 'FLEX' ? 2 : 1;
  return { freeBags, bagCostUsd: 40 + seasonExtra(season) / 5 };
}

/** Whether `a` costs more to change or refund than `b`, in any way. */
export function isWorsePenalties(a: Penalties, b: Penalties): boolean {
  const worse = (x: Penalties['change'], y: Penalties['change']) =>
    (y.allowed && !x.allowed) || (x.allowed && y.allowed && x.amount > y.amount);
  return worse(a.change, b.change) || worse(a.refund, b.refund);
}

const FARE_BASIS_TEXT = /^[A-Z0-9]{2,15}$/;

/** What a reissue to a lower fare does with the difference, as category 31 prints it. */
const RESIDUAL_TEXT: Record<Residual, string> = {
  refund: 'RESIDUAL AMOUNT REFUNDABLE LESS CANCEL/REFUND CHARGE',
  credit: 'RESIDUAL AMOUNT NON-REFUNDABLE - ISSUED AS CREDIT FOR FUTURE TRAVEL',
  forfeit: 'RESIDUAL AMOUNT NON-REFUNDABLE - FORFEITED',
};

/** The penalty text of a fare basis, as a GDS prints category 16. */
export function fareRulesText(fareBasis: string): string {
  const { change, refund, residual } = penaltiesOf(fareBasis, 'USD');
  const { freeBags, bagCostUsd } = baggageOf(fareBasis);
  return [
    'CHANGES',
    !change.allowed
      ? 'BEFORE DEPARTURE CHANGES NOT PERMITTED'
      : change.amount === 0
        ? 'BEFORE DEPARTURE CHANGES PERMITTED FREE OF CHARGE'
        : `BEFORE DEPARTURE CHARGE USD ${change.amount} FOR REISSUE`,
    ...(change.allowed ? [RESIDUAL_TEXT[residual ?? 'refund']] : []),
    'AFTER DEPARTURE CHANGES NOT PERMITTED',
    'CANCELLATIONS',
    refund.allowed
      ? `BEFORE DEPARTURE CHARGE USD ${refund.amount} FOR CANCEL/REFUND`
      : 'BEFORE DEPARTURE NON-REFUNDABLE',
    'AFTER DEPARTURE NON-REFUNDABLE',
    'BAGGAGE',
    freeBags > 0
      ? `${freeBags}PC FREE CHECKED BAGGAGE UP TO 23KG EACH`
      : `NO FREE CHECKED BAGGAGE - CHARGE USD ${bagCostUsd} PER BAG`,
  ].join('\n');
}

export function fareRules(fareBasis: string): FareRules | null {
  const normalised = fareBasis.trim().toUpperCase();
  if (!FARE_BASIS_TEXT.test(normalised)) return null;
  return { fareBasis: normalised, penalty: fareRulesText(normalised) };
}
