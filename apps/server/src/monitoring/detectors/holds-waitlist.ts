import {
  AIRLINE_WAITLIST_STATUSES,
  CONFIRM_REPLY_STATUSES,
  SEGMENT_STATUS_MEANING,
  WAITLIST_REPLY_ACTION,
} from '@smt/shared';
import type { GdsBooking, GdsSegment } from '@/gds/gds-types';
import {
  candidateOf,
  departureMs,
  durationText,
  flightName,
  flightText,
  isAhead,
  isClosed,
} from '@/monitoring/notification-data-of';
import type {
  Candidate,
  CheckInput,
  Detector,
  DetectorSettings,
  Explainer,
  DetectorModule,
  PendingNotice,
  Withdrawer,
} from './detector';

const replies: readonly string[] = CONFIRM_REPLY_STATUSES;
const airlineWaitlisted: readonly string[] = AIRLINE_WAITLIST_STATUSES;

const HOUR_MS = 3_600_000;

/** A segment the airline has confirmed and the agent has not yet accepted (KL, KK). */
const awaitsAcceptance = (segment: GdsSegment) => replies.includes(segment.status);

// Raised from what the booking holds now, not from a change between two snapshots: a booking
// first seen after its waitlist cleared, or confirmed with KK, needs the same action. The key
// names the segment and flight, so it is raised once until the seats are taken or let go.
function cleared(input: CheckInput, segment: GdsSegment): Candidate {
  const flight = flightText(segment);
  return candidateOf(input.current, input.now, {
    type: 'HoldsWaitlist',
    title: 'Waitlist cleared',
    titleMessage: `Seats available on ${flight}`,
    alerts: [
      {
        text:
          segment.status === 'KL'
            ? `The waitlist for ${flight} cleared (KL): confirm the seats`
            : `The airline confirmed ${flight} (KK): confirm the seats`,
      },
    ],
    dedupeKey: `HL:${segment.id}:${flightName(segment)}:${segment.departure}`,
    segmentIds: [segment.id],
  });
}

// The airline keeps the request alive, not as asked (docs/decisions/038 addendum): the agent
// moves it to HL (HN for TN) to keep it. Removing it, as an inactive segment, would delete a
// live waitlist, so it is no segment-removal alert.
function airlineReply(input: CheckInput, segment: GdsSegment): Candidate {
  const flight = flightText(segment);
  const status = segment.status as (typeof AIRLINE_WAITLIST_STATUSES)[number];
  const to = WAITLIST_REPLY_ACTION[status];
  const retimed = status === 'TL' || status === 'TN';
  const what = to === 'HN' ? 'request' : 'waitlist';
  return candidateOf(input.current, input.now, {
    type: 'HoldsWaitlist',
    title: retimed
      ? to === 'HN'
        ? 'Request re-timed'
        : 'Waitlist re-timed'
      : 'Waitlisted by the airline',
    titleMessage: `Change ${flight} to ${to} to keep the ${what}`,
    alerts: [
      {
        text: `The airline answered ${flight} with ${status} (${SEGMENT_STATUS_MEANING[status]}): change it to ${to} to keep the ${what}${retimed ? ' at the new times' : ''}, or cancel it if the traveller no longer wants it; do not remove it as an inactive segment`,
      },
    ],
    dedupeKey: `HLR:${segment.id}:${status}:${flightName(segment)}:${segment.departure}`,
    segmentIds: [segment.id],
  });
}

/** When the booking's history says the flight was requested, else when the PNR was made. */
function requestedAt(booking: GdsBooking, segment: GdsSegment): number {
  const sold = booking.history
    .filter(
      (entry) =>
        entry.action === 'SOLD' &&
        `${entry.airline}${entry.flightNumber}` === flightName(segment) &&
        entry.departure === segment.departure,
    )
    .map((entry) => Date.parse(entry.at));
  return sold.length > 0 ? Math.max(...sold) : Date.parse(booking.createdAt);
}

