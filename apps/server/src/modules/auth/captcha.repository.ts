import { eq, lt } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { usedCaptchas } from '@/db/schema';

export async function isCaptchaUsed(db: Db, signature: string): Promise<boolean> {
  const [row] = await db
    .select({ signature: usedCaptchas.signature })
    .from(usedCaptchas)
    .where(eq(usedCaptchas.signature, signature))
    .limit(1);
  return row !== undefined;
}

/** Records a payload as used; false when it already was (a replay, or a race). */
export async function markCaptchaUsed(
  db: Db,
  signature: string,
  expiresAt: Date,
  now: Date,
): Promise<boolean> {
  // Payloads past their expiry are refused anyway, so their records can go.
  await db.delete(usedCaptchas).where(lt(usedCaptchas.expiresAt, now));
  const rows = await db
    .insert(usedCaptchas)
    .values({ signature, expiresAt })
    .onConflictDoNothing()
    .returning({ signature: usedCaptchas.signature });
  return rows.length === 1;
}
