import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { auditLog, bookings, bookingSnapshots, gdsConnections } from '@/db/schema';
import { ownedBy, type PnrOwner } from './pnr-list.repository';

// One of the owner's bookings: what the details and ticketing read and write.

const bookingColumns = {
  id: bookings.id,
  pnrNumber: bookings.pnrNumber,
  gdsId: bookings.gdsId,
  type: bookings.type,
  isTicketing: bookings.isTicketing,
  isTicketed: bookings.isTicketed,
  isCancelled: bookings.isCancelled,
  isDeparted: bookings.isDeparted,
  ticketingSupported: bookings.ticketingSupported,
  latestSnapshotId: bookings.latestSnapshotId,
  connectionId: bookings.connectionId,
  providerBookingId: bookings.providerBookingId,
  // A disconnected connection's booking is shown as stored and never sent to its provider.
  connectionProvider: gdsConnections.provider,
  connectionStatus: gdsConnections.status,
};

const selectBookings = (db: Db) =>
  db
    .select(bookingColumns)
    .from(bookings)
    .leftJoin(gdsConnections, eq(gdsConnections.id, bookings.connectionId));
export type OwnBooking = Awaited<ReturnType<typeof selectBookings>>[number];

export type AuditEntry = Omit<typeof auditLog.$inferInsert, 'id'>;

export async function findOwnBooking(
  db: Db,
  owner: PnrOwner,
  where: { id: number } | { gdsId: string; pnrNumber: string },
): Promise<OwnBooking | null> {
  const match =
    'id' in where
      ? eq(bookings.id, where.id)
      : and(eq(bookings.gdsId, where.gdsId), eq(bookings.pnrNumber, where.pnrNumber));
  const [row] = await selectBookings(db)
    .where(and(ownedBy(owner), match))
    .limit(1);
  return row ?? null;
}

/** The booking as the GDS answered at the engine's last check that changed it. */
export async function snapshotData(db: Db, snapshotId: number) {
  const [row] = await db
    .select({ data: bookingSnapshots.data })
    .from(bookingSnapshots)
    .where(eq(bookingSnapshots.id, snapshotId))
    .limit(1);
  return row?.data ?? null;
}

/**
 * Marks the booking as being ticketed, unless it already is: false means someone else's
 * ticketing runs, and this one must not start.
 */
export async function claimTicketing(db: Db, bookingId: number): Promise<boolean> {
  const rows = await db
    .update(bookings)
    .set({ isTicketing: true, updatedAt: sql`now()` })
    .where(and(eq(bookings.id, bookingId), eq(bookings.isTicketing, false)))
    .returning({ id: bookings.id });
  return rows.length > 0;
}

/** Lets a claimed ticketing go with nothing done: another may start. */
export async function releaseTicketing(db: Db, bookingId: number): Promise<void> {
  await db.update(bookings).set({ isTicketing: false }).where(eq(bookings.id, bookingId));
}

/**
 * Ends a ticketing: the flag goes, a ticketed booking says so at once, and the engine checks
 * it next so its snapshot and notifications follow.
 */
export async function finishTicketing(
  tx: Db,
  bookingId: number,
  outcome: { ticketedAt: Date | null; gdsNow: Date },
  audit: AuditEntry,
): Promise<void> {
  await tx
    .update(bookings)
    .set({
      isTicketing: false,
      ...(outcome.ticketedAt ? { isTicketed: true, ticketedAt: outcome.ticketedAt } : {}),
      nextCheckAt: outcome.gdsNow,
      updatedAt: sql`now()`,
    })
    .where(eq(bookings.id, bookingId));
  await tx.insert(auditLog).values(audit);
}
