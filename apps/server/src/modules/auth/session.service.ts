import { errorMessages, routeRolesOf, type RouteRole } from '@smt/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '@/config/env';
import type { Db } from '@/db/client';
import { scopeOf, type Scope } from '@/db/scope';
import type { Clock } from '@/lib/clock';
import { hashSecret, randomToken } from '@/lib/secrets';
import { issueAccessToken, readAccessToken } from './access-token';
import { fail } from './auth.errors';
import { createSessionCache, type SessionCache } from './session-cache';
import {
  findSession,
  findSessionByRefreshHash,
  findSessionWithUsers,
  forgetRetiredTokensOfEndedSessions,
  insertSession,
  revokeSession,
  rotateRefreshToken,
  touchSession,
  updateSessionLifetime,
  type SessionRow,
  type UserRow,
} from './session.repository';

export const ACCESS_TOKEN_MINUTES = 10;
// Without 'keep me logged in' a session also ends this long after sign-in, active or not.
const SESSION_MAX_HOURS = 12;
// Two tabs may refresh at once; the refresh token one of them replaced stays good this long.
// Presented later, it is a copy in other hands, or the original after a copy was used: the
// session ends (refresh-token reuse detection).
const REFRESH_GRACE_MS = 60_000;
// Writing the last-active time on every call would write on every read; this is fine enough.
const ACTIVITY_WRITE_INTERVAL_MS = 30_000;

/** Who is calling: the effective user (impersonated or not), the real one, and their scope. */
export type AuthContext = {
  sessionId: string;
  user: UserRow;
  realUser: UserRow;
  scope: Scope;
  routeRoles: RouteRole[];
};

export type IssuedTokens = {
  accessToken: string;
  expiresAt: Date;
  /** Null when the browser already holds the current refresh token. */
  refreshToken: string | null;
  /** Null for a cookie that ends with the browser. */
  cookieMaxAgeSeconds: number | null;
};

const sessionExpired = () => fail('auth.session-expired', errorMessages.sessionExpired);

export type SessionService = ReturnType<typeof createSessionService>;

