import type { ErrorCode } from '@smt/shared';
import { failWith } from '@/lib/domain-error';

// Why the credits module refuses, each reason with its code of CONTRACT's error shape
// (plugins/error-reasons.ts gathers every module's).

export const errorCodes = {
  /** No such credit inside the caller's scope: another agency's is not told apart. */
  'credits.not-found': 'NOT_FOUND',
  /** A credit is entered on one of the caller's bookings, by its locator. */
  'credits.booking-not-found': 'NOT_FOUND',
  'credits.passenger-not-on-booking': 'BAD_REQUEST',
  /** The airline's reference is already in the agency's ledger. */
  'credits.already-recorded': 'CONFLICT',
  /** Past its last day a credit cannot be opened again. */
  'credits.expired': 'CONFLICT',
} as const satisfies Record<`credits.${string}`, ErrorCode>;

export const fail = failWith(errorCodes);

export const creditRefusals = {
  notFound: 'There is no such credit.',
  bookingNotFound: 'There is no such PNR among your bookings.',
  passengerNotOnBooking: 'This passenger is not on the PNR.',
  alreadyRecorded: 'A credit with this reference is already recorded for this airline.',
  expired: 'This credit is past its expiry date and cannot be opened again.',
} as const;
