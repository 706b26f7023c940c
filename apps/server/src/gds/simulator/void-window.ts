import { instantOf, localOf } from '@/gds/airport-time';
import type { GdsBooking } from '@/gds/gds-types';
import { DAY } from './local-time';
import { hashOf } from './random';
import { activeSegments } from './sim-types';
import { departureInstant } from './world';

// How long a ticket can be voided is not the agency's to choose: the settlement plan sets the
// period and the validating carrier must take part in voids (docs/decisions/069). Most BSP
// markets void on the day of issue only (Travelport, "Voiding Tickets (BSP)"; Amadeus and
// Galileo until 23:59 of the issuing day), some settings allow 24 hours from issue, and some
// carriers accept no void at all ("Vueling = void not allowed", Lleego's void API; Travelport:
// "issued by a carrier that participates in voiding"). A ticket whose first flight has left
// cannot be voided either. The shares are the simulator's own: nothing publishes them.

/** The longest void window the simulator gives a ticket: 24 hours from issue. */
export const VOID_WINDOW = DAY;

/** Shares of tickets by void terms: none, the day of issue at the agency, 24 hours. */
export const VOID_TERMS = { none: 0.1, sameDay: 0.7, fullDay: 0.2 } as const;

/** The simulated agencies sell from Israel: the day of issue ends on Tel Aviv's clock. */
const AGENCY_AIRPORT = 'TLV';

const endOfDay = (instant: number) =>
  instantOf(`${localOf(instant, AGENCY_AIRPORT).slice(0, 10)} 23:59`, AGENCY_AIRPORT);

/**
 * Until when the booking's tickets, issued at `issuedAt`, can be voided; null when they cannot
 * be at all. Drawn per ticket from its booking, validating carrier and time of issue, so the
 * same ticket always gets the same terms.
 */
export function voidUntilOf(booking: GdsBooking, issuedAt: number): number | null {
  const segments = activeSegments(booking).length > 0 ? activeSegments(booking) : booking.segments;
  const carrier = segments[0]?.airline ?? '';
  const draw = (hashOf(`void:${booking.locator}:${carrier}:${issuedAt}`) % 10_000) / 10_000;
  if (draw < VOID_TERMS.none) return null;
  const closes =
    draw < VOID_TERMS.none + VOID_TERMS.sameDay ? endOfDay(issuedAt) : issuedAt + VOID_WINDOW;
  const departures = segments.map(departureInstant);
  const until = Math.min(closes, ...departures);
  return until > issuedAt ? until : null;
}
