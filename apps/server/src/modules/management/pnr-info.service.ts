import { PROVIDER_LABELS, type PnrInfo } from '@smt/shared';
import type { Db } from '@/db/client';
import type { Scope } from '@/db/scope';
import { providerOf, type ProviderDeps } from '@/gds/provider-of';
import { unsupportedDetectors } from '@/monitoring/detectors/provider-support';
import { notificationDataOf } from '@/monitoring/notification-data-of';
import { fail } from './management.errors';
import * as repo from './pnr-info.repository';

const PNR_NOT_FOUND = 'PNR not found';

const isoOf = (at: Date | null) => at?.toISOString() ?? null;

/**
 * Everything the product knows of one booking: the booking as the engine last saw it (or as
 * the GDS has it now, before its first check), the engine's checks of it and what they raised.
 */
export async function pnrInfo(
  deps: ProviderDeps & { db: Db },
  scope: Scope,
  pnrNumber: string,
): Promise<PnrInfo> {
  const { db } = deps;
  const booking = await repo.findBookingByPnr(db, scope, pnrNumber);
  if (!booking) throw fail('management.pnr-not-found', PNR_NOT_FOUND);
  const [snapshot, checks, raised] = await Promise.all([
    booking.latestSnapshotId === null ? null : repo.snapshotOf(db, booking.latestSnapshotId),
    repo.checksOf(db, booking.id),
    repo.notificationsOf(db, booking.id),
  ]);
  const { gds, locator } = await providerOf(deps, booking);
  const seen = snapshot?.data ?? (await gds.retrieveBooking(locator));
  const data = seen && notificationDataOf(seen, await gds.now());
  return {
    booking: {
      id: booking.id,
      pnrNumber: booking.pnrNumber,
      gdsId: booking.gdsId,
      provider: PROVIDER_LABELS[gds.provider],
      unsupported: unsupportedDetectors(gds),
      type: booking.type,
      agencyName: booking.agencyName,
      branchPcc: booking.branchPcc,
      agentName: booking.agentName,
      monitored: booking.monitored,
      lastCheckedAt: isoOf(booking.lastCheckedAt),
      nextCheckAt: isoOf(booking.nextCheckAt),
      lastPurchaseAt: isoOf(booking.lastPurchaseAt),
    },
    snapshot: data && {
      pnr: {
        ...data.pnr,
        is_cancelled: booking.isCancelled,
        is_ticketed: booking.isTicketed,
        is_departed: booking.isDeparted,
      },
      contact: data.contact,
      passengers: data.passengers,
      flights: data.flights,
      hotels: data.hotels,
      cars: data.cars,
    },
    snapshotTakenAt: isoOf(snapshot?.takenAt ?? null),
    fare: seen?.storedFare
      ? {
          fareBasis: seen.storedFare.fareBasis,
          total: seen.storedFare.total,
          currency: seen.storedFare.currency,
          lastPurchase: seen.storedFare.lastPurchase,
        }
      : null,
    checks: checks.map((check) => ({
      checkedAt: check.checkedAt.toISOString(),
      gdsTime: isoOf(check.gdsTime),
      result: check.result,
      changed: check.changed,
      error: check.error,
      decisions: check.decisions,
    })),
    notifications: raised.map((notification) => ({
      ...notification,
      notificationTime: notification.notificationTime.toISOString(),
    })),
  };
}
