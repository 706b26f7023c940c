// The route of a booking, one rule for every place that shows one (My PNRs, its CSV, the
// notification cards): from where the journey starts to where it turns around, as an agent
// reads a PNR. TLV-BKK-TLV is TLV-BKK, not TLV-TLV (docs/decisions/032).

/** A flown leg as a GDS lists it: airports and airport-local 'yyyy-MM-dd HH:mm' times. */
export type RouteLeg = { from: string; to: string; departure: string; arrival: string };

export type JourneyRoute = { origin: string; destination: string };

// A stop of 24 hours or more between two international flights is a stopover, not a
// connection (IATA's rule as carriers' contracts of carriage write it); the journey turns there.
const STOPOVER_MS = 24 * 3_600_000;

/** Local times of one airport compare as they are: both sides of a stop share its clock. */
const localMs = (time: string) => Date.parse(`${time.replace(' ', 'T')}:00Z`);

/** Time on the ground between a leg and the next, or null where the next leaves elsewhere. */
function groundMs(leg: RouteLeg, next: RouteLeg): number | null {
  if (next.from !== leg.to) return null;
  return localMs(next.departure) - localMs(leg.arrival);
}

/**
 * Where the outbound journey of a trip that comes back ends: the first stopover or surface
 * sector (the next leg leaving from another airport, as in an open jaw); on a trip with
 * neither, a same-day return, the airport the traveller stays at longest.
 */
function turnaroundOf(legs: readonly RouteLeg[]): string {
  let longest = { at: legs[0]?.to ?? '', ms: -Infinity };
  for (let i = 0; i < legs.length - 1; i += 1) {
    const leg = legs[i] as RouteLeg;
    const ground = groundMs(leg, legs[i + 1] as RouteLeg);
    if (ground === null || ground >= STOPOVER_MS) return leg.to;
    if (ground > longest.ms) longest = { at: leg.to, ms: ground };
  }
  return longest.at;
}

/**
 * How many journeys (directions) the legs make: a connection continues one, a stopover of 24
 * hours or more or a leg leaving from another airport starts the next. A checked bag is paid
 * once per journey, however many connections it makes (docs/decisions/037).
 */
export function journeyCountOf(legs: readonly RouteLeg[]): number {
  let count = legs.length > 0 ? 1 : 0;
  for (let i = 0; i < legs.length - 1; i += 1) {
    const ground = groundMs(legs[i] as RouteLeg, legs[i + 1] as RouteLeg);
    if (ground === null || ground >= STOPOVER_MS) count += 1;
  }
  return count;
}

/**
 * The route of a booking's flown legs, in itinerary order: a trip that ends where it began
 * (return, open jaw home, circle) runs from its origin to its turnaround; any other (one-way,
 * with connections or stopovers) from its origin to its last arrival. Null without legs.
 */
export function journeyRouteOf(legs: readonly RouteLeg[]): JourneyRoute | null {
  const first = legs[0];
  const last = legs.at(-1);
  if (!first || !last) return null;
  if (last.to !== first.from) return { origin: first.from, destination: last.to };
  return { origin: first.from, destination: turnaroundOf(legs) };
}

/** 'TLV-BKK', as lists, exports and cards write a route. */
export const routeText = (route: JourneyRoute): string => `${route.origin}-${route.destination}`;
