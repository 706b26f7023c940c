import { creditsRefusals } from '@smt/shared';
import { failWith } from '@/lib/domain-error';

// Why the credits module refuses: its reasons and their codes are shared with the web
// (@smt/shared's refusals), so both read one list.

export const errorCodes = creditsRefusals;

export const fail = failWith(errorCodes);

export const creditRefusals = {
  notFound: 'There is no such credit.',
  bookingNotFound: 'There is no such PNR among your bookings.',
  passengerNotOnBooking: 'This passenger is not on the PNR.',
  alreadyRecorded: 'A credit with this reference is already recorded for this airline.',
  expired: 'This credit is past its expiry date and cannot be opened again.',
} as const;
