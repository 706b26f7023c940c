import { BOOKING_CHECKS_KEPT } from '@smt/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import {
  agencies,
  agents,
  bookingChecks,
  bookings,
  bookingSnapshots,
  branches,
  gdsConnections,
  notifications,
} from '@/db/schema';
import { inScope, type Scope } from '@/db/scope';

// A notification list per booking is short; this bounds a booking the engine kept busy.
const NOTIFICATIONS_SHOWN = 200;

/** The booking with this PNR number inside the scope, with the names of its owners. */
export async function findBookingByPnr(db: Db, scope: Scope, pnrNumber: string) {
  const [row] = await db
    .select({
      id: bookings.id,
      pnrNumber: bookings.pnrNumber,
      gdsId: bookings.gdsId,
      type: bookings.type,
      agencyName: agencies.name,
      branchPcc: branches.pcc,
      sourceQueue: bookings.sourceQueue,
      agentName: agents.name,
      monitored: bookings.monitored,
      isCancelled: bookings.isCancelled,
      isTicketed: bookings.isTicketed,
      isDeparted: bookings.isDeparted,
      lastCheckedAt: bookings.lastCheckedAt,
      nextCheckAt: bookings.nextCheckAt,
      lastPurchaseAt: bookings.lastPurchaseAt,
      latestSnapshotId: bookings.latestSnapshotId,
      connectionId: bookings.connectionId,
      providerBookingId: bookings.providerBookingId,
      connectionProvider: gdsConnections.provider,
      connectionStatus: gdsConnections.status,
    })
    .from(bookings)
    .innerJoin(agencies, eq(agencies.id, bookings.agencyId))
    .innerJoin(branches, eq(branches.id, bookings.branchId))
    .innerJoin(agents, eq(agents.id, bookings.agentId))
    .leftJoin(gdsConnections, eq(gdsConnections.id, bookings.connectionId))
    .where(
      and(
        eq(bookings.pnrNumber, pnrNumber),
        inScope(scope, {
          agency: bookings.agencyId,
          branch: bookings.branchId,
          agent: bookings.agentId,
        }),
      ),
    )
    .orderBy(desc(bookings.createdAt))
    .limit(1);
  return row ?? null;
}
export async function snapshotOf(db: Db, id: number) {
  const [row] = await db
    .select({ takenAt: bookingSnapshots.takenAt, data: bookingSnapshots.data })
    .from(bookingSnapshots)
    .where(eq(bookingSnapshots.id, id));
  return row ?? null;
}

export function checksOf(db: Db, bookingId: number) {
  return db
    .select()
    .from(bookingChecks)
    .where(eq(bookingChecks.bookingId, bookingId))
    .orderBy(desc(bookingChecks.checkedAt), desc(bookingChecks.id))
    .limit(BOOKING_CHECKS_KEPT);
}

export function notificationsOf(db: Db, bookingId: number) {
  return db
    .select({
      id: notifications.id,
      type: notifications.type,
      group: notifications.group,
      subtype: notifications.subtype,
      status: notifications.status,
      title: notifications.title,
      titleMessage: notifications.titleMessage,
      notificationTime: notifications.notificationTime,
    })
    .from(notifications)
    .where(eq(notifications.bookingId, bookingId))
    .orderBy(desc(notifications.notificationTime), desc(notifications.id))
    .limit(NOTIFICATIONS_SHOWN);
}
