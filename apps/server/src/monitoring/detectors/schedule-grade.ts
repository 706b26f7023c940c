import { countryOf } from '@/gds/airport-place';
import type { GdsBooking, GdsSegment } from '@/gds/gds-types';
import {
  arrivalMs,
  departureMs,
  durationText,
  flightName,
  isActiveSegment,
} from '@/monitoring/notification-data-of';
import { cabinOf, isDowngrade } from './cabin-of';
import type { DetectorSettings } from './detector';
import { connectionRuleOf } from './minimum-connection';

// How much a schedule change matters (docs/decisions/042, 062): airlines call a change major
// from a time shift of the branch's line (domestic and international apart) or more, an earlier
// departure from a smaller line, and always when a flight is cancelled or replaced, a
// connection no longer works, the cabin is lower, an airport, the operating airline or the
// number of flights changes; anything else is minor.

export type ScheduleGrade = {
  grade: 'minor' | 'major';
  /** Why, in the words the alert and PNR info use. */
  reasons: string[];
  /** Connections the change leaves under the branch's minimum connecting time. */
  connectionAlerts: string[];
  /**
   * Another aircraft on a changed flight: noted, never major by itself (docs/decisions/062's
   * addendum). Seats and special requests are the aircraft's and may need redoing.
   */
  equipmentNotes: string[];
  /** A flight to, from or within the US changed past the DOT's lines: the alert's line, else null. */
  refundEligible: string | null;
};

const DAY_MINUTES = 24 * 60;

const minutesFrom = (from: number, to: number) => (to - from) / 60_000;

export const sameRoute = (a: GdsSegment, b: GdsSegment) => a.from === b.from && a.to === b.to;

/**
 * The flights a change only re-times, though under a new segment id: on a route where one
 * flight became UN and one TK came in with the same airline and number, the TK is the same
 * flight at new times. A provider without segment status codes reports a moved flight so
 * (Duffel gives the segments of a changed slice new ids). Keyed by the TK segment's id, the
 * value is the flight as it was. Two or more on a route stay a replacement: which is which
 * would be a guess.
 */
export function retimedOriginals(
  set: GdsSegment[],
  before: Map<string, GdsSegment>,
): Map<string, GdsSegment> {
  const originals = new Map<string, GdsSegment>();
  for (const gone of set.filter((s) => s.status === 'UN')) {
    const onRoute = (status: string) =>
      set.filter((other) => other.status === status && sameRoute(other, gone));
    const [added, ...moreAdded] = onRoute('TK');
    const [, ...moreGone] = onRoute('UN');
    const was = before.get(gone.id) ?? gone;
    if (!added || moreAdded.length > 0 || moreGone.length > 0) continue;
    if (flightName(was) === flightName(added)) originals.set(added.id, was);
  }
  return originals;
}

/** The largest shift of a departure or an arrival among the set's moved segments, in minutes. */
function largestShift(
  set: GdsSegment[],
  before: Map<string, GdsSegment>,
  retimed: Map<string, GdsSegment>,
): number {
  const shifts = set.flatMap((segment) => {
    const was = before.get(segment.id) ?? retimed.get(segment.id);
    if (!was || !isActiveSegment(segment)) return [];
    return [
      Math.abs(minutesFrom(departureMs(was), departureMs(segment))),
      Math.abs(minutesFrom(arrivalMs(was), arrivalMs(segment))),
    ].filter(Number.isFinite);
  });
  return Math.max(0, ...shifts);
}

/**
 * The connections a change touches that no longer work: under the minimum of their airport
 * (the branch's own figure for it, else its published figure with the branch's minimum as the
 * floor) or of a change of airport within a city, or lost outright. A change of airport within
 * a city is flagged whatever the time (docs/decisions/065).
 */
