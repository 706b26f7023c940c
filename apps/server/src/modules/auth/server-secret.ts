import { eq } from 'drizzle-orm';
import type { Env } from '@/config/env';
import type { Db } from '@/db/client';
import { systemSettings } from '@/db/schema';
import { randomToken } from '@/lib/secrets';

const KEY = 'auth_secret';

/**
 * The key that signs access tokens and captcha challenges and hashes sign-in secrets.
 * AUTH_SECRET when set; otherwise one made at first start and kept in the database, so every
 * process of one deployment shares it.
 */
export async function loadServerSecret(db: Db, env: Env): Promise<string> {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  await db
    .insert(systemSettings)
    .values({ key: KEY, value: randomToken(48) })
    .onConflictDoNothing();
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.key, KEY));
  if (typeof row?.value !== 'string') throw new Error('the auth secret could not be stored');
  return row.value;
}
