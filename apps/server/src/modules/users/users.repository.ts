import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserByPhone(db: Db, phone: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return row ?? null;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** Someone new signs in: a registered user with no place in any organisation yet. */
export async function insertNewRegisteredUser(
  db: Db,
  values: { name: string; email: string; phone: string },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, roles: ['ROLE_SA_NEW_REGISTERED_USER'] })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

export async function recordSignIn(db: Db, userId: number, now: Date): Promise<void> {
  await db.update(users).set({ lastSignInAt: now }).where(eq(users.id, userId));
}
