import { INACTIVE_SEGMENT_STATUSES, SEGMENT_STATUS_MEANING, uiTexts } from '@smt/shared';
import type { GdsBooking } from '@/gds/gds-types';
import {
  kindClause,
  money,
  savingTermsOf,
  type RepriceSaving,
} from '@/monitoring/detectors/reprice-saving';
import { flightText } from '@/monitoring/notification-data-of';

// Titles an operation leaves on its notification. A failed reprice says 'Reprice attempt':
// that is what makes the details banner grey rather than red (SPEC §2.5).

export const operationTitles = {
  repriced: 'Repriced',
  /** What the reprice realised, net as its alert promised it ('Saved 70.00 GBP (cash)'). */
  saved: (saving: RepriceSaving) =>
    `Saved ${money(saving.netCents, saving.currency)}${kindClause(saving)}`,
  repriceFailed: 'Reprice attempt failed',
  fareGone: 'The fare is no longer available',
  /** A saving that can no longer be counted ('the ticketed fare cannot be changed'). */
  notRepriceable: (reason: string) => `Not repriced: ${reason}`,
  segmentsRemoved: 'Segments removed',
  segmentsRemovedMessage: (count: number) =>
    count === 1 ? '1 segment removed from the PNR' : `${count} segments removed from the PNR`,
  segmentRemovalFailed: 'Segment removal failed',
  /** Segments an ADM named that the PNR no longer holds: nothing is removed. */
  segmentsGone: (gone: number, named: number) => {
    const which =
      named === 1
        ? 'The segment to remove is'
        : gone === named
          ? `The ${named} segments to remove are`
          : `${gone} of the ${named} segments to remove ${gone === 1 ? 'is' : 'are'}`;
    return `${which} no longer in the PNR: nothing was removed`;
  },
  /** A segment named for removal that holds a seat again ('LY315 TLV-JFK on … is now HK'). */
  segmentConfirmed: (flight: string, status: string, meaning: string) =>
    `Flight ${flight} is now ${status} (${meaning}): it was not removed`,
  scheduleAccepted: 'Schedule change accepted',
  scheduleAcceptedMessage: 'The new schedule is confirmed',
  scheduleFailed: 'Schedule change failed',
  ticketed: 'Ticketed',
  ticketingFailed: 'Ticketing failed',
  confirmed: 'Confirmed',
  churningConfirmed: 'The churning warning is acknowledged',
  duplicateConfirmed: 'The duplicate booking warning is acknowledged',
  creditExpiryConfirmed: 'The credit expiry warning is acknowledged',
  confirmFailed: 'Confirmation failed',
  pnrCancelled: 'PNR cancelled',
  pnrCancelledMessage: uiTexts.pnrCancelled,
} as const;

export const refusals = {
  /** A reprice whose saving shrank since its alert: what it saves now, and what was promised. */
  savingShrank: (saving: RepriceSaving, promised: number) =>
    `Repricing now saves ${money(saving.netCents, saving.currency)} net (${savingTermsOf(saving)}), where ${money(Math.round(promised * 100), saving.currency)} was promised: nothing was changed`,
  notFound: 'Notification not found',
  readonly: 'This notification is read-only',
  removed: 'This notification was removed',
  notPending: 'This notification is already complete or failed',
  takenMeanwhile: 'This notification was completed by someone else meanwhile',
  noPriceQuote: 'This notification has no price quote',
  noMainAction: (type: string) => `A ${type} notification has no main action`,
  wrongOperation: (op: string, type: string) => `Operation ${op} does not apply to ${type}`,
  cancelOnlyTicketingDue: 'Only a ticketing-due notification can cancel its PNR',
  ticketed: 'This PNR is ticketed and cannot be cancelled here',
  alreadyCancelled: 'This PNR is already cancelled',
  bookingGone: (locator: string) => `Booking ${locator} was not found`,
  refundChanged: (refund: string | null) =>
    refund === null
      ? 'The refund is no longer known: look at it again before cancelling'
      : `The refund is now ${refund}: look at it again before cancelling`,
} as const;

const inactive: readonly string[] = INACTIVE_SEGMENT_STATUSES;

/**
 * Why the segments an ADM named may no longer be removed, as the PNR stands now: one is gone,
 * or holds a seat again (the airline confirmed it); null while each is there and inactive.
 */
export function removalPremiseChanged(
  booking: Pick<GdsBooking, 'segments'>,
  segmentIds: readonly string[],
): string | null {
  const held = segmentIds.map((id) => booking.segments.find((segment) => segment.id === id));
  const gone = held.filter((segment) => segment === undefined).length;
  if (gone > 0) return operationTitles.segmentsGone(gone, segmentIds.length);
  const seated = held.find(
    (segment) => segment !== undefined && !inactive.includes(segment.status),
  );
  return seated
    ? operationTitles.segmentConfirmed(
        flightText(seated),
        seated.status,
        SEGMENT_STATUS_MEANING[seated.status],
      )
    : null;
}
