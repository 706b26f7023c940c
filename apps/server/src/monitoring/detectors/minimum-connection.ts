import type { ConnectionOverride } from '@smt/shared';
import type { GdsSegment } from '@/gds/gds-types';
import { cityOf, countryOf } from '@/gds/airport-place';

/**
 * Minimum connecting times of hubs, in minutes, as the airports and their home airlines publish
 * them (docs/decisions/065): a domestic connection (all three airports in one country) and any
 * other. IATA's own table is licensed; an airport not here takes the branch's minimum, which is
 * also the floor under every figure here. A branch's own figure for an airport replaces both.
 */
export const AIRPORT_MINIMUM_CONNECTION: Record<
  string,
  { domestic: number; international: number }
> = {
  // British Airways: 60 minutes within a terminal, 90 between terminals.
  LHR: { domestic: 60, international: 90 },
  // Fraport: 45 minutes; Lufthansa's intercontinental connections 60.
  FRA: { domestic: 45, international: 60 },
  // Munich Airport: 30 minutes within Terminal 2, 45 for international connections.
  MUC: { domestic: 30, international: 45 },
  // Schiphol: 40 minutes Schengen to Schengen, 50 with a passport check.
  AMS: { domestic: 40, international: 50 },
  // Paris-CDG: 60 minutes, 75 for international connections.
  CDG: { domestic: 60, international: 75 },
  // JFK: 60 minutes with a terminal change, 90 off an international flight (US customs).
  JFK: { domestic: 60, international: 90 },
};

/**
 * A change of airport within a city (LHR to LGW, JFK to EWR): the traveller crosses the city
 * with their bags. Airlines sell no such connection under 3 hours where they sell it at all.
 */
export const CITY_AIRPORT_CHANGE_MINUTES = 180;

export type ConnectionRule = {
  minutes: number;
  /** Where the connection is: the airport, or the city when it changes airports. */
  place: string;
  /** The airport changes within the city: flagged whatever the time. */
  changesAirport: boolean;
};

const countries = (...airports: string[]) => new Set(airports.map(countryOf));

/**
 * The minimum a connection from `landing` to `next` needs, or null when they do not connect
 * (another city). `floor` is the branch's minimum connecting time; `overrides` are the
 * branch's own minimums by airport, each of which replaces both the airport's published figure
 * and the floor there (docs/decisions/065's addendum). A change of airport within a city keeps
 * its own rule: an override is the airport's, not the city's.
 */
export function connectionRuleOf(
  landing: Pick<GdsSegment, 'from' | 'to'>,
  next: Pick<GdsSegment, 'from' | 'to'>,
  floor: number,
  overrides: readonly ConnectionOverride[] = [],
): ConnectionRule | null {
  if (landing.to === next.from) {
    const all = countries(landing.from, landing.to, next.to);
    const domestic = all.size === 1 && !all.has(null);
    const figureOf = (known: { domestic: number; international: number }) =>
      domestic ? known.domestic : known.international;
    const own = overrides.find((override) => override.airport === landing.to);
    const known = AIRPORT_MINIMUM_CONNECTION[landing.to];
    const minutes = own ? figureOf(own) : Math.max(floor, known ? figureOf(known) : 0);
    return { minutes, place: landing.to, changesAirport: false };
  }
  const city = cityOf(landing.to);
  if (city === null || city !== cityOf(next.from)) return null;
  return {
    minutes: Math.max(floor, CITY_AIRPORT_CHANGE_MINUTES),
    place: city,
    changesAirport: true,
  };
}
