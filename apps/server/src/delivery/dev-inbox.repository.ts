import { desc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { devInbox } from '@/db/schema';

export type DevMessage = typeof devInbox.$inferInsert;

export async function insertDevMessage(db: Db, message: DevMessage): Promise<void> {
  await db.insert(devInbox).values(message);
}

export async function listDevMessages(db: Db, recipient: string, limit = 50) {
  return db
    .select()
    .from(devInbox)
    .where(eq(devInbox.recipient, recipient))
    .orderBy(desc(devInbox.createdAt), desc(devInbox.id))
    .limit(limit);
}
