import { localTimeText } from '@smt/shared';
import { candidateOf, flightName, isClosed } from '@/monitoring/notification-data-of';
import type { Detector, Explainer } from './detector';

export const detectHoldsWaitlist: Detector = ({ previous, current, now }, settings) => {
  if (!settings.waitlist.enabled || isClosed(current, now) || !previous) return [];
  const was = new Map(previous.segments.map((s) => [s.id, s.status]));
  return current.segments
    .filter((segment) => segment.status === 'KL' && was.get(segment.id) === 'HL')
    .map((segment) => {
      const flight = `${flightName(segment)} ${segment.from}-${segment.to} on ${localTimeText(segment.departure)}`;
      return candidateOf(current, now, {
        type: 'HoldsWaitlist',
        title: 'Waitlist cleared',
        titleMessage: `Seats available on ${flight}`,
        alerts: [{ text: `The waitlist for ${flight} cleared (KL): confirm the seats` }],
        dedupeKey: `HL:${segment.id}:${flightName(segment)}:${segment.departure}`,
        segmentIds: [segment.id],
      });
    });
};

export const explainHoldsWaitlist: Explainer = ({ previous, current }) => {
  if (!previous) return 'no earlier snapshot to compare with';
  const held = current.segments.filter((segment) => segment.status === 'HL').length;
  if (held === 0) return 'no waitlisted segment';
  return `${held} segment${held === 1 ? '' : 's'} still waitlisted (HL)`;
};
