import { and, count, eq, gt, sql } from 'drizzle-orm';
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

/**
 * Why a management write was refused. A taken value is named by its field and kind only:
 * the value itself is someone else's e-mail or phone (docs/decisions/025).
 */
export type RefusalDetails =
  | {
      refusal: 'taken';
      field: 'email' | 'deviceNumber' | 'pcc';
      kind: 'email' | 'phone' | 'branchCode';
    }
  | { refusal: 'rateLimited' };

/** One refused management write; `at` is the server's clock, which the limit counts by. */
export async function auditRefusal(
  tx: Db,
  actor: Actor,
  refused: {
    action: string;
    entityType: string;
    entityId: number | null;
    at: Date;
    details: RefusalDetails;
  },
): Promise<void> {
  await tx.insert(auditLog).values({
    at: refused.at,
    userId: actor.userId,
    realUserId: actor.realUserId,
    action: refused.action,
    entityType: refused.entityType,
    entityId: refused.entityId === null ? null : String(refused.entityId),
    result: 'FAILURE',
    details: { ...refused.details },
  });
}

/** How many writes of this real user were refused for a taken value since `since`. */
export async function countTakenRefusalsSince(
  tx: Db,
  realUserId: number,
  since: Date,
): Promise<number> {
  // audit_log_caller_idx (real_user_id, result, at) finds the rows; the details pick the kind.
  const [row] = await tx
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.realUserId, realUserId),
        eq(auditLog.result, 'FAILURE'),
        gt(auditLog.at, since),
        sql`${auditLog.details}->>'refusal' = 'taken'`,
      ),
    );
  return row?.n ?? 0;
}

/** Queues a real user's checked writes one behind the other, so parallel ones count right. */
export async function lockRefusalsOf(tx: Db, realUserId: number): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`management-refusals:${realUserId}`}))`,
  );
}
