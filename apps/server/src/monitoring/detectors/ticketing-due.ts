import { utcTimeText } from '@smt/shared';
import type { GdsBooking } from '@/gds/gds-types';
import {
  activeSegments,
  candidateOf,
  durationText,
  isClosed,
} from '@/monitoring/notification-data-of';
import type { Candidate, CheckInput, Detector, Explainer, Withdrawer } from './detector';

// Airlines cancel unticketed segments at the ticketing time limit (they turn HX): the alert
// comes in the branch's window, again as a last call, and once more when the deadline has
// passed (docs/decisions/041).

const HOUR_MS = 3_600_000;

// A provider may hold the price for less time than the seats (a Duffel hold order's
// `price_guarantee_expires_at` before its `payment_required_by`): the deadline is then the
// price's, and the alert says so after the deadline's own line.
const PRICE_HELD = 'The price is held only until then: issued later, the fare may cost more';
const PRICE_LAPSED = 'The price was held only until then: the fare may cost more now';

/** Whether the deadline is when the held price lapses (whether or not the seats go too). */
const isPriceDeadline = (booking: GdsBooking, deadline: string) =>
  booking.priceGuaranteeExpiresAt !== undefined &&
  booking.priceGuaranteeExpiresAt !== null &&
  Date.parse(booking.priceGuaranteeExpiresAt) === Date.parse(deadline);

type Stage = 'due' | 'last' | 'passed';

const keyOf = (deadline: string, stage: Stage) =>
  stage === 'due' ? `TD:${deadline}` : `TD:${deadline}:${stage}`;

/** The earlier stages' pending alerts for the same deadline, which the later one replaces. */
function earlierOf({ pending }: CheckInput, deadline: string, stage: Stage): number[] {
  const earlier: Stage[] = stage === 'passed' ? ['due', 'last'] : stage === 'last' ? ['due'] : [];
  const keys = earlier.map((s) => keyOf(deadline, s));
  return pending
    .filter((notice) => notice.type === 'TicketingDue' && keys.includes(notice.dedupeKey))
    .map((notice) => notice.id);
}

export const detectTicketingDue: Detector = (input, settings) => {
  const { current, now } = input;
  const deadline = current.lastPurchaseAt;
  if (!settings.ticketingDue.enabled || isClosed(current, now)) return [];
  if (current.isTicketed || deadline === null) return [];
  const left = Date.parse(deadline) - now.getTime();
  const by = utcTimeText(deadline);
  const priceClause = isPriceDeadline(current, deadline);
  const raise = (stage: Stage, over: Pick<Candidate, 'titleMessage' | 'alerts'>) => [
    candidateOf(current, now, {
      type: 'TicketingDue',
      title: stage === 'passed' ? 'Ticketing deadline passed' : 'Ticketing due',
      titleMessage: over.titleMessage,
      alerts: priceClause
        ? [
            ...over.alerts.slice(0, 1),
            { text: stage === 'passed' ? PRICE_LAPSED : PRICE_HELD },
            ...over.alerts.slice(1),
          ]
        : over.alerts,
      dedupeKey: keyOf(deadline, stage),
      segmentIds: (stage === 'passed' ? current.segments : activeSegments(current)).map(
        (s) => s.id,
      ),
      lastPurchaseDate: deadline,
      supersedes: earlierOf(input, deadline, stage),
    }),
  ];

  if (left < 0) {
    const cancelled = current.segments.filter((s) => s.status === 'HX');
    return raise('passed', {
      titleMessage: `Not ticketed by ${by}`,
      alerts: [
        cancelled.length > 0
          ? {
              text: `The airline cancelled the unticketed segments (HX) at the deadline ${by}: book again from current availability`,
            }
          : {
              text: `The deadline ${by} has passed unticketed: the airline may cancel the segments at any moment`,
            },
      ],
    });
  }
  // Both edges count: due right now, or exactly windowHours away.
  if (left > settings.ticketingDue.windowHours * HOUR_MS) return [];
  const inText = durationText(Math.floor(left / 60_000));
  if (left <= settings.ticketingDue.lastCallHours * HOUR_MS) {
    return raise('last', {
      titleMessage: `Last call: issue tickets by ${by}`,
      alerts: [
        { text: `Ticketing deadline in ${inText}: ${by}` },
        { text: 'Unticketed segments are cancelled by the airline (HX) at the deadline' },
      ],
    });
  }
  return raise('due', {
    titleMessage: `Issue tickets by ${by}`,
    alerts: [{ text: `Ticketing deadline in ${inText}: ${by}` }],
  });
};

export const explainTicketingDue: Explainer = ({ current, now }, settings) => {
  if (current.isTicketed) return 'the booking is ticketed';
  const deadline = current.lastPurchaseAt;
  if (deadline === null) return 'no ticketing time limit';
  const left = Date.parse(deadline) - now.getTime();
  return `deadline in ${durationText(Math.floor(left / 60_000))}, beyond the ${settings.ticketingDue.windowHours}-hour window`;
};

/** Once the booking is ticketed (here or elsewhere), its pending ticketing alerts ask nothing. */
export const withdrawTicketingDue: Withdrawer = ({ current, pending }) =>
  current.isTicketed
    ? pending.filter((notice) => notice.type === 'TicketingDue').map((notice) => notice.id)
    : [];
