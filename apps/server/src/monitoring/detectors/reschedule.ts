import { createHash } from 'node:crypto';
import { localTimeText, PASSIVE_SEGMENT_STATUSES, type Flight } from '@smt/shared';
import type { GdsBooking, GdsSegment } from '@/gds/gds-types';
import { instantsOf } from '@/gds/airport-time';
import {
  arrivalMs,
  candidateOf,
  departureMs,
  durationText,
  flightDataOf,
  flightName,
  flightText,
  isActiveSegment,
  isAhead,
  isClosed,
  notificationDataOf,
} from '@/monitoring/notification-data-of';
import type {
  Candidate,
  CheckInput,
  Detector,
  DetectorSettings,
  Explainer,
  PendingNotice,
  Withdrawer,
  DetectorModule,
} from './detector';
import { escalateReschedule } from './reschedule-escalation';
import { cabinOf } from './cabin-of';
import { gradeOf, gradeText, retimedOriginals, sameRoute } from './schedule-grade';

const passive: readonly string[] = PASSIVE_SEGMENT_STATUSES;
/**
 * What the airline decides of a flight and the grade reads (docs/decisions/062): its number,
 * times, airports and operator. A change of any of it is a schedule change, also on a segment
 * whose earlier change is still pending (TK).
 */
const scheduleOf = (s: GdsSegment) =>
  `${s.airline}${s.flightNumber}|${s.from}-${s.to}|${s.departure}|${s.arrival}|${s.operatingAirline ?? ''}`;

/**
 * The cabin and aircraft of a segment the airline has changed (TK), compared apart: a class the
 * agent rebooked (a reprice, HK) is no schedule change, nor is an aircraft a snapshot did not name.
 */
const airlineChangedMore = (was: GdsSegment, now: GdsSegment) =>
  now.status === 'TK' &&
  (was.flightClass !== now.flightClass ||
    (!!was.aircraft && !!now.aircraft && was.aircraft !== now.aircraft));
const flightKey = (f: Flight) =>
  `${f.from}-${f.to}|${f.airline}${f.flight_number}|${f.departure}|${f.arrival}`;

/** A UN segment's TK replacements on its route, or a TK segment's UN originals. */
const partnersOf = (segment: GdsSegment, booking: GdsBooking) =>
  booking.segments.filter(
    (other) =>
      other.id !== segment.id &&
      sameRoute(other, segment) &&
      ((segment.status === 'UN' && other.status === 'TK') ||
        (segment.status === 'TK' && other.status === 'UN')),
  );

/**
 * A pending change the airline took back: the booking's active segments among those it is
 * about are again the flights it had before (times, numbers, route), with no TK left.
 */
function isReverted(notice: PendingNotice, booking: GdsBooking): boolean {
  const before = notice.oldFlights ?? [];
  if (notice.type !== 'Reschedule' || before.length === 0) return false;
  const concerned = booking.segments.filter((s) => notice.segmentIds.includes(s.id));
  if (concerned.some((s) => s.status === 'TK')) return false;
  const now = concerned.filter(isActiveSegment).map(flightDataOf).map(flightKey).sort();
  const was = before.map(flightKey).sort();
  return now.length === was.length && now.every((key, i) => key === was[i]);
}

const revertedOf = ({ current, pending }: CheckInput) =>
  pending.filter((notice) => isReverted(notice, current));

/**
 * Segments changed since the last snapshot: new times, flight number or airline; newly TK
 * (a fresh TK segment is a replacement); newly UN. Without a snapshot only TK tells.
 */
function changedIds(previous: GdsBooking | null, current: GdsBooking, now: Date): string[] {
  const before = new Map(previous?.segments.map((s) => [s.id, s]));
  return current.segments
    .filter((segment) => {
      // A passive segment records a booking made elsewhere: what it says is the agent's, not
      // the airline's, so it never reads as a schedule change.
      if (passive.includes(segment.status)) return false;
      const was = before.get(segment.id);
      // A flight already flown, before and after, changes nothing ahead (a GDS may restate
      // its status once flown); a change that moves a flight into the past still counts.
      if (!isAhead(segment, now) && (!was || !isAhead(was, now))) return false;
      if (segment.status === 'UN') return was !== undefined && was.status !== 'UN';
      if (!isActiveSegment(segment)) return false;
      if (!was) return segment.status === 'TK';
      return (
        scheduleOf(was) !== scheduleOf(segment) ||
        (segment.status === 'TK' && was.status !== 'TK') ||
        airlineChangedMore(was, segment)
      );
    })
    .map((segment) => segment.id);
}

