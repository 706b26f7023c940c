import { connectionHelpTexts, PROVIDER_LABELS, type PnrInfo } from '@smt/shared';
import type { Db } from '@/db/client';
import type { Scope } from '@/db/scope';
import type { GdsBooking } from '@/gds/gds-types';
import {
  capabilitiesOf,
  disconnectedProviderOf,
  providerOf,
  type ProviderDeps,
} from '@/gds/provider-of';
import type { Clock } from '@/lib/clock';
import {
  unsupportedDetectors,
  type ProviderSupport,
} from '@/monitoring/detectors/provider-support';
import { notificationDataOf } from '@/monitoring/notification-data-of';
import { fail } from './management.errors';
import * as repo from './pnr-info.repository';

const PNR_NOT_FOUND = 'PNR not found';

const isoOf = (at: Date | null) => at?.toISOString() ?? null;

type Deps = ProviderDeps & { db: Db; clock: Clock };
type Found = NonNullable<Awaited<ReturnType<typeof repo.findBookingByPnr>>>;

/**
 * The booking as the engine last stored it, or as the GDS has it now before its first check,
 * with its provider. A disconnected connection's provider is not asked (docs/decisions/058):
 * its booking is the stored one, and its provider's name says so.
 */
async function bookingSeen(
  deps: Deps,
  booking: Found,
  stored: GdsBooking | null,
): Promise<{ seen: GdsBooking | null; now: Date; support: ProviderSupport; label: string }> {
  const away = disconnectedProviderOf(booking);
  if (away !== null) {
    const support = { provider: away, capabilities: capabilitiesOf(away) };
    const label = connectionHelpTexts.storedOnly(PROVIDER_LABELS[away]);
    return { seen: stored, now: deps.clock.now(), support, label };
  }
  const { gds, locator } = await providerOf(deps, booking);
  const seen = stored ?? (await gds.retrieveBooking(locator));
  const now = await gds.now();
  return { seen, now, support: gds, label: PROVIDER_LABELS[gds.provider] };
}

/**
 * Everything the product knows of one booking: the booking as the engine last saw it (or as
 * the GDS has it now, before its first check), the engine's checks of it and what they raised.
 */
export async function pnrInfo(deps: Deps, scope: Scope, pnrNumber: string): Promise<PnrInfo> {
  const { db } = deps;
  const booking = await repo.findBookingByPnr(db, scope, pnrNumber);
  if (!booking) throw fail('management.pnr-not-found', PNR_NOT_FOUND);
  const [snapshot, checks, raised] = await Promise.all([
    booking.latestSnapshotId === null ? null : repo.snapshotOf(db, booking.latestSnapshotId),
    repo.checksOf(db, booking.id),
    repo.notificationsOf(db, booking.id),
  ]);
  const { seen, now, support, label } = await bookingSeen(deps, booking, snapshot?.data ?? null);
  const data = seen && notificationDataOf(seen, now);
  return {
    booking: {
      id: booking.id,
      pnrNumber: booking.pnrNumber,
      gdsId: booking.gdsId,
      provider: label,
      unsupported: unsupportedDetectors(support),
      type: booking.type,
      agencyName: booking.agencyName,
      branchPcc: booking.branchPcc,
      queue: booking.sourceQueue,
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

/** The PNR info page's service, over the providers every booking may be reached through. */
export function createPnrInfo(deps: Deps) {
  return {
    /** One booking by its number, among those of the scope. */
    find: (scope: Scope, pnrNumber: string) => pnrInfo(deps, scope, pnrNumber),
  };
}