// A request (HN) the airline has not answered: chased after the branch's hours, and at the
// latest a day before the flight, for the agent to ask the airline or book another flight.
function unanswered(
  input: CheckInput,
  settings: DetectorSettings,
  segment: GdsSegment,
): Candidate | null {
  const { current, now } = input;
  const since = requestedAt(current, segment);
  const waited = now.getTime() - since;
  const chaseMs = settings.waitlist.requestChaseHours * HOUR_MS;
  const beforeFlight = departureMs(segment) - now.getTime() <= 24 * HOUR_MS;
  if (waited < chaseMs && !beforeFlight) return null;
  const flight = flightText(segment);
  const hours = durationText(Math.max(0, Math.floor(waited / 60_000)));
  return candidateOf(current, now, {
    type: 'HoldsWaitlist',
    title: 'Request unanswered',
    titleMessage: `No answer on ${flight}: ask the airline`,
    alerts: [
      {
        text: `${flight} has been requested (HN) for ${hours} without an answer from the airline: ask the airline or book another flight`,
      },
    ],
    dedupeKey: `HN:${segment.id}:${flightName(segment)}:${segment.departure}`,
    segmentIds: [segment.id],
  });
}

export const detectHoldsWaitlist: Detector = (input, settings) => {
  const { current, now } = input;
  if (!settings.waitlist.enabled || isClosed(current, now)) return [];
  return current.segments
    .filter((segment) => isAhead(segment, now))
    .flatMap((segment) => {
      if (awaitsAcceptance(segment)) return [cleared(input, segment)];
      if (airlineWaitlisted.includes(segment.status)) return [airlineReply(input, segment)];
      if (segment.status === 'HN') return unanswered(input, settings, segment) ?? [];
      return [];
    });
};

export const explainHoldsWaitlist: Explainer = ({ current }, settings) => {
  const held = current.segments.filter((segment) => segment.status === 'HL').length;
  const asked = current.segments.filter((segment) => segment.status === 'HN').length;
  if (asked > 0)
    return `${asked} segment${asked === 1 ? '' : 's'} requested (HN), unanswered for less than ${settings.waitlist.requestChaseHours} hours`;
  if (held === 0) return 'no segment waitlisted (HL) or waiting to be accepted (KL, KK)';
  return `${held} segment${held === 1 ? '' : 's'} still waitlisted (HL), none cleared yet`;
};

/**
 * Why a pending waitlist alert asks nothing any more, or null while it still holds. Its key
 * says what it was raised on (HL: cleared, HLR: an airline's waitlist reply, HN: an unanswered
 * request); the premise is that the segment still stands so (docs/decisions/077).
 */
function goneReason(notice: PendingNotice, booking: GdsBooking): string | null {
  // An alert that names no segment cannot be judged from the booking: it stays as it is.
  if (notice.segmentIds.length === 0) return null;
  const [kind] = notice.dedupeKey.split(':');
  const segment = booking.segments.find((s) => notice.segmentIds.includes(s.id));
  if (!segment) return 'the segment is no longer in the booking';
  const flight = flightText(segment);
  if (segment.status === 'HK') return `${flight} is confirmed (HK)`;
  const holds =
    kind === 'HL'
      ? awaitsAcceptance(segment)
      : kind === 'HLR'
        ? notice.dedupeKey.startsWith(`HLR:${segment.id}:${segment.status}:`)
        : kind === 'HN'
          ? segment.status === 'HN'
          : true;
  if (holds) return null;
  return `${flight} is ${SEGMENT_STATUS_MEANING[segment.status]} (${segment.status})`;
}

/**
 * A waitlist alert whose segment moved on (confirmed HK, cancelled, answered, or gone) asks
 * nothing: it is withdrawn, complete, saying what the segment is now. A cancelled booking's
 * alerts go the same way, its segments being no longer held.
 */
export const withdrawHoldsWaitlist: Withdrawer = ({ current, pending }) =>
  pending
    .filter((notice) => notice.type === 'HoldsWaitlist')
    .flatMap((notice) => {
      const reason = current.isCancelled ? 'the booking is cancelled' : goneReason(notice, current);
      return reason === null ? [] : [{ id: notice.id, reason }];
    });

export const holdsWaitlistDetector: DetectorModule = {
  type: 'HoldsWaitlist',
  detect: detectHoldsWaitlist,
  explain: explainHoldsWaitlist,
  withdraw: withdrawHoldsWaitlist,
};
