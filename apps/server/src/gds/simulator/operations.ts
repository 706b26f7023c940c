import type { FareQuote, RepriceHow, TicketingResult } from '@/gds/gds-types';
import { issue } from './evolve';
import { lowerFares, sameOffer } from './fares';
import { activeSegments, historyEntry, isInactive, type SimRecord } from './sim-types';

// What an agent's commands do to a booking, as a GDS would do them. Each answers an error
// message, or null when it changed the record (the caller then bumps the version).

export const refusal = (record: SimRecord): string | null => {
  const { locator } = record.booking;
  if (record.booking.isCancelled) return `Booking ${locator} is cancelled`;
  if (record.departed) return `Booking ${locator} has departed`;
  return null;
};

/**
 * What an agent may still do to the flights ahead once the first has left: take the
 * airline's new schedule or a cleared waitlist on the return (docs/decisions/059).
 */
const cancelledRefusal = ({ booking }: SimRecord): string | null =>
  booking.isCancelled ? `Booking ${booking.locator} is cancelled` : null;

export function repriceTo(
  record: SimRecord,
  quote: FareQuote,
  now: number,
  how?: RepriceHow,
): string | null {
  const refused = refusal(record);
  if (refused) return refused;
  // A void is of tickets the settlement plan still lets the agency void (void-window.ts).
  if (how?.byVoid && !(record.booking.isTicketed && record.booking.isVoidable))
    return `The tickets of booking ${record.booking.locator} can no longer be voided`;
  const offer = lowerFares(record, now).find((candidate) => sameOffer(candidate, quote));
  if (!offer)
    return `Fare ${quote.fareBasis} at ${quote.total} ${quote.currency} is no longer offered`;
  const { booking } = record;
  booking.storedFare = offer;
  for (const segment of booking.segments) {
    if (offer.segmentIds.includes(segment.id)) segment.flightClass = offer.flightClass;
  }
  // The booking's own time limit stays; a fare that must be ticketed sooner brings it forward.
  if (!booking.isTicketed && offer.lastPurchase !== null) {
    const own = booking.lastPurchaseAt;
    if (own === null || Date.parse(offer.lastPurchase) < Date.parse(own)) {
      booking.lastPurchaseAt = offer.lastPurchase;
    }
  }
  // Voided and issued again at the new fare: new tickets, with void terms of their own.
  if (how?.byVoid) issue(record, now);
  return null;
}

/** Removes segments; active ones are cancelled on the way (the history shows it). */
export function cancelSegments(
  record: SimRecord,
  segmentIds: string[],
  now: number,
): string | null {
  const { booking } = record;
  if (booking.isCancelled) return `Booking ${booking.locator} is cancelled`;
  if (segmentIds.length === 0) return 'No segments to cancel';
  const unknown = segmentIds.find((id) => !booking.segments.some((s) => s.id === id));
  if (unknown) return `Segment ${unknown} is not in booking ${booking.locator}`;
  for (const segment of booking.segments.filter((s) => segmentIds.includes(s.id))) {
    if (!isInactive(segment)) booking.history.push(historyEntry(now, 'CANCELLED', segment));
  }
  booking.segments = booking.segments.filter((s) => !segmentIds.includes(s.id));
  if (booking.storedFare) {
    const segmentIdsLeft = booking.storedFare.segmentIds.filter((id) => !segmentIds.includes(id));
    booking.storedFare = { ...booking.storedFare, segmentIds: segmentIdsLeft };
  }
  return null;
}

export function cancelBooking(record: SimRecord, now: number): string | null {
  const refused = refusal(record);
  if (refused) return refused;
  const { booking } = record;
  for (const segment of activeSegments(booking)) {
    booking.history.push(historyEntry(now, 'CANCELLED', segment));
    segment.status = 'HX';
  }
  booking.isCancelled = true;
  booking.lastPurchaseAt = null;
  return null;
}

/**
 * TK becomes HK; segments the airline cancelled (UN) go, their replacements stay. Only those
 * of `segmentIds` when given, as an agent changes one segment's status at a time.
 */
export function acceptScheduleChange(record: SimRecord, segmentIds?: string[]): string | null {
  const refused = cancelledRefusal(record);
  if (refused) return refused;
  const { booking } = record;
  const named = (s: { id: string }) => segmentIds === undefined || segmentIds.includes(s.id);
  const changed = booking.segments.filter(
    (s) => (s.status === 'TK' || s.status === 'UN') && named(s),
  );
  if (changed.length === 0) return `Booking ${booking.locator} has no schedule change to accept`;
  const dropped = changed.filter((s) => s.status === 'UN').map((s) => s.id);
  const taken = new Set(changed.map((s) => s.id));
  booking.segments = booking.segments
    .filter((s) => !dropped.includes(s.id))
    .map((s) => (s.status === 'TK' && taken.has(s.id) ? { ...s, status: 'HK' } : s));
  if (booking.storedFare) {
    const kept = booking.storedFare.segmentIds.filter((id) => !dropped.includes(id));
    const replacements = Object.entries(record.replaces)
      .filter(([id, old]) => dropped.includes(old) && booking.segments.some((s) => s.id === id))
      .map(([id]) => id);
    const segmentIds = booking.segments
      .map((s) => s.id)
      .filter((id) => kept.includes(id) || replacements.includes(id));
    booking.storedFare = { ...booking.storedFare, segmentIds };
  }
  return null;
}

/** KL (or KK, as some airlines answer) becomes HK. */
export function confirmWaitlist(record: SimRecord): string | null {
  const refused = cancelledRefusal(record);
  if (refused) return refused;
  const { booking } = record;
  const cleared = booking.segments.filter((s) => s.status === 'KL' || s.status === 'KK');
  if (cleared.length === 0) return `Booking ${booking.locator} has no cleared waitlist to confirm`;
  for (const segment of cleared) segment.status = 'HK';
  return null;
}

const failure = (errorText: string): TicketingResult => ({ state: 'FAILURE', errorText });

/**
 * Issues tickets: a scripted outcome when a test queued one, else what the booking allows.
 * SUCCESS and PARTIAL_SUCCESS ticket the booking; the others leave it as it was.
 */
export function issueTickets(
  record: SimRecord | null,
  now: number,
  scripted: TicketingResult | null,
): { result: TicketingResult; changed: boolean } {
  const issues = (result: TicketingResult) => {
    const ok = result.state === 'SUCCESS' || result.state === 'PARTIAL_SUCCESS';
    if (!ok || !record || record.booking.isTicketed) return { result, changed: false };
    issue(record, now);
    return { result, changed: true };
  };
  if (scripted) return issues(scripted);
  if (!record) return { result: failure('Booking not found'), changed: false };
  const { booking } = record;
  const refused = refusal(record);
  if (refused) return { result: failure(refused), changed: false };
  if (booking.isTicketed) return { result: failure('Booking is already ticketed'), changed: false };
  if (!booking.ticketingSupported) {
    return { result: failure('Ticketing is not supported for this booking'), changed: false };
  }
  if (activeSegments(booking).length === 0) {
    return { result: failure('Booking has no confirmed segments'), changed: false };
  }
  if (booking.lastPurchaseAt && Date.parse(booking.lastPurchaseAt) < now) {
    return {
      result: { state: 'EXPIRED', errorText: 'The ticketing time limit has passed' },
      changed: false,
    };
  }
  return issues({ state: 'SUCCESS', errorText: null });
}
