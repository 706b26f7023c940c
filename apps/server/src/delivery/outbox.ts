import type { Db } from '@/db/client';
import { deliveries } from '@/db/schema';
import { recipientsOf, type NotificationTarget } from './recipients';

/**
 * Writes a notification's deliveries in the transaction that wrote the notification, one per
 * (notification, channel, recipient); writing them again adds nothing. Answers how many
 * are new.
 */
export async function enqueueDeliveries(
  tx: Db,
  notification: NotificationTarget,
  now = new Date(),
): Promise<number> {
  const recipients = await recipientsOf(tx, notification);
  if (recipients.length === 0) return 0;
  const rows = await tx
    .insert(deliveries)
    .values(
      recipients.map(({ channel, recipient }) => ({
        notificationId: notification.id,
        channel,
        recipient,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing({
      target: [deliveries.notificationId, deliveries.channel, deliveries.recipient],
    })
    .returning({ id: deliveries.id });
  return rows.length;
}
