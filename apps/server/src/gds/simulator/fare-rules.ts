import type { FareRules, Penalties } from '@/gds/gds-types';
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
 * Change and refund before departure in the fare's currency, as a GDS quotes them with the
 * fare: the rules are filed in USD and converted at the simulator's rate.
 */
export function penaltiesOf(fareBasis: string, currency = 'USD'): Penalties {
  const { family, season } = readFareBasis(fareBasis);
  const extra = seasonExtra(season);
  const fee = (allowed: boolean, usd: number) => ({
    allowed,
    amount: allowed ? fromUsd(usd, currency) : 0,
  });
  // A ticket reissued for less: refundable families refund the difference less their refund
  // fee, SAVER keeps it as credit, LIGHT (no changes at all) would forfeit it (decision 067).
  switch (family) {
    case 'FLEX':
      return { change: fee(true, 0), refund: fee(true, 100 + extra), currency, residual: 'refund' };
    case 'STANDARD':
      return {
        change: fee(true, 100 + extra),
        refund: fee(true, 250 + extra),
        currency,
        residual: 'refund',
      };
    case 'SAVER':
      return {
        change: fee(true, 200 + extra),
        refund: fee(false, 0),
        currency,
        residual: 'credit',
      };
    case 'LIGHT':
      return { change: fee(false, 0), refund: fee(false, 0), currency, residual: 'forfeit' };
  }
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

/** The penalty text of a fare basis, as a GDS prints category 16. */
export function fareRulesText(fareBasis: string): string {
  const { change, refund } = penaltiesOf(fareBasis, 'USD');
  const { freeBags, bagCostUsd } = baggageOf(fareBasis);
  return [
    'CHANGES',
    !change.allowed
      ? 'BEFORE DEPARTURE CHANGES NOT PERMITTED'
      : change.amount === 0
        ? 'BEFORE DEPARTURE CHANGES PERMITTED FREE OF CHARGE'
        : `BEFORE DEPARTURE CHARGE USD ${change.amount} FOR REISSUE`,
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
