import type { Db } from '@/db/client';
import { auditLog } from '@/db/schema';

/** Who makes a management change: the effective user and, when impersonating, the real one. */
export type Actor = { userId: number; realUserId: number };

/** One successful management change, as the audit log keeps it. */
export async function auditChange(
  tx: Db,
  actor: Actor,
  change: { action: string; entityType: string; entityId: number; details: object },
): Promise<void> {
  await tx.insert(auditLog).values({
    userId: actor.userId,
    realUserId: actor.realUserId,
    action: change.action,
    entityType: change.entityType,
    entityId: String(change.entityId),
    result: 'SUCCESS',
    details: { ...change.details },
  });
}
