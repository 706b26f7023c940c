import type { FareQuote, GdsBooking, GdsPassenger, GdsSegment } from '@/gds/gds-types';
import {
  BOOKING_CLASSES,
  baggageOf,
  bookingClassOf,
  fareBasisFor,
  penaltiesOf,
  readFareBasis,
  type FareFamily,
  type Season,
} from './fare-rules';
import { DAY, HOUR, iso } from './local-time';
import type { Rng } from './random';
import { activeSegments, type FareDrop, type FareDropKind, type SimRecord } from './sim-types';
import { departureInstant, distanceKm, fromUsd, fullFareUsd } from './world';

const PAX_SHARE = { ADT: 1, YTH: 0.9, SRC: 0.9, CHD: 0.75, INF: 0.1 } as const;

// A ticket's price is its fare plus taxes, fees and carrier-imposed surcharges (YQ/YR), which
// a cheaper fare does not shed (docs/decisions/069). Per passenger with a seat and flight, in
// USD: government taxes and airport charges, about 45 a departure (the US international
// departure tax alone is 19.70, with security, passenger facility and customs fees on top),
// and a carrier surcharge growing with the distance flown (Newark to London went from a 383 USD
// base fare to 842 with it, Seattle Times, 27 Aug 2014). Taxes and fees are some 20% of a US
// domestic round trip (Air Transport Association, 2008) and up to half of a cheap
// international fare with its surcharges (Rick Seaney's 300 USD example: 49% fare, 31% fuel
// surcharge, the rest taxes and fees); here they come to a fifth to a third of an economy
// ticket and less of a business one.
const TAX_USD_PER_SEGMENT = 45;
const SURCHARGE_USD_PER_KM = 0.025;

const round2 = (amount: number) => Math.round(amount * 100) / 100;

/** A ticket's total and the taxes, fees and surcharges inside it, in the fare's currency. */
export type Price = { total: number; taxes: number };

/** What a booking class costs for these segments and passengers, taxes included. */
export function priceOf(
  segments: Pick<GdsSegment, 'from' | 'to'>[],
  passengers: Pick<GdsPassenger, 'type'>[],
  bookingClass: string,
  currency: string,
  market: number,
): Price {
  const share = bookingClassOf(bookingClass).share;
  const paxShare = passengers.reduce((sum, p) => sum + PAX_SHARE[p.type], 0);
  const seated = passengers.filter((p) => p.type !== 'INF').length;
  const fares = segments.reduce((sum, s) => sum + fullFareUsd(s.from, s.to) * share, 0);
  const perSeat = segments.reduce(
    (sum, s) => sum + TAX_USD_PER_SEGMENT + distanceKm(s.from, s.to) * SURCHARGE_USD_PER_KM,
    0,
  );
  const taxes = fromUsd(seated * perSeat, currency);
  return { total: round2(fromUsd(fares * paxShare * market, currency) + taxes), taxes };
}

/** The first departure of the booking's active segments (of all when none is active). */
export function firstDeparture(booking: GdsBooking): number | null {
  const segments = activeSegments(booking).length > 0 ? activeSegments(booking) : booking.segments;
  const times = segments.map(departureInstant);
  return times.length > 0 ? Math.min(...times) : null;
}

const paxCode = (type: string) => (type === 'CHD' ? 'CNN' : type);

/** A priced fare for the booking as it stands, with the GDS command that would store it. */
export function buildQuote(
  booking: GdsBooking,
  fare: { fareBasis: string; flightClass: string; total: number; currency: string },
  lastPurchase: string | null,
): FareQuote {
  const segments = activeSegments(booking);
  const counts = new Map<string, number>();
  for (const p of booking.passengers) counts.set(p.type, (counts.get(p.type) ?? 0) + 1);
  const pax = [...counts].map(([type, n]) => `${n}${paxCode(type)}`).join('/');
  const numbers = segments.map((s) => s.id.replace(/^S/, '')).join('/');
  const { freeBags, bagCostUsd } = baggageOf(fare.fareBasis);
  return {
    cmd: `WP¥P${pax}¥S${numbers}¥Q${fare.fareBasis}`,
    fareBasis: fare.fareBasis,
    flightClass: fare.flightClass,
    total: fare.total,
    currency: fare.currency,
    freeBags,
    bagCost: fromUsd(bagCostUsd, fare.currency),
    penalties: penaltiesOf(fare.fareBasis, fare.currency),
    lastPurchase,
    segmentIds: segments.map((s) => s.id),
    passengerTypes: booking.passengers.map((p) => p.type),
  };
}

const FARE_SHAPE = /^[A-Z][HKL]([XW])(\d{0,2})/;

/** A fare basis like the stored one (same season and days), for another class and family. */
function sibling(
  stored: string,
  bookingClass: string,
  family: FareFamily,
  season?: Season,
): string {
  const shape = FARE_SHAPE.exec(stored);
  return fareBasisFor({
    bookingClass,
    season: season ?? readFareBasis(stored).season,
    weekend: shape?.[1] === 'W',
    advanceDays: Number(shape?.[2] || 14),
    family,
  });
}

