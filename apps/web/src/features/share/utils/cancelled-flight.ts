import type { PublicNotification } from '@smt/shared';

type PublicFlight = PublicNotification['flights'][number];

/** Status of a segment the airline cancelled (SPEC §9). */
const CANCELLED_STATUS = 'UN';

/** A flight shows 'Cancelled' when nothing replaced it and every old segment is UN (SPEC §2.12). */
export function isCancelledFlight(flight: PublicFlight): boolean {
  return (
    (flight.currSegments ?? []).length === 0 &&
    flight.prevSegments.length > 0 &&
    flight.prevSegments.every((segment) => segment.status === CANCELLED_STATUS)
  );
}
