import type { Db } from '@/db/client';
import { auditLog } from '@/db/schema';

type Result = 'SUCCESS' | 'FAILURE';

/** A switch or an exit, or a refused switch: user_id is who is acted as, real_user_id who acts. */
export async function auditImpersonation(
  db: Db,
  row: {
    userId: number;
    realUserId: number;
    action: 'impersonation.start' | 'impersonation.exit';
    targetId: number | null;
    result: Result;
    details: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    userId: row.userId,
    realUserId: row.realUserId,
    action: row.action,
    entityType: 'user',
    entityId: row.targetId === null ? null : String(row.targetId),
    result: row.result,
    details: row.details,
  });
}

/** One call that changes something, made by an admin acting as someone else. */
export async function auditImpersonatedRequest(
  db: Db,
  row: { userId: number; realUserId: number; method: string; url: string; status: number },
): Promise<void> {
  await db.insert(auditLog).values({
    userId: row.userId,
    realUserId: row.realUserId,
    action: 'impersonated.request',
    entityType: 'request',
    entityId: null,
    result: row.status < 400 ? 'SUCCESS' : 'FAILURE',
    details: { method: row.method, url: row.url, status: row.status },
  });
}
