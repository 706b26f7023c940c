import { and, count, desc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { signInRequests } from '@/db/schema';

export type SignInRequest = typeof signInRequests.$inferSelect;
export type NewSignInRequest = typeof signInRequests.$inferInsert;

export async function insertSignInRequest(db: Db, values: NewSignInRequest): Promise<void> {
  await db.insert(signInRequests).values(values);
}

/** How many sends went to this phone, this e-mail and from this address since a time. */
export async function countSendsSince(
  db: Db,
  target: { phone: string; email: string; ip: string },
  since: Date,
): Promise<{ phone: number; email: number; ip: number }> {
  const [row] = await db
    .select({
      phone: count(sql`case when ${signInRequests.phone} = ${target.phone} then 1 end`),
      email: count(sql`case when ${signInRequests.email} = ${target.email} then 1 end`),
      ip: count(sql`case when ${signInRequests.ip} = ${target.ip} then 1 end`),
    })
    .from(signInRequests)
    .where(
      and(
        gte(signInRequests.createdAt, since),
        or(
          eq(signInRequests.phone, target.phone),
          eq(signInRequests.email, target.email),
          eq(signInRequests.ip, target.ip),
        ),
      ),
    );
  return { phone: row?.phone ?? 0, email: row?.email ?? 0, ip: row?.ip ?? 0 };
}

/** The newest SMS code sent to this phone + e-mail pair, used up or not. */
export async function findLatestSmsRequest(
  db: Db,
  pair: { phone: string; email: string },
): Promise<SignInRequest | null> {
  const [row] = await db
    .select()
    .from(signInRequests)
    .where(
      and(
        eq(signInRequests.channel, 'sms'),
        eq(signInRequests.phone, pair.phone),
        eq(signInRequests.email, pair.email),
      ),
    )
    .orderBy(desc(signInRequests.createdAt), desc(signInRequests.id))
    .limit(1);
  return row ?? null;
}

export async function findEmailRequestBySecret(
  db: Db,
  secretHash: string,
): Promise<SignInRequest | null> {
  const [row] = await db
    .select()
    .from(signInRequests)
    .where(and(eq(signInRequests.channel, 'email'), eq(signInRequests.secretHash, secretHash)))
    .limit(1);
  return row ?? null;
}

/** Counts a wrong code; the request is used up once it reaches `maxAttempts`. */
export async function recordWrongCode(
  db: Db,
  id: number,
  maxAttempts: number,
  now: Date,
): Promise<void> {
  await db
    .update(signInRequests)
    .set({
      attempts: sql`${signInRequests.attempts} + 1`,
      consumedAt: sql`case when ${signInRequests.attempts} + 1 >= ${maxAttempts} then ${now.toISOString()}::timestamptz else ${signInRequests.consumedAt} end`,
    })
    .where(eq(signInRequests.id, id));
}

/** Uses a request up; false when another request got there first. */
export async function consumeSignInRequest(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(signInRequests)
    .set({ consumedAt: now })
    .where(and(eq(signInRequests.id, id), isNull(signInRequests.consumedAt)))
    .returning({ id: signInRequests.id });
  return rows.length === 1;
}
