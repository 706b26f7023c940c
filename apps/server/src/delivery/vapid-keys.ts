import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { z } from 'zod';
import type { Db } from '@/db/client';
import { systemSettings } from '@/db/schema';

const KEY = 'vapid_keys';

const VapidKeys = z.object({ publicKey: z.string().min(1), privateKey: z.string().min(1) });
export type VapidKeys = z.infer<typeof VapidKeys>;

/**
 * The VAPID key pair push messages are signed with: made at first use and kept in the
 * database, so every process of one deployment signs with the same pair and browsers'
 * subscriptions outlive restarts.
 */
export async function loadVapidKeys(db: Db): Promise<VapidKeys> {
  await db
    .insert(systemSettings)
    .values({ key: KEY, value: webpush.generateVAPIDKeys() })
    .onConflictDoNothing();
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.key, KEY));
  const parsed = VapidKeys.safeParse(row?.value);
  if (!parsed.success) throw new Error('the VAPID keys could not be stored');
  return parsed.data;
}