const FAMILY_ORDER: FareFamily[] = ['FLEX', 'STANDARD', 'SAVER', 'LIGHT'];

/** Plans one cheaper fare of a kind; `null` when the stored fare leaves no room for it. */
export function planDrop(
  rng: Rng,
  record: SimRecord,
  kind: FareDropKind,
  at: number,
  until: number,
): FareDrop | null {
  const stored = record.booking.storedFare;
  if (!stored) return null;
  const current = bookingClassOf(stored.flightClass);
  const { family, season } = readFareBasis(stored.fareBasis);
  const cheaper = (f: FareFamily) =>
    BOOKING_CLASSES.filter((c) => c.family === f && c.share < current.share);
  const jitter = () => 0.95 + rng.next() * 0.04;
  // The factors below price the fare alone; taxes and surcharges stay what they were.
  const taxes = Math.min(record.taxes ?? 0, record.baseTotal);
  const drop = (bookingClass: string, fareBasis: string, fareFactor: number): FareDrop => ({
    at,
    until,
    kind,
    bookingClass,
    fareBasis,
    factor:
      Math.round(((taxes + (record.baseTotal - taxes) * fareFactor) / record.baseTotal) * 10_000) /
      10_000,
  });
  const toClass = (cls: (typeof BOOKING_CLASSES)[number], f: FareFamily) =>
    drop(cls.code, sibling(stored.fareBasis, cls.code, f), (cls.share / current.share) * jitter());
  // Another family's fare is priced against this one, not against the class ladder: a fare
  // without bags or with stricter rules sells for at most 26 to 42% less (decision 043).
  const toFamily = (cls: (typeof BOOKING_CLASSES)[number], f: FareFamily) =>
    drop(
      cls.code,
      sibling(stored.fareBasis, cls.code, f),
      Math.max(cls.share / current.share, 0.58 + rng.next() * 0.16),
    );
  const nearest = (classes: (typeof BOOKING_CLASSES)[number][]) =>
    classes.reduce((best, each) => (each.share > best.share ? each : best));

  if (kind === 'NO_BAGS') {
    const light = cheaper('LIGHT').filter((c) => c.cabin === current.cabin);
    return light.length > 0 && family !== 'LIGHT' ? toFamily(nearest(light), 'LIGHT') : null;
  }
  if (kind === 'WORSE_PENALTIES') {
    const worse = FAMILY_ORDER.slice(FAMILY_ORDER.indexOf(family) + 1, 3);
    const classes = worse.flatMap(cheaper).filter((c) => c.cabin === current.cabin);
    if (classes.length > 0) {
      const cls = nearest(classes);
      return toFamily(cls, cls.family);
    }
    // The same class in high season costs more to change.
    if (season === 'H' || family === 'LIGHT') return null;
    const fareBasis = sibling(stored.fareBasis, current.code, family, 'H');
    return drop(current.code, fareBasis, 0.86 + rng.next() * 0.06);
  }
  const same = cheaper(family).filter((c) => c.cabin === current.cabin);
  if (same.length > 0 && rng.chance(0.6)) return toClass(rng.pick(same), family);
  // The same fare, filed again for less.
  return drop(current.code, stored.fareBasis, 0.68 + rng.next() * 0.18);
}

/** The quote a fare drop offers for the booking as it stands. */
export function quoteOfDrop(record: SimRecord, drop: FareDrop): FareQuote {
  const booking = record.booking;
  const currency = booking.storedFare?.currency ?? 'USD';
  const departure = firstDeparture(booking) ?? drop.at + 30 * DAY;
  const lastPurchase = Math.max(drop.at, Math.min(drop.at + 3 * DAY, departure - 2 * HOUR));
  return buildQuote(
    booking,
    {
      fareBasis: drop.fareBasis,
      flightClass: drop.bookingClass,
      total: round2(record.baseTotal * drop.factor),
      currency,
    },
    iso(lastPurchase),
  );
}

/** Fares the GDS offers the booking at `now` below its stored one, cheapest first. */
export function lowerFares(record: SimRecord, now: number): FareQuote[] {
  const { booking } = record;
  const stored = booking.storedFare;
  if (!stored || booking.isCancelled || record.departed) return [];
  if (activeSegments(booking).length === 0) return [];
  const seen = new Set<string>();
  return record.drops
    .filter((drop) => drop.at <= now && now < drop.until)
    .map((drop) => quoteOfDrop(record, drop))
    .filter((quote) => quote.total < stored.total)
    .sort((a, b) => a.total - b.total || a.fareBasis.localeCompare(b.fareBasis))
    .filter((quote) => {
      const key = `${quote.fareBasis}:${quote.total}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** Whether two quotes are the same offer: what repricing checks before storing one. */
export const sameOffer = (a: FareQuote, b: FareQuote) =>
  a.cmd === b.cmd &&
  a.fareBasis === b.fareBasis &&
  a.total === b.total &&
  a.currency === b.currency;
