import type { PnrDetails } from '@smt/shared';
import type { Db } from '@/db/client';
import { providerOf, type ProviderDeps } from '@/gds/provider-of';
import { notificationDataOf } from '@/monitoring/notification-data-of';
import { findOwnBooking, snapshotData } from './pnr-booking.repository';
import { ownerOf, type PnrCaller } from './pnr-list.service';
import { fail } from './pnrs.errors';

const NOT_YOURS = 'There is no such PNR among your bookings.';

/**
 * A booking's passengers, contact, flights, hotels and cars as the engine last saw them; a
 * booking the engine has not checked yet is asked of the GDS.
 */
export async function pnrDetails(
  deps: ProviderDeps & { db: Db },
  caller: PnrCaller,
  id: number,
): Promise<PnrDetails> {
  const owner = ownerOf(caller);
  const booking = owner && (await findOwnBooking(deps.db, owner, { id }));
  if (!booking) throw fail('pnrs.not-yours', NOT_YOURS);
  const stored =
    booking.latestSnapshotId === null
      ? null
      : await snapshotData(deps.db, booking.latestSnapshotId);
  const { gds, locator } = await providerOf(deps, booking);
  const gdsBooking = stored ?? (await gds.retrieveBooking(locator));
  if (!gdsBooking) throw fail('pnrs.not-yours', NOT_YOURS);
  const data = notificationDataOf(gdsBooking, await gds.now());
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
  };
}
