// The cabin a booking class sells, by the convention most airlines file (IATA's Reservations
// Services Manual leaves classes to each carrier; these letters are the common ones): a change
// to a lower cabin is a downgrade under the US DOT's rule and airlines' policies
// (docs/decisions/062). A class of the same cabin is no downgrade, whatever its price.

export type Cabin = 'first' | 'business' | 'premium economy' | 'economy';

const CABIN_OF_CLASS: Record<string, Cabin> = {
  F: 'first',
  A: 'first',
  P: 'first',
  R: 'first',
  J: 'business',
  C: 'business',
  D: 'business',
  I: 'business',
  Z: 'business',
  W: 'premium economy',
  E: 'premium economy',
};

const RANK: Record<Cabin, number> = {
  first: 3,
  business: 2,
  'premium economy': 1,
  economy: 0,
};

/** The cabin of a booking class; any letter not listed sells economy. */
export const cabinOf = (bookingClass: string): Cabin =>
  CABIN_OF_CLASS[bookingClass.trim().toUpperCase().charAt(0)] ?? 'economy';

/** `now` sells a lower cabin than `was`. */
export const isDowngrade = (was: string, now: string): boolean =>
  RANK[cabinOf(now)] < RANK[cabinOf(was)];
