import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { retiredRefreshTokens, sessions, users } from '@/db/schema';
import { userWritten } from '@/modules/users/user-written';

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

/** The session a refresh token belongs to; `retiredAt` is null while it is the current one. */
export type RefreshTokenOwner = { session: SessionRow; retiredAt: Date | null };

export async function findSessionByRefreshHash(
  db: Db,
  hash: string,
): Promise<RefreshTokenOwner | null> {
  const [current] = await db
    .select()
    .from(sessions)
    .where(eq(sessions.refreshTokenHash, hash))
    .limit(1);
  if (current) return { session: current, retiredAt: null };
  const [retired] = await db
    .select({ session: sessions, retiredAt: retiredRefreshTokens.retiredAt })
    .from(retiredRefreshTokens)
    .innerJoin(sessions, eq(sessions.id, retiredRefreshTokens.sessionId))
    .where(eq(retiredRefreshTokens.hash, hash))
    .limit(1);
  if (retired) return retired;
  // Rotated before retired tokens were recorded: only the one it replaced is known.
  const [previous] = await db
    .select()
    .from(sessions)
    .where(eq(sessions.previousRefreshTokenHash, hash))
    .limit(1);
  return previous
    ? { session: previous, retiredAt: previous.refreshRotatedAt ?? new Date(0) }
    : null;
}

/**
 * Replaces the refresh token if it is still `expectedHash` (of two refreshes at once, one
 * wins), keeping the replaced one for the grace period and recording it as retired.
 */
export async function rotateRefreshToken(
  db: Db,
  sessionId: string,
  expectedHash: string,
  nextHash: string,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(sessions)
      .set({
        refreshTokenHash: nextHash,
        previousRefreshTokenHash: expectedHash,
        refreshRotatedAt: now,
      })
      .where(
        and(
          eq(sessions.id, sessionId),
          eq(sessions.refreshTokenHash, expectedHash),
          isNull(sessions.revokedAt),
        ),
      )
      .returning({ id: sessions.id });
    if (rows.length !== 1) return false;
    await retire(tx, expectedHash, sessionId, now);
    return true;
  });
}

async function retire(db: Db, hash: string, sessionId: string, now: Date) {
  await db
    .insert(retiredRefreshTokens)
    .values({ hash, sessionId, retiredAt: now })
    .onConflictDoNothing();
}

/**
 * Retired tokens serve only to end a live session they come back to; those of a user's ended
 * sessions go, so the table holds no more than the tokens of sessions still alive.
 */
export async function forgetRetiredTokensOfEndedSessions(
  db: Db,
  userId: number,
  now: Date,
): Promise<void> {
  const ended = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        or(isNotNull(sessions.revokedAt), lte(sessions.expiresAt, now)),
      ),
    );
  await db.delete(retiredRefreshTokens).where(inArray(retiredRefreshTokens.sessionId, ended));
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
  return db.transaction(async (tx) => {
    // Locked, so a refresh at the same moment cannot replace the token recorded as retired.
    const [locked] = await tx
      .select({ hash: sessions.refreshTokenHash })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
      .for('update');
    if (!locked) return null;
    const [row] = await tx
      .update(sessions)
      .set({
        keepLoggedIn: values.keepLoggedIn,
        expiresAt: values.expiresAt,
        previousRefreshTokenHash: locked.hash,
        refreshTokenHash: values.refreshTokenHash,
        refreshRotatedAt: values.now,
      })
      .where(eq(sessions.id, sessionId))
      .returning();
    await retire(tx, locked.hash, sessionId, values.now);
    return row ?? null;
  });
}

/** Ends the sessions acting as a user, who is about to go. */
export async function revokeSessionsImpersonating(db: Db, userId: number, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.impersonatedUserId, userId), isNull(sessions.revokedAt)));
  userWritten(userId);
}

export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`coalesce(${sessions.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}
