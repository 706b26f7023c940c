import type { Db } from '@/db/client';
import { auditLog } from '@/db/schema';
import type { RanBy } from './ran-by';

/**
 * One change made by a command on the server's machine. Nobody is signed in, so no user id:
 * the details say it came from the admin command and which system user ran it.
 */
export async function auditCommandChange(
  tx: Db,
  ranBy: RanBy,
  change: { action: string; entityType: string; entityId: number; details: object },
): Promise<void> {
  await tx.insert(auditLog).values({
    userId: null,
    realUserId: null,
    action: change.action,
    entityType: change.entityType,
    entityId: String(change.entityId),
    result: 'SUCCESS',
    details: { ...change.details, source: 'admin-command', ...ranBy },
  });
}
