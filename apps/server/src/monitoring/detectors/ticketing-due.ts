import { INACTIVE_SEGMENT_STATUSES, utcTimeText } from '@smt/shared';
import type { GdsBooking } from '@/gds/gds-types';
import {
  activeSegments,
  candidateOf,
  durationText,
  flightText,
  isAhead,
  isClosed,
  isDeparted,
} from '@/monitoring/notification-data-of';
import type {
  Candidate,
  CheckInput,
  Detector,
  Explainer,
  Withdrawer,
  DetectorModule,
} from './detector';

// Airlines cancel unticketed segments at the ticketing time limit (they turn HX): the alert
// comes in the branch's window, again as a last call, and once more when the deadline has
// passed (docs/decisions/041).

const HOUR_MS = 3_600_000;

const inactive: readonly string[] = INACTIVE_SEGMENT_STATUSES;

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

/** `cancelled`: passed, and the airline has cancelled the segments (HX). */
type Stage = 'due' | 'last' | 'passed' | 'cancelled';

const keyOf = (deadline: string, stage: Stage) =>
  stage === 'due'
    ? `TD:${deadline}`
    : stage === 'cancelled'
      ? `TD:${deadline}:passed:HX`
      : `TD:${deadline}:${stage}`;

/** The deadline is behind the booking: its alert says so and speaks for every segment. */
const isPastStage = (stage: Stage) => stage === 'passed' || stage === 'cancelled';

const EARLIER: Record<Stage, Stage[]> = {
  due: [],
  last: ['due'],
  passed: ['due', 'last'],
  cancelled: ['due', 'last', 'passed'],
};

/**
 * The earlier stages' pending alerts for the same deadline, which the later one replaces; a
 * lapsed booking's alert also replaces its pending inactive-segment alerts, whose segments it
 * names (docs/decisions/059: one alert per dead booking).
 */
function earlierOf({ pending }: CheckInput, deadline: string, stage: Stage): number[] {
  const keys = EARLIER[stage].map((s) => keyOf(deadline, s));
  const lapsed = isPastStage(stage);
  return pending
    .filter(
      (notice) =>
        (notice.type === 'TicketingDue' && keys.includes(notice.dedupeKey)) ||
        (lapsed && notice.type === 'SegmentRemoval'),
    )
    .map((notice) => notice.id);
}

/**
 * Unticketed past its time limit: the airline cancels (or may cancel at any moment) what the
 * booking holds, and the one 'deadline passed' alert speaks for all of its segments.
 */
/** The booking's 'deadline passed' alert is pending: it names the segments to remove. */
export const lapseAlertPending = (pending: CheckInput['pending']): boolean =>
  pending.some(
    (notice) => notice.type === 'TicketingDue' && /:passed(:HX)?$/.test(notice.dedupeKey),
  );

export function isLapsed(booking: GdsBooking, now: Date): boolean {
  if (booking.isTicketed || booking.lastPurchaseAt === null) return false;
  const left = Date.parse(booking.lastPurchaseAt) - now.getTime();
  // At the deadline's very minute the airline may already have cancelled (HX).
  return left < 0 || (left === 0 && booking.segments.some((s) => s.status === 'HX'));
}

export const detectTicketingDue: Detector = (input, settings) => {
  const { current, now } = input;
  const deadline = current.lastPurchaseAt;
  // A booking holds one time limit, which airlines enforce before its first flight: once the
  // trip has begun there is no ticketing deadline left to chase (docs/decisions/059).
  if (!settings.ticketingDue.enabled || isClosed(current, now) || isDeparted(current, now))
    return [];
  if (current.isTicketed || deadline === null) return [];
  const left = Date.parse(deadline) - now.getTime();
  const by = utcTimeText(deadline);
  const priceClause = isPriceDeadline(current, deadline);
  const raise = (stage: Stage, over: Pick<Candidate, 'titleMessage' | 'alerts'>) => {
    const past = isPastStage(stage);
    return [
      candidateOf(current, now, {
        type: 'TicketingDue',
        title: past ? 'Ticketing deadline passed' : 'Ticketing due',
        titleMessage: over.titleMessage,
        alerts: priceClause
          ? [
              ...over.alerts.slice(0, 1),
              { text: past ? PRICE_LAPSED : PRICE_HELD },
              ...over.alerts.slice(1),
            ]
          : over.alerts,
        dedupeKey: keyOf(deadline, stage),
        segmentIds: (past ? current.segments : activeSegments(current)).map((s) => s.id),
        lastPurchaseDate: deadline,
        supersedes: earlierOf(input, deadline, stage),
      }),
    ];
  };

  if (isLapsed(current, now)) {
    const cancelled = current.segments.filter((s) => s.status === 'HX');
    // Every inactive segment still to leave is named here, in place of an alert each.
    const toRemove = current.segments.filter((s) => inactive.includes(s.status) && isAhead(s, now));
    const removeLine =
      toRemove.length > 0
        ? [
            {
              text: `Remove ${toRemove
                .map((s) => `${flightText(s)} (${s.status})`)
                .join(', ')} to avoid an ADM`,
            },
          ]
        : [];
    return raise(cancelled.length > 0 ? 'cancelled' : 'passed', {
      titleMessage: `Not ticketed by ${by}`,
      alerts: [
        cancelled.length > 0
          ? {
              text: `The airline cancelled the unticketed segments (HX) at the deadline ${by}: book again from current availability`,
            }
          : {
              text: `The deadline ${by} has passed unticketed: the airline may cancel the segments at any moment`,
            },
        ...removeLine,
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
    ? pending
        .filter((notice) => notice.type === 'TicketingDue')
        .map((notice) => ({ id: notice.id, reason: 'the booking is ticketed' }))
    : [];

export const ticketingDueDetector: DetectorModule = {
  type: 'TicketingDue',
  detect: detectTicketingDue,
  explain: explainTicketingDue,
  withdraw: withdrawTicketingDue,
};
