import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { userWritten } from './user-written';

export type UserRow = typeof users.$inferSelect;

export async function findUserByPhone(db: Db, phone: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return row ?? null;
}

/**
 * The one user who proved this e-mail (or whose organisation vouched for it). Users who merely
 * typed it hold a claim, which may repeat and is not found here (docs/decisions/024).
 */
export async function findUserByConfirmedEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(eq(sql`lower(${users.email})`, email.toLowerCase()), isNotNull(users.emailConfirmedAt)),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Someone new proved their phone: a registered user with no place in any organisation yet.
 * The e-mail they typed is a claim until its link proves it.
 */
export async function insertNewRegisteredUser(
  db: Db,
  values: { name: string; email: string; phone: string },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, emailConfirmedAt: null, roles: ['ROLE_SA_NEW_REGISTERED_USER'] })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

/** The user's e-mail claim becomes proved; a no-op when it already was. */
export async function confirmEmail(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ emailConfirmedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)));
  userWritten(userId);
}

export async function recordSignIn(db: Db, userId: number, now: Date): Promise<void> {
  await db.update(users).set({ lastSignInAt: now }).where(eq(users.id, userId));
}
