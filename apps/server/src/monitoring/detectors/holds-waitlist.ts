import { CONFIRM_REPLY_STATUSES, localTimeText } from '@smt/shared';
import type { GdsSegment } from '@/gds/gds-types';
import { candidateOf, flightName, isAhead, isClosed } from '@/monitoring/notification-data-of';
import type { Detector, Explainer } from './detector';

const replies: readonly string[] = CONFIRM_REPLY_STATUSES;

/** A segment the airline has confirmed and the agent has not yet accepted (KL, KK). */
const awaitsAcceptance = (segment: GdsSegment) => replies.includes(segment.status);

// Raised from what the booking holds now, not from a change between two snapshots: a booking
// first seen after its waitlist cleared, or confirmed with KK, needs the same action. The key
// names the segment and flight, so it is raised once until the seats are taken or let go.
export const detectHoldsWaitlist: Detector = ({ current, now }, settings) => {
  if (!settings.waitlist.enabled || isClosed(current, now)) return [];
  const ahead = current.segments.filter((segment) => isAhead(segment, now));
  return ahead.filter(awaitsAcceptance).map((segment) => {
    const flight = `${flightName(segment)} ${segment.from}-${segment.to} on ${localTimeText(segment.departure)}`;
    return candidateOf(current, now, {
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
  });
};

export const explainHoldsWaitlist: Explainer = ({ current }) => {
  const held = current.segments.filter((segment) => segment.status === 'HL').length;
  if (held === 0) return 'no segment waitlisted (HL) or waiting to be accepted (KL, KK)';
  return `${held} segment${held === 1 ? '' : 's'} still waitlisted (HL), none cleared yet`;
};
