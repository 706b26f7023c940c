import { uiTexts } from '@smt/shared';
import {
  kindClause,
  money,
  savingTermsOf,
  type RepriceSaving,
} from '@/monitoring/detectors/reprice-saving';

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
