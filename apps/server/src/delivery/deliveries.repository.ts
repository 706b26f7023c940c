import { and, asc, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { bookings, deliveries, notifications, pushSubscriptions, users } from '@/db/schema';

/**
 * Marks pending deliveries as queued and answers their ids: those never queued, and those
 * queued longer than `holdMs` ago whose job was lost.
 */
export async function claimUnqueuedDeliveries(
  db: Db,
  now: Date,
  limit: number,
  holdMs: number,
): Promise<number[]> {
  const waiting = db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(
      and(
        eq(deliveries.status, 'PENDING'),
        or(isNull(deliveries.queuedAt), lt(deliveries.queuedAt, new Date(now.getTime() - holdMs))),
      ),
    )
    .orderBy(asc(deliveries.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(deliveries)
    .set({ queuedAt: now, updatedAt: now })
    .where(inArray(deliveries.id, waiting))
    .returning({ id: deliveries.id });
  return rows.map((row) => row.id);
}

/** A delivery with what its message is made of, or null when it is gone. */
export async function loadDelivery(db: Db, id: number) {
  const [row] = await db
    .select({
      id: deliveries.id,
      channel: deliveries.channel,
      recipient: deliveries.recipient,
      status: deliveries.status,
      notification: {
        id: notifications.id,
        title: notifications.title,
        titleMessage: notifications.titleMessage,
        pnrSummary: notifications.pnrSummary,
        pnr: bookings.pnrNumber,
        stage: deliveries.stage,
      },
    })
    .from(deliveries)
    .innerJoin(notifications, eq(notifications.id, deliveries.notificationId))
    .innerJoin(bookings, eq(bookings.id, notifications.bookingId))
    .where(eq(deliveries.id, id));
  return row ?? null;
}

export type DeliveryRow = NonNullable<Awaited<ReturnType<typeof loadDelivery>>>;

/** Why a delivery that a process was sending when it died is not sent again. */
export const INTERRUPTED_REASON =
  'interrupted while sending; not sent again so that it cannot arrive twice';

/**
 * Takes a pending delivery for sending: PENDING becomes SENDING, committed before anything
 * goes out, so no other run (a retried job, another worker, this one after a restart) sends
 * it too. False when it was not pending any more. A SENDING row's updated_at is when it was
 * taken.
 */
export async function claimDelivery(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(deliveries)
    .set({ status: 'SENDING', updatedAt: now })
    .where(and(eq(deliveries.id, id), eq(deliveries.status, 'PENDING')))
    .returning({ id: deliveries.id });
  return rows.length > 0;
}

/**
 * Records a delivery that went out. One that was ended as interrupted while its send was
 * slow is sent after all, and says so.
 */
export async function markDeliverySent(db: Db, id: number, now: Date): Promise<void> {
  await db
    .update(deliveries)
    .set({ status: 'SENT', sentAt: now, attempts: sql`${deliveries.attempts} + 1`, updatedAt: now })
    .where(
      and(
        eq(deliveries.id, id),
        or(
          eq(deliveries.status, 'SENDING'),
          and(eq(deliveries.status, 'DEAD'), eq(deliveries.lastError, INTERRUPTED_REASON)),
        ),
      ),
    );
}

/** A send that failed: the delivery is pending again, for the queue's next try, with the try counted. */
export async function recordDeliveryFailure(
  db: Db,
  id: number,
  error: string,
  now: Date,
): Promise<void> {
  await db
    .update(deliveries)
    .set({
      status: 'PENDING',
      attempts: sql`${deliveries.attempts} + 1`,
      lastError: error,
      updatedAt: now,
    })
    .where(and(eq(deliveries.id, id), eq(deliveries.status, 'SENDING')));
}

/**
 * A delivery that will not be tried again: a pending one after its last try, or one taken for
 * sending that turned out to have nowhere to go. A sent one stays sent.
 */
export async function markDeliveryDead(
  db: Db,
  id: number,
  now: Date,
  error?: string,
  from: 'PENDING' | 'SENDING' = 'PENDING',
): Promise<void> {
  await db
    .update(deliveries)
    .set({ status: 'DEAD', updatedAt: now, ...(error === undefined ? {} : { lastError: error }) })
    .where(and(eq(deliveries.id, id), eq(deliveries.status, from)));
}

/**
 * Ends as DEAD the deliveries taken for sending before `takenBefore` (all of them, or those of
 * `only`) and not among `busy`: their sender died, or cannot tell whether it sent them.
 * Answers their ids.
 */
export async function endInterruptedDeliveries(
  db: Db,
  now: Date,
  takenBefore: Date,
  { only, busy = [] }: { only?: number[]; busy?: number[] } = {},
): Promise<number[]> {
  const rows = await db
    .update(deliveries)
    .set({ status: 'DEAD', lastError: INTERRUPTED_REASON, updatedAt: now })
    .where(
      and(
        eq(deliveries.status, 'SENDING'),
        lt(deliveries.updatedAt, takenBefore),
        only === undefined ? undefined : inArray(deliveries.id, only),
        busy.length === 0 ? undefined : notInArray(deliveries.id, busy),
      ),
    )
    .returning({ id: deliveries.id });
  return rows.map((row) => row.id);
}

/** A push subscription with its owner's e-mail, or null when it was removed. */
export async function findPushSubscription(db: Db, endpoint: string) {
  const [row] = await db
    .select({
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      email: users.email,
    })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(eq(pushSubscriptions.endpoint, endpoint));
  return row ?? null;
}

export async function deletePushSubscription(db: Db, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}