/** Changed segments joined with their UN/TK partners; one set per replacement or change. */
function changeSets(current: GdsBooking, changed: string[], skip: Set<string>): GdsSegment[][] {
  const parent = new Map<string, string>();
  const root = (id: string): string => {
    const up = parent.get(id) ?? id;
    return up === id ? id : root(up);
  };
  const byId = new Map(current.segments.map((s) => [s.id, s]));
  for (const id of changed) {
    const segment = byId.get(id);
    if (!segment || skip.has(id)) continue;
    parent.set(id, root(id));
    for (const partner of partnersOf(segment, current).filter((p) => !skip.has(p.id))) {
      parent.set(root(partner.id), root(id));
    }
  }
  const sets = new Map<string, GdsSegment[]>();
  for (const segment of current.segments.filter((s) => parent.has(s.id))) {
    const key = root(segment.id);
    sets.set(key, [...(sets.get(key) ?? []), segment]);
  }
  return [...sets.values()];
}

/** What changed of a flight besides its times, each in the words of the alert's first lines. */
function particularAlerts(was: GdsSegment, segment: GdsSegment): string[] {
  const name = flightName(segment);
  const operator = (s: GdsSegment) => s.operatingAirline ?? s.airline;
  const cabin = (s: GdsSegment) => `${cabinOf(s.flightClass)} (${s.flightClass})`;
  return [
    ...(flightName(was) !== name ? [`Flight ${flightName(was)} is now ${name}`] : []),
    ...(was.from !== segment.from
      ? [`Flight ${name} now leaves from ${segment.from}, not ${was.from}`]
      : []),
    ...(was.to !== segment.to ? [`Flight ${name} now lands at ${segment.to}, not ${was.to}`] : []),
    ...(cabinOf(was.flightClass) !== cabinOf(segment.flightClass)
      ? [`Flight ${name} is now in ${cabin(segment)}, not ${cabin(was)}`]
      : []),
    ...(operator(was) !== operator(segment)
      ? [`Flight ${name} is now operated by ${operator(segment)}, not ${operator(was)}`]
      : []),
  ];
}

function shiftAlerts(was: GdsSegment, segment: GdsSegment): string[] {
  const alerts = particularAlerts(was, segment);
  const departs = (departureMs(segment) - departureMs(was)) / 60_000;
  const arrives = (arrivalMs(segment) - arrivalMs(was)) / 60_000;
  const way = (minutes: number) =>
    `${durationText(Math.abs(minutes))} ${minutes > 0 ? 'later' : 'earlier'}`;
  const name = flightName(segment);
  if (!Number.isFinite(departs) || !Number.isFinite(arrives)) {
    if (was.departure !== segment.departure || was.arrival !== segment.arrival)
      alerts.push(`Flight ${name} now departs ${localTimeText(segment.departure)}`);
    return alerts;
  }
  if (departs !== 0) alerts.push(`Flight ${name} departs ${way(departs)}`);
  if (arrives !== departs && arrives !== 0) alerts.push(`Flight ${name} arrives ${way(arrives)}`);
  return alerts;
}

function alertsOf(set: GdsSegment[], before: Map<string, GdsSegment>): string[] {
  const retimed = retimedOriginals(set, before);
  const retimedIds = new Set([...retimed.values()].map((s) => s.id));
  return set.flatMap((segment) => {
    const was = before.get(segment.id) ?? retimed.get(segment.id);
    if (segment.status === 'UN') {
      // A re-timed flight is told by its new times, on the TK side.
      if (retimedIds.has(segment.id)) return [];
      const original = was ?? segment;
      const by = set.filter((other) => other.status === 'TK' && sameRoute(other, segment));
      const what = `Flight ${flightText(original)}`;
      if (by.length === 0) return [`${what} was cancelled`];
      const replacements = by.map(
        (r) => `${flightName(r)} departing ${localTimeText(r.departure)}`,
      );
      return [`${what} is replaced by ${replacements.join(' and ')}`];
    }
    const shifts = was ? shiftAlerts(was, segment) : [];
    if (shifts.length > 0) return shifts;
    const replaces =
      !retimed.has(segment.id) &&
      set.some((other) => other.status === 'UN' && sameRoute(other, segment));
    return replaces ? [] : [`Flight ${flightText(segment)} has a schedule change to confirm`];
  });
}

// Short and stable: the same new schedule always gives the same key.
const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

