import {
  GROUP_OF_TYPE,
  localDayText,
  startOfUtcDay,
  DAY_MS,
  type NotificationData,
} from '@smt/shared';
import type { GdsBooking } from '@/gds/gds-types';
import type { Candidate } from '../detectors/detector';
import { notificationDataOf } from '../notification-data-of';

/** An open credit as its warning names it. */
export type WarnedCredit = {
  id: number;
  /** 'LAST/FIRST'. */
  passengerName: string;
  airline: string;
  amountCents: number;
  currency: string;
  expiresOn: string;
  reference: string | null;
};

/** The booking the credit came from, as the notification shows it. */
export type CreditBooking = {
  pnrNumber: string;
  isTicketed: boolean;
  isCancelled: boolean;
  /** Its latest snapshot; null for a booking never read from its reservation system. */
  snapshot: GdsBooking | null;
};

/** One warning per credit, whatever the sweep or the worker: the notification's dedupe key. */
export const creditWarningKey = (creditId: number) => `CE:${creditId}`;

const amountText = (credit: WarnedCredit) =>
  `${(credit.amountCents / 100).toFixed(2)} ${credit.currency}`;

function daysLeftText(expiresOn: string, today: string): string {
  const days = Math.round(
    (startOfUtcDay(expiresOn).getTime() - startOfUtcDay(today).getTime()) / DAY_MS,
  );
  if (days <= 0) return 'today is its last day';
  return days === 1 ? '1 day left' : `${days} days left`;
}

/** The booking as the notification shows it; only what the bookings row knows without a snapshot. */
function dataOf(booking: CreditBooking, credit: WarnedCredit, now: Date): NotificationData {
  if (booking.snapshot) return notificationDataOf(booking.snapshot, now);
  return {
    pnr: {
      id: booking.pnrNumber,
      pcc: '',
      creator: '',
      is_cancelled: booking.isCancelled,
      is_ticketed: booking.isTicketed,
      is_voidable: false,
      is_departed: false,
    },
    contact: { name: credit.passengerName, phone: null, email: null },
    passengers: [],
    cars: [],
    hotels: [],
    flights: [],
    sc: null,
  };
}

/**
 * The notification warning that a credit nears its last day: on the booking it came from, in
 * the reprice panel, with nothing to shop or send (no deadline, saving or price quote).
 */
export function creditWarningOf(
  credit: WarnedCredit,
  booking: CreditBooking,
  today: string,
  now: Date,
): Candidate {
  const last = localDayText(credit.expiresOn);
  const who = credit.passengerName;
  const titleMessage = `Airline credit of ${amountText(credit)} with ${credit.airline} for ${who} expires on ${last}`;
  return {
    type: 'CreditExpiry',
    group: GROUP_OF_TYPE.CreditExpiry,
    title: 'Credit expiring',
    titleMessage,
    alerts: [
      { text: `${titleMessage}: ${daysLeftText(credit.expiresOn, today)}` },
      {
        text: `Use it on a new ${credit.airline} ticket for ${who} by ${last}; after that the airline keeps it`,
      },
      ...(credit.reference ? [{ text: `Credit reference ${credit.reference}` }] : []),
    ],
    remarks: booking.snapshot?.remarks ?? [],
    segmentClasses: [],
    lastPurchaseDate: null,
    data: dataOf(booking, credit, now),
    dedupeKey: creditWarningKey(credit.id),
    segmentIds: [],
    potentialSaving: null,
    savingKind: null,
    currency: null,
    priceQuotes: [],
    supersedes: [],
  };
}
