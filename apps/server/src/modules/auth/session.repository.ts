import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { sessions, users } from '@/db/schema';

export type SessionRow = typeof sessions.$inferSelect;
export type UserRow = typeof users.$inferSelect;

export async function insertSession(
  db: Db,
  values: typeof sessions.$inferInsert,
): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning();
  if (!row) throw new Error('session insert returned nothing');
  return row;
}

/** A session with its real user and, while impersonating, the effective one. */
export async function findSessionWithUsers(
  db: Db,
  sessionId: string,
): Promise<{ session: SessionRow; user: UserRow; effective: UserRow } | null> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  if (!row) return null;
  if (row.session.impersonatedUserId === null) return { ...row, effective: row.user };
  const [effective] = await db
    .select()
    .from(users)
    .where(eq(users.id, row.session.impersonatedUserId))
    .limit(1);
  return { ...row, effective: effective ?? row.user };
}

export async function findSessionByRefreshHash(
  db: Db,
  hash: string,
): Promise<{ session: SessionRow; current: boolean } | null> {
  const [current] = await db
    .select()
    .from(sessions)
    .where(eq(sessions.refreshTokenHash, hash))
    .limit(1);
  if (current) return { session: current, current: true };
  const [previous] = await db
    .select()
    .from(sessions)
    .where(eq(sessions.previousRefreshTokenHash, hash))
    .limit(1);
  return previous ? { session: previous, current: false } : null;
}

/** Replaces the refresh token, keeping the replaced one for the grace period. */
export async function rotateRefreshToken(
  db: Db,
  sessionId: string,
  expectedHash: string,
  nextHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({
      refreshTokenHash: nextHash,
      previousRefreshTokenHash: expectedHash,
      refreshRotatedAt: now,
    })
    .where(and(eq(sessions.id, sessionId), eq(sessions.refreshTokenHash, expectedHash)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}

export async function touchSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastActiveAt: now }).where(eq(sessions.id, sessionId));
}

export async function findSession(db: Db, sessionId: string): Promise<SessionRow | null> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  return row ?? null;
}

/** Keep-logged-in changed on the profile: a new lifetime and refresh token, the old one in grace. */
export async function updateSessionLifetime(
  db: Db,
  sessionId: string,
  values: { keepLoggedIn: boolean; expiresAt: Date; refreshTokenHash: string; now: Date },
): Promise<SessionRow | null> {
  const [row] = await db
    .update(sessions)
    .set({
      keepLoggedIn: values.keepLoggedIn,
      expiresAt: values.expiresAt,
      previousRefreshTokenHash: sessions.refreshTokenHash,
      refreshTokenHash: values.refreshTokenHash,
      refreshRotatedAt: values.now,
    })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning();
  return row ?? null;
}

/** Ends the sessions acting as a user, who is about to go. */
export async function revokeSessionsImpersonating(db: Db, userId: number, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.impersonatedUserId, userId), isNull(sessions.revokedAt)));
}

export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`coalesce(${sessions.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}