function brokenConnections(
  booking: GdsBooking,
  set: GdsSegment[],
  settings: Pick<DetectorSettings['reschedule'], 'minConnectionMinutes' | 'connectionOverrides'>,
): { alerts: string[]; broken: boolean } {
  let broken = false;
  const touched = new Set(set.map((s) => s.id));
  const flying = booking.segments.filter(isActiveSegment);
  const alerts = flying.slice(1).flatMap((next, i) => {
    const landing = flying[i];
    if (!landing || (!touched.has(landing.id) && !touched.has(next.id))) return [];
    const rule = connectionRuleOf(
      landing,
      next,
      settings.minConnectionMinutes,
      settings.connectionOverrides,
    );
    if (!rule) return [];
    const gap = minutesFrom(arrivalMs(landing), departureMs(next));
    if (!Number.isFinite(gap) || gap >= DAY_MINUTES) return [];
    const pair = `${flightName(landing)} to ${flightName(next)}`;
    const crossing = rule.changesAirport
      ? [`Connection at ${rule.place} changes airports, ${landing.to} to ${next.from} (${pair})`]
      : [];
    if (gap >= rule.minutes) return crossing;
    broken = true;
    const minimum = rule.changesAirport
      ? `the ${rule.minutes}-minute minimum for a change of airport`
      : `the ${rule.minutes}-minute minimum connecting time at ${rule.place}`;
    return [
      ...crossing,
      gap < 0
        ? `Connection at ${rule.place} is lost: ${flightName(next)} leaves before ${flightName(landing)} lands (${pair})`
        : `Connection at ${rule.place} is now ${durationText(gap)}, under ${minimum} (${pair})`,
    ];
  });
  return { alerts, broken };
}

/** The airline that flies the segment: its operating carrier, else the one that sells it. */
const operatorOf = (segment: GdsSegment) => segment.operatingAirline ?? segment.airline;

/** A set's flights are within one country (both ends of each, all one country, known). */
function isDomestic(set: GdsSegment[]): boolean {
  const countries = new Set(set.flatMap((s) => [countryOf(s.from), countryOf(s.to)]));
  return countries.size === 1 && !countries.has(null);
}

const touchesUs = (set: GdsSegment[]) =>
  set.some((s) => countryOf(s.from) === 'US' || countryOf(s.to) === 'US');

/** Each active segment of the set beside the flight it was: by id, re-timed, or replaced. */
function pairsOf(
  set: GdsSegment[],
  before: Map<string, GdsSegment>,
  retimed: Map<string, GdsSegment>,
): { was: GdsSegment; now: GdsSegment }[] {
  return set.filter(isActiveSegment).flatMap((now) => {
    const known = before.get(now.id) ?? retimed.get(now.id);
    if (known) return [{ was: known, now }];
    // A TK replacing the one flight the airline cancelled on its route.
    const gone = set.filter((s) => s.status === 'UN' && sameRoute(s, now));
    const [only] = gone;
    return gone.length === 1 && only ? [{ was: before.get(only.id) ?? only, now }] : [];
  });
}

