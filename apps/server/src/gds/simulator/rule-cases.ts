import type { GdsSegment } from '@/gds/gds-types';
import { addEvents } from './evolve';
import { firstDeparture } from './fares';
import { bookingClassOf } from './fare-rules';
import { toSegment } from './make-booking';
import { HOUR, MINUTE, dateOf } from './local-time';
import type { Rng } from './random';
import { activeSegments, type AirlineReply, type SimEvent, type SimRecord } from './sim-types';
import { alternativeFlights, arrivalInstant, datedFlight, departureInstant } from './world';

// The cases the engine's rules are written for, beyond the time changes, cancellations and
// waitlists every booking's future already draws (evolve.ts): an aircraft swapped, a cabin
// downgraded, an airport changed within its city, another airline operating the flight, a
// request the airline answers with a waitlist or not at all, a flight sold twice. Drawn from a
// PRNG of their own, so the rest of a booking's future is what it was without them; rates and
// their sources are docs/decisions/066's.

/** Rates per booking (decision 066). */
export const RULE_CASE_RATES = {
  /** The airline swaps the aircraft of one flight. */
  equipment: 0.05,
  /** A business-cabin booking is moved down to economy on one flight. */
  downgrade: 0.1,
  /** A flight to or from one New York airport moves to the other. */
  airport: 0.05,
  /** A codeshare partner takes over the flying of one flight. */
  operator: 0.03,
  /** The agent requests a preferred flight (HN) beside the one held. */
  request: 0.03,
  /** The agent sells a flight the booking already holds again. */
  doubleSold: 0.01,
} as const;

/** What an airline answers a request with, and how often (decision 066); null: never. */
const REPLIES: readonly (readonly [AirlineReply | null, number])[] = [
  ['KK', 40],
  ['US', 15],
  ['UU', 10],
  ['TL', 5],
  ['TN', 5],
  [null, 25],
];

/** Aircraft by time in the air, and the one an airline swaps each for. */
const AIRCRAFT_BY_MINUTES: readonly (readonly [number, string])[] = [
  [600, '789'],
  [420, '333'],
  [200, '321'],
  [0, '320'],
];
const SWAPPED_FOR: Record<string, string> = {
  '789': '77W',
  '333': '332',
  '321': '320',
  '320': '319',
};

/** Codeshare partners that fly each other's flights. */
const PARTNER: Record<string, string> = {
  BA: 'IB',
  IB: 'BA',
  AF: 'KL',
  KL: 'AF',
  LH: 'LX',
  LX: 'LH',
  UA: 'LH',
  DL: 'AF',
  AZ: 'AF',
};

const NEW_YORK: Record<string, string> = { JFK: 'EWR', EWR: 'JFK' };

export const aircraftFor = (segment: Pick<GdsSegment, 'from' | 'to' | 'departure' | 'arrival'>) => {
  const minutes = (arrivalInstant(segment) - departureInstant(segment)) / MINUTE;
  return AIRCRAFT_BY_MINUTES.find(([least]) => minutes >= least)?.[1] ?? '320';
};

/**
 * Names the aircraft of each of the booking's flights and plans its rule cases from `from` until
 * 6 hours before its first flight. Call it on a booking as made, before anyone has read it.
 */
export function planRuleCases(rng: Rng, record: SimRecord, from: number): void {
  const { booking } = record;
  for (const segment of booking.segments) segment.aircraft ??= aircraftFor(segment);
  const departure = firstDeparture(booking);
  if (departure === null) return;
  const start = from + HOUR;
  const end = departure - 6 * HOUR;
  if (end <= start) return;
  const when = () => Math.round((start + rng.next() * (end - start)) / MINUTE) * MINUTE;
  const held = activeSegments(booking).filter((s) => s.status === 'HK');
  const events: SimEvent[] = [];
  const one = (segments: GdsSegment[]) => (segments.length > 0 ? rng.pick(segments) : null);

  const swapped = rng.chance(RULE_CASE_RATES.equipment) ? one(held) : null;
  if (swapped?.aircraft) {
    const aircraft = SWAPPED_FOR[swapped.aircraft] ?? '320';
    events.push({ kind: 'EQUIPMENT_CHANGE', at: when(), segmentId: swapped.id, aircraft });
  }
  const business = held.filter((s) => bookingClassOf(s.flightClass).cabin === 'J');
  const downgraded = rng.chance(RULE_CASE_RATES.downgrade) ? one(business) : null;
  if (downgraded) {
    events.push({ kind: 'DOWNGRADE', at: when(), segmentId: downgraded.id, flightClass: 'Y' });
  }
  const newYork = held.filter((s) => NEW_YORK[s.from] || NEW_YORK[s.to]);
  const moved = rng.chance(RULE_CASE_RATES.airport) ? one(newYork) : null;
  if (moved) {
    const end = NEW_YORK[moved.to] ? 'to' : 'from';
    const airport = NEW_YORK[moved[end]] ?? moved[end];
    events.push({ kind: 'AIRPORT_CHANGE', at: when(), segmentId: moved.id, end, airport });
  }
  const shared = held.filter((s) => PARTNER[s.airline] && !s.operatingAirline);
  const handed = rng.chance(RULE_CASE_RATES.operator) ? one(shared) : null;
  if (handed) {
    const operatingAirline = PARTNER[handed.airline] ?? handed.airline;
    events.push({ kind: 'OPERATOR_CHANGE', at: when(), segmentId: handed.id, operatingAirline });
  }
  if (rng.chance(RULE_CASE_RATES.request)) events.push(...requestOf(rng, record, when));
  const twice = rng.chance(RULE_CASE_RATES.doubleSold) ? one(held) : null;
  if (twice) {
    const segment = { ...twice, id: reserveId(record) };
    events.push({ kind: 'SOLD', at: when(), segment });
  }
  addEvents(record, events);
}

function reserveId(record: SimRecord): string {
  const id = `S${record.nextSegment}`;
  record.nextSegment += 1;
  return id;
}

/**
 * The agent requests the airline's other flight of the first segment's day (HN) and the
 * airline answers, or does not, before departure.
 */
function requestOf(rng: Rng, record: SimRecord, when: () => number): SimEvent[] {
  const [first] = record.booking.segments;
  const preferred = first
    ? alternativeFlights(first).find((f) => f.airline === first.airline)
    : null;
  if (!first || !preferred) return [];
  const flight = datedFlight(preferred, dateOf(first.departure));
  const segment: GdsSegment = {
    ...toSegment(flight, 0, first.flightClass),
    id: reserveId(record),
    status: 'HN',
    aircraft: aircraftFor(flight),
  };
  const [asked, answered] = [when(), when()].sort((a, b) => a - b) as [number, number];
  const reply = rng.weighted(REPLIES);
  const events: SimEvent[] = [{ kind: 'SOLD', at: asked, segment }];
  if (reply) {
    // Waitlisted or requested at new times: the airline's own minutes.
    const minutes = reply === 'TL' || reply === 'TN' ? rng.pick([-30, 30, 60, 90]) : 0;
    events.push({
      kind: 'AIRLINE_REPLY',
      at: answered,
      segmentId: segment.id,
      status: reply,
      minutes,
    });
  }
  return events;
}
