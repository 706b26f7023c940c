import { and, arrayContains, eq, ne } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { userWritten } from '@/modules/users/user-written';

export async function updateUserName(tx: Db, userId: number, name: string, now: Date) {
  await tx.update(users).set({ name, updatedAt: now }).where(eq(users.id, userId));
  userWritten(userId);
}

/**
 * The enabled super users other than this one, locked until the transaction ends, so two last
 * super users unregistering at once cannot both go.
 */
export async function lockOtherSuperUsers(tx: Db, userId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        arrayContains(users.roles, ['ROLE_SA_SUPER_USER']),
        eq(users.enabled, true),
        ne(users.id, userId),
      ),
    )
    .for('update');
  return rows.map((row) => row.id);
}

/** Sessions and push subscriptions go with the user; audit rows stay with the user unset. */
export async function deleteUser(tx: Db, userId: number): Promise<void> {
  await tx.delete(users).where(eq(users.id, userId));
  userWritten(userId);
}
