import { utcTimeText } from '@smt/shared';
import {
  activeSegments,
  candidateOf,
  durationText,
  isClosed,
} from '@/monitoring/notification-data-of';
import type { Detector, Explainer } from './detector';

const HOUR_MS = 3_600_000;

export const detectTicketingDue: Detector = ({ current, now }, settings) => {
  const deadline = current.lastPurchaseAt;
  if (!settings.ticketingDue.enabled || isClosed(current, now)) return [];
  if (current.isTicketed || deadline === null) return [];
  const left = Date.parse(deadline) - now.getTime();
  // Both edges count: due right now, or exactly windowHours away. A passed deadline is gone.
  if (!(left >= 0 && left <= settings.ticketingDue.windowHours * HOUR_MS)) return [];

  const by = utcTimeText(deadline);
  return [
    candidateOf(current, now, {
      type: 'TicketingDue',
      title: 'Ticketing due',
      titleMessage: `Issue tickets by ${by}`,
      alerts: [{ text: `Ticketing deadline in ${durationText(Math.floor(left / 60_000))}: ${by}` }],
      dedupeKey: `TD:${deadline}`,
      segmentIds: activeSegments(current).map((s) => s.id),
      lastPurchaseDate: deadline,
    }),
  ];
};

export const explainTicketingDue: Explainer = ({ current, now }, settings) => {
  if (current.isTicketed) return 'the booking is ticketed';
  const deadline = current.lastPurchaseAt;
  if (deadline === null) return 'no ticketing time limit';
  const left = Date.parse(deadline) - now.getTime();
  if (left < 0) return 'the ticketing deadline has passed';
  return `deadline in ${durationText(Math.floor(left / 60_000))}, beyond the ${settings.ticketingDue.windowHours}-hour window`;
};
