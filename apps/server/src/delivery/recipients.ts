import { PROCESS_OF_TYPE, type Media, type NotificationType } from '@smt/shared';
import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { pushSubscriptions, subscriptions, users } from '@/db/schema';

export type NotificationTarget = {
  id: number;
  type: NotificationType;
  branchId: number;
  agentId: number;
};

export type Recipient = { channel: Media; recipient: string };

/**
 * Who gets a notification, following the subscriptions of its process: a branch-level row
 * covers the branch's enabled users, an agent-level row the agent's. E-mail goes to the
 * user's address, push to each of the user's browser subscriptions.
 */
export async function recipientsOf(db: Db, notification: NotificationTarget): Promise<Recipient[]> {
  const rows = await db
    .select({ media: subscriptions.media, agentId: subscriptions.agentId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.process, PROCESS_OF_TYPE[notification.type]),
        or(
          and(isNull(subscriptions.agentId), eq(subscriptions.branchId, notification.branchId)),
          eq(subscriptions.agentId, notification.agentId),
        ),
      ),
    );
  const audienceOf = (media: Media): SQL | undefined => {
    const levels = rows.filter((row) => row.media === media);
    const conditions = [
      levels.some((row) => row.agentId === null)
        ? eq(users.branchId, notification.branchId)
        : undefined,
      levels.some((row) => row.agentId !== null)
        ? eq(users.agentId, notification.agentId)
        : undefined,
    ].filter((condition) => condition !== undefined);
    return conditions.length > 0 ? and(eq(users.enabled, true), or(...conditions)) : undefined;
  };

  const recipients: Recipient[] = [];
  const emailAudience = audienceOf('EMAIL');
  if (emailAudience) {
    const found = await db.select({ email: users.email }).from(users).where(emailAudience);
    for (const { email } of found) recipients.push({ channel: 'EMAIL', recipient: email });
  }
  const pushAudience = audienceOf('PUSH');
  if (pushAudience) {
    const found = await db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .innerJoin(users, eq(users.id, pushSubscriptions.userId))
      .where(pushAudience);
    for (const { endpoint } of found) recipients.push({ channel: 'PUSH', recipient: endpoint });
  }
  return recipients;
}