function candidateOfSet(
  input: CheckInput,
  settings: DetectorSettings,
  set: GdsSegment[],
  before: Map<string, GdsSegment>,
): Candidate {
  const { current, now } = input;
  const ids = set.map((s) => s.id);
  const newFlights = set.filter(isActiveSegment).map(flightDataOf);
  // The old side: what changed in place as it was, and the UN originals marked UN, so the
  // public page can tell a cancellation (no current segments, all previous UN).
  const oldFlights = set.flatMap((segment) => {
    const was = before.get(segment.id);
    if (segment.status === 'UN') return [{ ...flightDataOf(was ?? segment), status: 'UN' }];
    const moved = was && (scheduleOf(was) !== scheduleOf(segment) || was.status !== segment.status);
    return moved ? [flightDataOf(was)] : [];
  });
  const alerts = alertsOf(set, before);
  const grade = gradeOf(current, set, before, settings.reschedule);
  const names = [...new Set(set.map(flightName))].join(', ');
  const fingerprint = set
    .map((s) => `${s.id}|${scheduleOf(s)}|${s.status}|${s.flightClass}|${s.aircraft ?? ''}`)
    .join(';');
  return candidateOf(current, now, {
    type: 'Reschedule',
    title: newFlights.length === 0 ? 'Flight cancelled' : 'Schedule change',
    titleMessage: alerts.length === 1 && alerts[0] ? alerts[0] : `Schedule change on ${names}`,
    alerts: [
      ...alerts,
      ...grade.connectionAlerts,
      ...grade.equipmentNotes,
      gradeText(grade),
      ...(grade.refundEligible ? [grade.refundEligible] : []),
    ].map((text) => ({ text })),
    dedupeKey: `SC:${ids.join(',')}:${hashOf(fingerprint)}`,
    segmentIds: ids,
    data: notificationDataOf(current, now, { newFlights, oldFlights }),
    supersedes: input.pending
      .filter((n) => n.type === 'Reschedule' && n.segmentIds.some((id) => ids.includes(id)))
      .map((n) => n.id),
    reason: `${grade.grade}: ${[...grade.reasons, ...grade.equipmentNotes].join('; ')}`,
    // Only a minor change with new times to confirm (TK) can be accepted for the agent.
    autoAccept:
      settings.reschedule.autoAcceptMinor &&
      grade.grade === 'minor' &&
      set.some((s) => s.status === 'TK'),
  });
}

/**
 * The flights as the traveller holds them before any change still pending: the last snapshot,
 * except where a pending change moved one flight in place, which is told and graded against the
 * flight as it was before that change (its oldFlights). A flight changed twice before anyone
 * handled it is one change to accept or refuse, from the flight ticketed to the one now
 * (docs/decisions/066). Replacements keep the snapshot: which old flight a new one stands for
 * would be a guess.
 */
function heldBefore(
  previous: GdsBooking | null,
  pending: PendingNotice[],
): Map<string, GdsSegment> {
  const before = new Map(previous?.segments.map((s) => [s.id, s]));
  for (const notice of pending.filter((n) => n.type === 'Reschedule')) {
    const [id, ...moreIds] = notice.segmentIds;
    const [flight, ...moreFlights] = notice.oldFlights ?? [];
    const last = id === undefined ? undefined : before.get(id);
    if (!last || !flight || moreIds.length > 0 || moreFlights.length > 0) continue;
    if (flight.status === 'UN') continue;
    const held = {
      ...last,
      airline: flight.airline,
      flightNumber: flight.flight_number,
      from: flight.from,
      to: flight.to,
      departure: flight.departure,
      arrival: flight.arrival,
      flightClass: flight.flight_class,
      operatingAirline: flight.operating_airline ?? null,
      status: flight.status as GdsSegment['status'],
    };
    before.set(last.id, { ...held, ...instantsOf(held) });
  }
  return before;
}

export const detectReschedule: Detector = (input, settings) => {
  const { previous, current, now, pending } = input;
  if (!settings.reschedule.enabled || isClosed(current, now)) return [];
  const reverted = revertedOf(input);
  // Segments whose pending change was taken back: their undoing is no news.
  const skip = new Set(reverted.flatMap((notice) => notice.segmentIds));
  const stillPending = { ...input, pending: pending.filter((n) => !reverted.includes(n)) };
  const before = heldBefore(previous, stillPending.pending);
  return changeSets(current, changedIds(previous, current, now), skip)
    .map((set) => candidateOfSet(stillPending, settings, set, before))
    .filter((candidate) => !pending.some((n) => n.dedupeKey === candidate.dedupeKey));
};

/** Pending schedule changes the airline took back: drop them, raise nothing. */
export const withdrawReschedule: Withdrawer = (input, settings) =>
  !settings.reschedule.enabled || isClosed(input.current, input.now)
    ? []
    : revertedOf(input).map((notice) => ({
        id: notice.id,
        reason: 'the airline took the change back',
      }));

export const explainReschedule: Explainer = (input) => {
  if (revertedOf(input).length > 0) return 'the airline took the pending change back';
  return changedIds(input.previous, input.current, input.now).length > 0
    ? 'the change is already pending'
    : 'no schedule change since the last check';
};

export const rescheduleDetector: DetectorModule = {
  type: 'Reschedule',
  detect: detectReschedule,
  explain: explainReschedule,
  withdraw: withdrawReschedule,
  revise: escalateReschedule,
};
