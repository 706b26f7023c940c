import { eq } from 'drizzle-orm';
import { loadEnv } from '@/config/env';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import type { Clock } from '@/lib/clock';
import {
  createSessionService,
  type AuthContext,
  type SessionService,
} from '@/modules/auth/session.service';
import type { DemoPerson } from './sign-in';
import { silentLog } from './silent-log';

// For the service tests of the modules that take the whole signed-in context (`authOf`), not a
// caller (the profile, switching user): a session service over the worker's database, and
// sessions started and read through it, as sign-in and the auth plugin do. No HTTP, no SMS.

/** A session service as the app makes it, with the local environment's limits. */
export function sessionServiceOf(db: Db, clock: Clock): SessionService {
  const env = loadEnv({ APP_ENV: 'local', LOG_LEVEL: 'silent' });
  return createSessionService({ env, db, clock, secret: 'service-test-secret', log: silentLog });
}

const META = { ip: '127.0.0.1', userAgent: 'service test' };

/**
 * What the auth plugin reads from a request carrying this access token, the headers naming the
 * person signed in (the real one, when the session acts as someone else).
 */
export async function sessionOf(
  sessions: SessionService,
  person: DemoPerson,
  accessToken: string,
): Promise<AuthContext> {
  return sessions.authenticate(
    { token: accessToken, phone: person.phone, email: person.email },
    { background: false },
  );
}

/** A demo person signed in anew: a session of their own, as `authOf` gives it to a service. */
export async function signedInAs(
  db: Db,
  sessions: SessionService,
  person: DemoPerson,
  options: { keepLoggedIn?: boolean } = {},
): Promise<AuthContext> {
  const [user] = await db.select().from(users).where(eq(users.email, person.email));
  if (!user) throw new Error(`no user ${person.email}`);
  const tokens = await sessions.start(user, {
    keepLoggedIn: options.keepLoggedIn ?? false,
    ...META,
  });
  return sessionOf(sessions, person, tokens.accessToken);
}

/**
 * The admin's session once it acts as the user with this id: the session a switch replaces it
 * with (the admin's own ends), read as the auth plugin reads it.
 */
export async function actingAs(
  sessions: SessionService,
  admin: { auth: AuthContext; person: DemoPerson },
  userId: number,
): Promise<AuthContext> {
  const tokens = await sessions.replace(admin.auth.sessionId, userId, META);
  return sessionOf(sessions, admin.person, tokens.accessToken);
}
