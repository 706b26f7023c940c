import type { GdsBooking, GdsSegment } from '@/gds/gds-types';
import {
  arrivalMs,
  departureMs,
  durationText,
  flightName,
  isActiveSegment,
} from '@/monitoring/notification-data-of';
import type { DetectorSettings } from './detector';

// How much a schedule change matters (docs/decisions/042): airlines call a change major from a
// time shift of 120 minutes or more, and always when a flight is cancelled, replaced or
// renumbered or a connection no longer works; anything else is minor.

export type ScheduleGrade = {
  grade: 'minor' | 'major';
  /** Why, in the words the alert and PNR info use. */
  reasons: string[];
  /** Connections the change leaves under the branch's minimum connecting time. */
  connectionAlerts: string[];
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
 * Connections touching the set that no longer hold: the next flight leaves from where this one
 * lands within a day (longer is a stopover) but less than the minimum after it lands.
 */
function brokenConnections(
  booking: GdsBooking,
  set: GdsSegment[],
  minimumMinutes: number,
): string[] {
  const touched = new Set(set.map((s) => s.id));
  const flying = booking.segments.filter(isActiveSegment);
  return flying.slice(1).flatMap((next, i) => {
    const landing = flying[i];
    if (!landing || landing.to !== next.from) return [];
    if (!touched.has(landing.id) && !touched.has(next.id)) return [];
    const gap = minutesFrom(arrivalMs(landing), departureMs(next));
    if (!Number.isFinite(gap) || gap >= minimumMinutes || gap >= DAY_MINUTES) return [];
    const pair = `${flightName(landing)} to ${flightName(next)}`;
    return [
      gap < 0
        ? `Connection at ${next.from} is lost: ${flightName(next)} leaves before ${flightName(landing)} lands (${pair})`
        : `Connection at ${next.from} is now ${durationText(gap)}, under the ${minimumMinutes}-minute minimum connecting time (${pair})`,
    ];
  });
}

export function gradeOf(
  booking: GdsBooking,
  set: GdsSegment[],
  before: Map<string, GdsSegment>,
  settings: DetectorSettings['reschedule'],
): ScheduleGrade {
  const reasons: string[] = [];
  const retimed = retimedOriginals(set, before);
  const retimedIds = new Set([...retimed.values()].map((s) => s.id));
  for (const segment of set.filter((s) => s.status === 'UN' && !retimedIds.has(s.id))) {
    const replaced = set.some((other) => other.status === 'TK' && sameRoute(other, segment));
    reasons.push(`${flightName(segment)} ${replaced ? 'replaced' : 'cancelled'}`);
  }
  for (const segment of set) {
    const was = before.get(segment.id);
    if (was && flightName(was) !== flightName(segment)) {
      reasons.push(`${flightName(was)} renumbered ${flightName(segment)}`);
    }
  }
  const connectionAlerts = brokenConnections(booking, set, settings.minConnectionMinutes);
  if (connectionAlerts.length > 0) reasons.push('a connection under the minimum');
  const shift = Math.round(largestShift(set, before, retimed));
  const threshold = settings.minorShiftMinutes;
  const shiftText = shift === 0 ? 'no time shift' : `a shift of ${durationText(shift)}`;
  const major = reasons.length > 0 || shift >= threshold;
  if (shift >= threshold) {
    reasons.push(`${shiftText}, at or over the ${threshold}-minute threshold`);
  } else if (!major) {
    reasons.push(`${shiftText}, under the ${threshold}-minute threshold`);
  }
  return { grade: major ? 'major' : 'minor', reasons, connectionAlerts };
}

/** 'Major change: AB123 cancelled' — the alert that says how the change was graded. */
export const gradeText = ({ grade, reasons }: ScheduleGrade) =>
  `${grade === 'major' ? 'Major' : 'Minor'} change: ${reasons.join('; ')}`;
