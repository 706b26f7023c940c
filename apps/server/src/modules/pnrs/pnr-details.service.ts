import { connectionHelpTexts, PROVIDER_LABELS, type PnrDetails } from '@smt/shared';
import type { Db } from '@/db/client';
import { isDatabaseFault } from '@/db/database-fault';
import type { GdsBooking } from '@/gds/gds-types';
import { disconnectedProviderOf, providerOf, type ProviderDeps } from '@/gds/provider-of';
import type { Clock } from '@/lib/clock';
import { notificationDataOf } from '@/monitoring/notification-data-of';
import { creditsAvailableOn } from '@/modules/credits';
import { findOwnBooking, snapshotData, type OwnBooking } from './pnr-booking.repository';
import { ownerOf, type PnrCaller } from './pnr-list.service';
import { fail } from './pnrs.errors';

const NOT_YOURS = 'There is no such PNR among your bookings.';

type Deps = ProviderDeps & { db: Db; clock: Clock };

/**
 * The booking to show and the time to judge it by: the stored snapshot where there is one,
 * else the GDS's answer. A disconnected connection's booking is never asked of its provider
 * (docs/decisions/058): its stored snapshot, or a refusal when the engine never stored one.
 */
async function bookingToShow(
  deps: Deps,
  booking: OwnBooking,
  stored: GdsBooking | null,
): Promise<{ seen: GdsBooking | null; now: Date }> {
  const away = disconnectedProviderOf(booking);
  if (away !== null) {
    if (stored) return { seen: stored, now: deps.clock.now() };
    throw fail(
      'pnrs.connection-disconnected',
      connectionHelpTexts.disconnected(PROVIDER_LABELS[away]),
    );
  }
  const { gds, locator } = await providerOf(deps, booking);
  return { seen: stored ?? (await gds.retrieveBooking(locator)), now: await gds.now() };
}

/**
 * A booking's passengers, contact, flights, hotels and cars as the engine last saw it; a
 * booking the engine has not checked yet is asked of the GDS.
 */
async function pnrDetails(deps: Deps, caller: PnrCaller, id: number): Promise<PnrDetails> {
  const owner = ownerOf(caller);
  const booking = owner && (await findOwnBooking(deps.db, owner, { id }));
  if (!booking) throw fail('pnrs.not-yours', NOT_YOURS);
  const stored =
    booking.latestSnapshotId === null
      ? null
      : await snapshotData(deps.db, booking.latestSnapshotId);
  const { seen, now } = await bookingToShow(deps, booking, stored);
  if (!seen) throw fail('pnrs.not-yours', NOT_YOURS);
  const data = notificationDataOf(seen, now);
  // The agency's open credits its passengers hold with its airlines (issue 36).
  const credits = (await creditsAvailableOn(deps.db, [booking.id], deps.clock.now())).get(
    booking.id,
  );
  // The booking row knows the latest of these even when the snapshot is older.
  return {
    passengers: data.passengers,
    contact: data.contact,
    flights: data.flights,
    hotels: data.hotels,
    cars: data.cars,
    pnr: {
      ...data.pnr,
      is_cancelled: booking.isCancelled,
      is_ticketed: booking.isTicketed,
      is_departed: booking.isDeparted,
    },
    ...(credits ? { credit_available: credits } : {}),
  };
}

/** One of the caller's bookings, as My PNRs shows it (SPEC §7.4). */
export function createPnrDetails(deps: Deps) {
  return {
    read: (caller: PnrCaller, id: number) => pnrDetails(deps, caller, id),
    /** Whether an error reading a booking from the GDS was the database's, not the GDS's. */
    isDatabaseFault: (error: unknown) => isDatabaseFault(deps.db, error),
  };
}
