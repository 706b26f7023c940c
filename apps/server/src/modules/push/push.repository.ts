import type { PushSubscribeBody } from '@smt/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { pushSubscriptions } from '@/db/schema';

/**
 * Keeps a browser's subscription for the user, written anew each time the browser posts it, so
 * the user's oldest row is the browser not seen for longest: beyond `keepAtMost` those go. An
 * endpoint another user holds is left with them: answers false, and nothing changes.
 */
export async function keepPushSubscription(
  db: Db,
  userId: number,
  subscription: PushSubscribeBody,
  userAgent: string | null,
  keepAtMost: number,
): Promise<boolean> {
  const { endpoint } = subscription;
  return db.transaction(async (tx) => {
    const [held] = await tx
      .select({ userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint));
    if (held && held.userId !== userId) return false;
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)));
    const made = await tx
      .insert(pushSubscriptions)
      .values({
        userId,
        endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        userAgent,
      })
      .onConflictDoNothing({ target: pushSubscriptions.endpoint })
      .returning({ id: pushSubscriptions.id });
    // Taken meanwhile by a post of the same browser (this user: kept) or of another user's.
    if (made.length === 0) {
      const [now] = await tx
        .select({ userId: pushSubscriptions.userId })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, endpoint));
      return now?.userId === userId;
    }
    const beyond = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.id))
      .offset(keepAtMost);
    if (beyond.length > 0) {
      await tx.delete(pushSubscriptions).where(
        inArray(
          pushSubscriptions.id,
          beyond.map((row) => row.id),
        ),
      );
    }
    return true;
  });
}

/** Removes the user's own subscription; answers whether there was one. */
export async function deleteOwnPushSubscription(
  db: Db,
  userId: number,
  endpoint: string,
): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}
