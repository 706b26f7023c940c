import { and, count, countDistinct, desc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { signInRequests } from '@/db/schema';

export type SignInRequest = typeof signInRequests.$inferSelect;
export type NewSignInRequest = typeof signInRequests.$inferInsert;

export async function insertSignInRequest(db: Db, values: NewSignInRequest): Promise<void> {
  await db.insert(signInRequests).values(values);
}

export type SendCounts = {
  /** Sends with this e-mail, any channel, withheld or not. */
  email: number;
  /** Sends from this address, any channel, withheld or not. */
  ip: number;
  /** SMS that went out to this phone. */
  phone: number;
  /** SMS that went out to this phone with this e-mail. */
  pair: number;
  /** Distinct e-mails among the SMS that went out to this phone. */
  phoneEmails: number;
};

/**
 * What the send limits count since a time (docs/decisions/052). The phone's counts take only
 * the SMS that reached it: a withheld send or an e-mail link never did.
 */
export async function countSendsSince(
  db: Db,
  target: { phone: string; email: string; ip: string },
  since: Date,
): Promise<SendCounts> {
  const reachedPhone = sql`${signInRequests.channel} = 'sms' and not ${signInRequests.withheld} and ${signInRequests.phone} = ${target.phone}`;
  const [row] = await db
    .select({
      email: count(sql`case when ${signInRequests.email} = ${target.email} then 1 end`),
      ip: count(sql`case when ${signInRequests.ip} = ${target.ip} then 1 end`),
      phone: count(sql`case when ${reachedPhone} then 1 end`),
      pair: count(
        sql`case when ${reachedPhone} and ${signInRequests.email} = ${target.email} then 1 end`,
      ),
      phoneEmails: countDistinct(
        sql`case when ${reachedPhone} then lower(${signInRequests.email}) end`,
      ),
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
  return {
    email: row?.email ?? 0,
    ip: row?.ip ?? 0,
    phone: row?.phone ?? 0,
    pair: row?.pair ?? 0,
    phoneEmails: row?.phoneEmails ?? 0,
  };
}

/**
 * The newest SMS code sent to this phone + e-mail pair, used up or not. A withheld one is
 * found too, so that a code typed for it is answered as a wrong one, as for a code that went
 * out; it matches no code (docs/decisions/052).
 */
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
    .where(
      and(
        eq(signInRequests.channel, 'email'),
        eq(signInRequests.withheld, false),
        eq(signInRequests.secretHash, secretHash),
      ),
    )
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
