import { and, asc, eq, gte, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { auditLog, bookings, gdsConnections, notifications, priceQuotes } from '@/db/schema';
import { inScope, type Scope } from '@/db/scope';

type AuditEntry = Omit<typeof auditLog.$inferInsert, 'id'>;

const scoped = (scope: Scope) =>
  inScope(scope, {
    agency: notifications.agencyId,
    branch: notifications.branchId,
    agent: notifications.agentId,
  });

/** A notification the caller can see: inside the scope and not deleted (DEL). */
const visible = (scope: Scope, id: number) =>
  and(eq(notifications.id, id), scoped(scope), ne(notifications.status, 'DEL'));

/** The whole notification as the details show it, or null when the caller cannot see it. */
export async function findNotificationDetails(db: Db, scope: Scope, id: number) {
  const [row] = await db
    .select({
      id: notifications.id,
      type: notifications.type,
      subtype: notifications.subtype,
      group: notifications.group,
      typeStatus: notifications.typeStatus,
      status: notifications.status,
      title: notifications.title,
      titleMessage: notifications.titleMessage,
      notificationTime: notifications.notificationTime,
      readonly: notifications.readonly,
      payload: notifications.payload,
      data: notifications.data,
      // The booking as the product knows it now: cancelled or ticketed since it was raised.
      booking: {
        isCancelled: bookings.isCancelled,
        isTicketed: bookings.isTicketed,
        isVoidable: bookings.isVoidable,
        isDeparted: bookings.isDeparted,
      },
    })
    .from(notifications)
    .innerJoin(bookings, eq(bookings.id, notifications.bookingId))
    .where(visible(scope, id))
    .limit(1);
  return row ?? null;
}

/**
 * Marks an unread notification READ for its owner, the agent it was raised for; answers
 * whether this call did it. Nobody else's reading changes the owner's unread state.
 */
export async function markRead(
  db: Db,
  scope: Scope,
  id: number,
  ownerAgentId: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ status: 'READ', updatedAt: now })
    .where(
      and(
        eq(notifications.id, id),
        scoped(scope),
        eq(notifications.agentId, ownerAgentId),
        inArray(notifications.status, ['NEW', 'READY']),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** The fields of the header an operation's answer leaves out: they never change. */
export async function findHeaderExtras(db: Db, scope: Scope, id: number) {
  const [row] = await db
    .select({ group: notifications.group, notificationTime: notifications.notificationTime })
    .from(notifications)
    .where(and(eq(notifications.id, id), scoped(scope)))
    .limit(1);
  return row ?? null;
}

/**
 * Where the notification's booking lives (its locator, connection and provider id), or null
 * when the caller cannot see the notification.
 */
export async function findVisibleBooking(db: Db, scope: Scope, id: number) {
  const [row] = await db
    .select({
      pnrNumber: bookings.pnrNumber,
      connectionId: bookings.connectionId,
      providerBookingId: bookings.providerBookingId,
      connectionProvider: gdsConnections.provider,
      connectionStatus: gdsConnections.status,
      isTicketed: bookings.isTicketed,
      isCancelled: bookings.isCancelled,
    })
    .from(notifications)
    .innerJoin(bookings, eq(bookings.id, notifications.bookingId))
    .leftJoin(gdsConnections, eq(gdsConnections.id, bookings.connectionId))
    .where(visible(scope, id))
    .limit(1);
  return row ?? null;
}

export async function isVisible(db: Db, scope: Scope, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(visible(scope, id))
    .limit(1);
  return row !== undefined;
}

/** A visible notification's price quotes, in seq_num order. */
export async function listPriceQuotes(db: Db, scope: Scope, id: number) {
  return db
    .select({ quote: priceQuotes })
    .from(priceQuotes)
    .innerJoin(notifications, eq(notifications.id, priceQuotes.notificationId))
    .where(visible(scope, id))
    .orderBy(asc(priceQuotes.seqNum))
    .then((rows) => rows.map((row) => row.quote));
}

/** Whether a visible notification has the price quote `seqNum` on that fare basis. */
export async function hasPriceQuoteOn(
  db: Db,
  scope: Scope,
  id: number,
  seqNum: number,
  fareBasis: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: priceQuotes.id })
    .from(priceQuotes)
    .innerJoin(notifications, eq(notifications.id, priceQuotes.notificationId))
    .where(
      and(
        visible(scope, id),
        eq(priceQuotes.seqNum, seqNum),
        sql`${priceQuotes.fareConds} ->> 'farebasis' = ${fareBasis}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Locks the visible notifications among `ids` for a delete, in id order so that two bulk
 * deletes over the same rows queue rather than deadlock. Rows outside the scope, missing or
 * already deleted are not answered.
 */
export async function lockForDelete(tx: Db, scope: Scope, ids: number[]) {
  return tx
    .select({ id: notifications.id, readonly: notifications.readonly })
    .from(notifications)
    .where(and(inArray(notifications.id, ids), scoped(scope), ne(notifications.status, 'DEL')))
    .orderBy(asc(notifications.id))
    .for('update');
}

export async function markDeleted(tx: Db, scope: Scope, ids: number[], now: Date): Promise<number> {
  const rows = await tx
    .update(notifications)
    .set({ status: 'DEL', statusBeforeDelete: sql`${notifications.status}`, updatedAt: now })
    .where(and(inArray(notifications.id, ids), scoped(scope), ne(notifications.status, 'DEL')))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Puts back the visible notifications among `ids` deleted since `since`, as they were. */
export async function restoreDeleted(
  tx: Db,
  scope: Scope,
  ids: number[],
  since: Date,
  now: Date,
): Promise<number[]> {
  const rows = await tx
    .update(notifications)
    .set({
      status: sql`${notifications.statusBeforeDelete}`,
      statusBeforeDelete: null,
      updatedAt: now,
    })
    .where(
      and(
        inArray(notifications.id, ids),
        scoped(scope),
        eq(notifications.status, 'DEL'),
        isNotNull(notifications.statusBeforeDelete),
        gte(notifications.updatedAt, since),
      ),
    )
    .returning({ id: notifications.id });
  return rows.map((row) => row.id);
}

export async function insertAudits(tx: Db, entries: AuditEntry[]): Promise<void> {
  if (entries.length > 0) await tx.insert(auditLog).values(entries);
}
