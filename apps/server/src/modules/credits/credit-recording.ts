import type { AirlineCredit, CancellationOutcome, GdsBooking, GdsPassenger } from '@/gds/gds-types';
import type { Db } from '@/db/client';
import { ticketValidityEnd, type RepriceSaving } from '@/monitoring/detectors/reprice-saving';
import { activeSegments, personKey } from '@/monitoring/notification-data-of';
import { insertCredits, type NewCredit } from './credits.repository';

// What the product's own actions leave with an airline, as ledger rows (issue 36 point 4): an
// approved reprice whose difference the airline keeps, and a cancellation refunded as credit or
// with the provider's own airline credits. Recording is idempotent (the ledger's unique keys),
// so an action written twice records each credit once.

/** Where a credit sits: the booking it came from and the booking's agency, branch and agent. */
export type CreditPlace = {
  bookingId: number;
  agencyId: number;
  branchId: number;
  agentId: number;
};

/** Records credits in the caller's transaction, each once; the ids of those new. */
export const recordCredits = (tx: Db, rows: NewCredit[]): Promise<number[]> =>
  insertCredits(tx, rows);

// The last day a ticket can be used is the reprice rules' (reprice-saving.ts): a credit kept
// from it runs as long where the airline names no date ("one year from the date of
// commencement of travel, or, if the first Flight Coupon is ... unused, from the date of ticket
// issue", Qatar Airways, "What is the validity of my E-ticket?").
export { ticketValidityEnd };

/** `total` cents in `parts` shares that add up to it exactly, the odd cents to the first. */
export function splitCents(total: number, parts: number): number[] {
  if (parts <= 0) return [];
  const share = Math.floor(total / parts);
  const left = total - share * parts;
  return Array.from({ length: parts }, (_, i) => share + (i < left ? 1 : 0));
}

/**
 * The airline that holds a booking's credit. The booking does not name its validating
 * (plating) carrier, so its first flight's airline stands in: on a ticket sold by one airline,
 * the airline of its first flight is, as a rule, the one that issued it.
 */
const airlineOf = (booking: GdsBooking) =>
  (activeSegments(booking)[0] ?? booking.segments[0])?.airline ?? '';

const passengerColumns = (passenger: Pick<GdsPassenger, 'firstName' | 'lastName'>) => ({
  passengerName: `${passenger.lastName}/${passenger.firstName}`,
  passengerKey: personKey(passenger),
});

/**
 * The credits an approved reprice leaves with the airline: one per ticketed passenger, each
 * the residual of that ticket. That is the difference before the change fee, the refund fee
 * and bags (the quote's gross split over its tickets), not the net: the change fee is paid on
 * top of the reissue, not out of the credit (docs/decisions/067), and bags are bought apart. A
 * provider that states the change (Duffel) gives back its own figure, penalties already out,
 * which is what its voucher holds. Nothing where the saving is not credit or nothing comes back.
 */
export function repriceCreditsOf(input: {
  booking: GdsBooking;
  saving: RepriceSaving;
  /** The last day the quote the agent approved says the credit can be used, where it says. */
  creditExpiresOn: string | null | undefined;
  place: CreditPlace;
  notificationId: number;
}): NewCredit[] {
  const { booking, saving, place } = input;
  if (saving.kind !== 'credit' || saving.grossCents <= 0) return [];
  const passengers = booking.passengers;
  const expiresOn =
    input.creditExpiresOn ?? saving.creditExpiresOn ?? ticketValidityEnd(booking.ticketedAt);
  const amounts = splitCents(saving.grossCents, passengers.length);
  return passengers.map((passenger, i) => ({
    ...place,
    notificationId: input.notificationId,
    ...passengerColumns(passenger),
    airline: airlineOf(booking),
    amountCents: amounts[i] ?? 0,
    currency: saving.currency,
    expiresOn,
    source: 'reprice' as const,
    reference: null,
  }));
}

const CREDIT_DESTINATIONS: readonly (CancellationOutcome['refundTo'] & string)[] = [
  'voucher',
  'airline_credits',
];

/**
 * The provider's own airline credits, one row each, known by its id: the same credit read
 * again is recorded once. They are not tied to the notification, whose key allows one credit
 * per passenger, where an airline may issue a passenger one per ticket.
 */
function providerCreditsOf(
  booking: GdsBooking,
  airlineCredits: AirlineCredit[],
  place: CreditPlace,
): NewCredit[] {
  const main = booking.passengers[0];
  return airlineCredits.flatMap((credit) => {
    const holder =
      booking.passengers.find((passenger) => passenger.id === credit.passengerId) ?? main;
    if (!holder) return [];
    return [
      {
        ...place,
        notificationId: null,
        ...passengerColumns(holder),
        airline: credit.airline ?? airlineOf(booking),
        amountCents: Math.round(credit.amount.amount * 100),
        currency: credit.amount.currency,
        expiresOn:
          credit.expiresOn ?? ticketValidityEnd(credit.issuedOn ?? booking.ticketedAt ?? null),
        source: 'provider' as const,
        reference: credit.id,
      },
    ];
  });
}

/**
 * The credits a cancellation left: the provider's own airline credits where it lists them;
 * else, where the refund went to a voucher or airline credit, that refund split over the
 * passengers' tickets, valid as the unused tickets were. Nothing for a refund in money.
 */
export function cancellationCreditsOf(input: {
  /** The booking as it stood before it was cancelled. */
  booking: GdsBooking;
  outcome: CancellationOutcome;
  place: CreditPlace;
  notificationId: number;
}): NewCredit[] {
  const { booking, outcome, place } = input;
  if (outcome.airlineCredits.length > 0)
    return providerCreditsOf(booking, outcome.airlineCredits, place);
  const { refund, refundTo } = outcome;
  if (!refund || !refundTo || !CREDIT_DESTINATIONS.includes(refundTo)) return [];
  const total = Math.round(refund.amount * 100);
  if (total <= 0) return [];
  const amounts = splitCents(total, booking.passengers.length);
  const expiresOn = ticketValidityEnd(booking.ticketedAt);
  return booking.passengers.map((passenger, i) => ({
    ...place,
    notificationId: input.notificationId,
    ...passengerColumns(passenger),
    airline: airlineOf(booking),
    amountCents: amounts[i] ?? 0,
    currency: refund.currency,
    expiresOn,
    source: 'cancellation' as const,
    reference: null,
  }));
}