export function createSessionService(deps: {
  env: Env;
  db: Db;
  clock: Clock;
  secret: string;
  log: FastifyBaseLogger;
  cache?: SessionCache;
}) {
  const { env, db, clock, secret, log } = deps;
  const cache = deps.cache ?? createSessionCache({ ttlMs: env.SESSION_CACHE_SECONDS * 1000 });
  // Every end of a session goes through here, so that this process refuses it at once.
  const revoke = async (tx: Db, sessionId: string, now: Date) => {
    cache.forget(sessionId);
    await revokeSession(tx, sessionId, now);
    cache.forget(sessionId);
  };
  const refreshHash = (token: string) => hashSecret(`refresh:${secret}`, token);

  const cookieMaxAge = (session: SessionRow) =>
    session.keepLoggedIn ? env.KEEP_LOGGED_IN_DAYS * 24 * 60 * 60 : null;

  const accessFor = (session: SessionRow, now: Date) => {
    const expiresAt = new Date(
      Math.min(now.getTime() + ACCESS_TOKEN_MINUTES * 60_000, session.expiresAt.getTime()),
    );
    return { accessToken: issueAccessToken(secret, session.id, expiresAt), expiresAt };
  };

  const isIdle = (session: SessionRow, now: Date) =>
    !session.keepLoggedIn &&
    now.getTime() - session.lastActiveAt.getTime() > env.SESSION_DURATION_MINUTES * 60_000;

  const hasEnded = (session: SessionRow, now: Date) =>
    session.revokedAt !== null || session.expiresAt <= now || isIdle(session, now);

  const lifetimeEnd = (keepLoggedIn: boolean, now: Date) =>
    new Date(
      now.getTime() +
        (keepLoggedIn
          ? env.KEEP_LOGGED_IN_DAYS * 24 * 60 * 60_000
          : SESSION_MAX_HOURS * 60 * 60_000),
    );

  type ClientMeta = { ip: string; userAgent: string | undefined };

  // An access token for a session whose cookie the browser already holds.
  const withoutNewCookie = (session: SessionRow, now: Date): IssuedTokens => ({
    ...accessFor(session, now),
    refreshToken: null,
    cookieMaxAgeSeconds: cookieMaxAge(session),
  });

  return {
    /** Sessions read lately; what ends or changes a session elsewhere tells it to forget. */
    cache,

    async start(
      user: UserRow,
      options: { keepLoggedIn: boolean; ip: string; userAgent: string | undefined },
    ): Promise<IssuedTokens> {
      const now = clock.now();
      await forgetRetiredTokensOfEndedSessions(db, user.id, now);
      const refreshToken = randomToken();
      const session = await insertSession(db, {
        userId: user.id,
        refreshTokenHash: refreshHash(refreshToken),
        keepLoggedIn: options.keepLoggedIn,
        lastActiveAt: now,
        expiresAt: lifetimeEnd(options.keepLoggedIn, now),
        ip: options.ip,
        userAgent: options.userAgent?.slice(0, 500) ?? null,
        createdAt: now,
      });
      return {
        ...accessFor(session, now),
        refreshToken,
        cookieMaxAgeSeconds: cookieMaxAge(session),
      };
    },

    /**
     * Impersonation starts or stops: a new session of the same real user acting as
     * `impersonatedUserId` (null: as themselves), and the old one ends, so tokens issued before
     * the switch act as nobody. The new session keeps the old one's keep-logged-in choice and
     * its end, so switching never lengthens a session.
     */
    async replace(
      sessionId: string,
      impersonatedUserId: number | null,
      meta: ClientMeta,
      tx: Db = db,
    ): Promise<IssuedTokens & { sessionId: string }> {
      const now = clock.now();
      const old = await findSession(tx, sessionId);
      if (!old || hasEnded(old, now)) throw sessionExpired();
      const refreshToken = randomToken();
      const session = await insertSession(tx, {
        userId: old.userId,
        impersonatedUserId,
        refreshTokenHash: refreshHash(refreshToken),
        keepLoggedIn: old.keepLoggedIn,
        lastActiveAt: now,
        expiresAt: old.expiresAt,
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 500) ?? null,
        createdAt: now,
      });
      await revoke(tx, sessionId, now);
      return {
        ...accessFor(session, now),
        refreshToken,
        cookieMaxAgeSeconds: cookieMaxAge(session),
        sessionId: session.id,
      };
    },

    /** This session's keep-logged-in choice, as the profile page shows it. */
    async keepsLoggedIn(sessionId: string): Promise<boolean> {
      return (await findSession(db, sessionId))?.keepLoggedIn ?? false;
    },

    /**
     * The profile changes keep-logged-in for this session: its lifetime starts again from now
     * under the new choice (the inactivity limit applies only without it), and the cookie is
     * sent again with a new refresh token, permanent or ending with the browser.
     */
    async setKeepLoggedIn(
      sessionId: string,
      keepLoggedIn: boolean,
      tx: Db = db,
    ): Promise<IssuedTokens> {
      const now = clock.now();
      const current = await findSession(tx, sessionId);
      if (!current || hasEnded(current, now)) throw sessionExpired();
      if (current.keepLoggedIn === keepLoggedIn) return withoutNewCookie(current, now);
      const refreshToken = randomToken();
      const session = await updateSessionLifetime(tx, sessionId, {
        keepLoggedIn,
        expiresAt: lifetimeEnd(keepLoggedIn, now),
        refreshTokenHash: refreshHash(refreshToken),
        now,
      });
      cache.forget(sessionId);
      if (!session) throw sessionExpired();
      return {
        ...accessFor(session, now),
        refreshToken,
        cookieMaxAgeSeconds: cookieMaxAge(session),
      };
    },

    async authenticate(
      credentials: {
        token: string | undefined;
        phone: string | undefined;
        email: string | undefined;
      },
      options: { background: boolean },
    ): Promise<AuthContext> {
      const now = clock.now();
      if (!credentials.token) throw fail('auth.signed-out', 'Please sign in.');
      const sessionId = readAccessToken(secret, credentials.token, now);
      if (!sessionId) throw sessionExpired();
      const cached = cache.get(sessionId);
      // A cached session that now looks ended is read again: the end is decided on the row.
      const found =
        cached && !hasEnded(cached.session, now)
          ? cached
          : await findSessionWithUsers(db, sessionId);
      if (!found || hasEnded(found.session, now)) {
        cache.forget(sessionId);
        if (found && found.session.revokedAt === null) await revoke(db, sessionId, now);
        throw sessionExpired();
      }
      const { session, user, effective } = found;
      // The headers name the signed-in person; a token used with someone else's are refused.
      const phoneMatches = credentials.phone === user.phone;
      const emailMatches = credentials.email?.toLowerCase() === user.email.toLowerCase();
      if (!phoneMatches || !emailMatches) throw fail('auth.identity-mismatch', 'Please sign in.');
      if (!user.enabled || !effective.enabled) {
        await revoke(db, sessionId, now);
        throw fail('auth.session-user-disabled', errorMessages.appAccessDenied);
      }
      if (found !== cached) cache.set(sessionId, found);
      const idleFor = now.getTime() - session.lastActiveAt.getTime();
      if (!options.background && idleFor > ACTIVITY_WRITE_INTERVAL_MS) {
        await touchSession(db, sessionId, now);
        cache.touched(sessionId, now);
      }
      return {
        sessionId,
        user: effective,
        realUser: user,
        scope: scopeOf(effective),
        routeRoles: routeRolesOf(effective.roles),
      };
    },

    /**
     * Until when a session lasts if nothing ends it sooner: its lifetime or, without 'keep me
     * logged in', its idle limit from its last activity. Null once it has ended or either of
     * its users is disabled, which is then recorded as `authenticate` would, so every process
     * hears it. Read fresh, never from the cache: a live stream asks as it opens and when that
     * time comes, since no NOTIFY tells of a session idling out (decision 045).
     */
    async liveUntil(sessionId: string): Promise<Date | null> {
      const now = clock.now();
      const found = await findSessionWithUsers(db, sessionId);
      if (!found) return null;
      const { session, user, effective } = found;
      if (hasEnded(session, now) || !user.enabled || !effective.enabled) {
        if (session.revokedAt === null) await revoke(db, sessionId, now);
        return null;
      }
      // Idle is strictly past the limit: the first moment it counts is a millisecond later.
      const idleAt = session.keepLoggedIn
        ? Number.POSITIVE_INFINITY
        : session.lastActiveAt.getTime() + env.SESSION_DURATION_MINUTES * 60_000 + 1;
      return new Date(Math.min(session.expiresAt.getTime(), idleAt));
    },

    async refresh(refreshToken: string | undefined): Promise<IssuedTokens> {
      const now = clock.now();
      if (!refreshToken) throw sessionExpired();
      const hash = refreshHash(refreshToken);
      const found = await findSessionByRefreshHash(db, hash);
      if (!found || hasEnded(found.session, now)) throw sessionExpired();
      const { session, retiredAt } = found;
      if (retiredAt !== null) {
        if (now.getTime() - retiredAt.getTime() <= REFRESH_GRACE_MS) {
          return withoutNewCookie(session, now);
        }
        // Which of the two holders is the thief cannot be told, so neither keeps the session.
        await revoke(db, session.id, now);
        log.warn(
          { sessionId: session.id, userId: session.userId },
          'a retired refresh token was presented again; the session is ended',
        );
        throw sessionExpired();
      }
      const next = randomToken();
      if (!(await rotateRefreshToken(db, session.id, hash, refreshHash(next), now))) {
        // Another refresh with this token won a moment ago (its cookie is the browser's now),
        // or the session ended meanwhile.
        const latest = await findSession(db, session.id);
        if (!latest || hasEnded(latest, now)) throw sessionExpired();
        return withoutNewCookie(latest, now);
      }
      return {
        ...accessFor(session, now),
        refreshToken: next,
        cookieMaxAgeSeconds: cookieMaxAge(session),
      };
    },

    async endByAccessToken(token: string | undefined): Promise<void> {
      if (!token) return;
      // An expired token still names the session it belonged to; signing out ends that session.
      const sessionId = readAccessToken(secret, token, new Date(0));
      if (sessionId) await revoke(db, sessionId, clock.now());
    },

    async endByRefreshToken(refreshToken: string | undefined): Promise<void> {
      if (!refreshToken) return;
      const found = await findSessionByRefreshHash(db, refreshHash(refreshToken));
      if (found) await revoke(db, found.session.id, clock.now());
    },
  };
}
