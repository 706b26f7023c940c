import type { Db } from '@/db/client';
import { deliveries } from '@/db/schema';
import { managersOf, recipientsOf, type NotificationTarget } from './recipients';

/**
 * Where a notification's deliveries go at each stage: 0 when it is raised and 1 when its agent
 * is reminded of it go to its subscribers; 2 goes to the branch's managers (docs/decisions/064).
 */
export type DeliveryStage = 0 | 1 | 2;

/**
 * Writes a notification's deliveries in the transaction that wrote the notification (or its
 * escalation), one per (notification, channel, recipient, stage); writing them again adds
 * nothing. Answers how many are new.
 */
export async function enqueueDeliveries(
  tx: Db,
  notification: NotificationTarget,
  now = new Date(),
  stage: DeliveryStage = 0,
): Promise<number> {
  const recipients =
    stage === 2 ? await managersOf(tx, notification) : await recipientsOf(tx, notification);
  if (recipients.length === 0) return 0;
  const rows = await tx
    .insert(deliveries)
    .values(
      recipients.map(({ channel, recipient }) => ({
        notificationId: notification.id,
        channel,
        recipient,
        stage,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing({
      target: [
        deliveries.notificationId,
        deliveries.channel,
        deliveries.recipient,
        deliveries.stage,
      ],
    })
    .returning({ id: deliveries.id });
  return rows.length;
}
