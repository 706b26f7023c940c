import type { PushSubscribeBody } from '@smt/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { pushSubscriptions } from '@/db/schema';

/** Keeps a browser's subscription for the user; an endpoint seen before moves to them. */
export async function upsertPushSubscription(
  db: Db,
  userId: number,
  subscription: PushSubscribeBody,
  userAgent: string | null,
): Promise<void> {
  const values = {
    userId,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    userAgent,
  };
  await db
    .insert(pushSubscriptions)
    .values({ ...values, endpoint: subscription.endpoint })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
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