export function gradeOf(
  booking: GdsBooking,
  set: GdsSegment[],
  before: Map<string, GdsSegment>,
  settings: DetectorSettings['reschedule'],
): ScheduleGrade {
  const reasons: string[] = [];
  // What the US DOT counts as significant, each in the alert's words (docs/decisions/062).
  const significant: string[] = [];
  const retimed = retimedOriginals(set, before);
  const retimedIds = new Set([...retimed.values()].map((s) => s.id));
  for (const segment of set.filter((s) => s.status === 'UN' && !retimedIds.has(s.id))) {
    const replaced = set.some((other) => other.status === 'TK' && sameRoute(other, segment));
    reasons.push(`${flightName(segment)} ${replaced ? 'replaced' : 'cancelled'}`);
    if (!replaced) significant.push(`${flightName(segment)} is cancelled`);
  }
  // A new number alone is said but makes nothing major: the flight, times, airports and cabin
  // are the traveller's as before, and the DOT counts none of it (decision 062's addendum).
  const renumbers = set.flatMap((segment) => {
    const was = before.get(segment.id);
    return was && flightName(was) !== flightName(segment)
      ? [`${flightName(was)} renumbered ${flightName(segment)}`]
      : [];
  });
  const saidFirst = reasons.length;
  const earliest = settings.earlierShiftMinutes;
  const equipmentNotes: string[] = [];
  for (const { was, now } of pairsOf(set, before, retimed)) {
    const name = flightName(now);
    // Only where both sides name the aircraft: a snapshot from before it was read says nothing.
    if (was.aircraft && now.aircraft && was.aircraft !== now.aircraft)
      equipmentNotes.push(
        `${name} now flies a ${now.aircraft}, not a ${was.aircraft}: check seats and special requests`,
      );
    if (isDowngrade(was.flightClass, now.flightClass)) {
      const downgrade = `${name} downgraded from ${cabinOf(was.flightClass)} (${was.flightClass}) to ${cabinOf(now.flightClass)} (${now.flightClass})`;
      reasons.push(downgrade);
      significant.push(downgrade);
    }
    const airports = [
      ...(was.from !== now.from ? [`${name} now leaves from ${now.from}, not ${was.from}`] : []),
      ...(was.to !== now.to ? [`${name} now lands at ${now.to}, not ${was.to}`] : []),
    ];
    reasons.push(...airports);
    significant.push(...airports);
    if (operatorOf(was) !== operatorOf(now))
      reasons.push(`${name} now operated by ${operatorOf(now)}, not ${operatorOf(was)}`);
    const earlier = Math.round(minutesFrom(departureMs(now), departureMs(was)));
    if (Number.isFinite(earlier) && earlier >= earliest)
      reasons.push(
        `${name} leaves ${durationText(earlier)} earlier, at or over the ${earliest}-minute line for earlier departures`,
      );
  }
  // More flights than before for the same trip: a stop or connection the traveller did not buy.
  if (before.size > 0) {
    const had = [...before.values()].filter(isActiveSegment).length;
    const has = booking.segments.filter(isActiveSegment).length;
    if (has > had) {
      const added = `an added connection (${has} flights where there were ${had})`;
      reasons.push(added);
      significant.push(added);
    }
  }
  const connections = brokenConnections(booking, set, settings);
  const connectionAlerts = connections.alerts;
  if (connections.broken) reasons.push('a connection under the minimum');
  const shift = Math.round(largestShift(set, before, retimed));
  const domestic = isDomestic(set);
  const threshold = domestic ? settings.minorShiftMinutesDomestic : settings.minorShiftMinutes;
  const line = `${threshold}-minute threshold${domestic ? ' for domestic flights' : ''}`;
  const shiftText = shift === 0 ? 'no time shift' : `a shift of ${durationText(shift)}`;
  const major = reasons.length > 0 || shift >= threshold;
  if (shift >= threshold) {
    reasons.push(`${shiftText}, at or over the ${line}`);
  } else if (!major) {
    reasons.push(`${shiftText}, under the ${line}`);
  }
  reasons.splice(saidFirst, 0, ...renumbers);
  // The DOT's lines: 3 hours within the US, 6 hours to or from it.
  const dotLine = domestic ? 180 : 360;
  if (shift >= dotLine) significant.push(`a shift of ${durationText(shift)}`);
  const refundEligible =
    touchesUs(set) && significant.length > 0
      ? `Refund-eligible if the traveller does not accept it: a significant change under the US DOT rule (14 CFR 260.2): ${significant.join('; ')}`
      : null;
  return {
    grade: major ? 'major' : 'minor',
    reasons,
    connectionAlerts,
    equipmentNotes,
    refundEligible,
  };
}

/** 'Major change: AB123 cancelled' — the alert that says how the change was graded. */
export const gradeText = ({ grade, reasons }: ScheduleGrade) =>
  `${grade === 'major' ? 'Major' : 'Minor'} change: ${reasons.join('; ')}`;
