import { Writable } from 'node:stream';
import { ACCOUNT_CALLS } from '@smt/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '@/app';
import { loadEnv } from '@/config/env';
import { queryRows } from '@/db/client';
import { seedDemoOrganisation } from '@/db/seed/seed';
import { DEMO, signIn, type DemoPerson, type SignedIn } from '../../../test/sign-in';
import {
  createTestDatabase,
  TEST_DATABASE_KINDS,
  type TestDatabase,
} from '../../../test/test-database';

// Past the 60 s in which the token a refresh replaced still works (two tabs refreshing at once).
const PAST_GRACE_MS = 2 * 60_000;

describe.each(TEST_DATABASE_KINDS)('refresh-token reuse on %s', (kind) => {
  let app: App;
  let database: TestDatabase;
  // The server's log, kept to see what a reuse leaves there.
  const logLines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoOrganisation(database.db);
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    app = await buildApp({
      env: loadEnv({ APP_ENV: 'local', LOG_LEVEL: 'silent' }),
      database,
      webDistDir: '/nonexistent-smt-web-dist',
      logger: { level: 'warn', stream },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const refresh = (cookie: string) =>
    app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { smt_session: cookie } });
  const cookieOf = (res: Awaited<ReturnType<typeof refresh>>) =>
    res.cookies.find((c) => c.name === 'smt_session')?.value;
  const userDetails = (session: SignedIn, accessToken: string) =>
    app.inject({
      method: 'GET',
      url: '/api/getUserDetails',
      headers: { ...session.headers, 'SA-REGID': accessToken },
    });
  /** A refresh that must work: its new cookie (or the one given, when none came) and token. */
  const rotate = async (cookie: string) => {
    const res = await refresh(cookie);
    expect(res.statusCode, res.body).toBe(200);
    return {
      cookie: cookieOf(res) ?? cookie,
      accessToken: res.json<{ accessToken: string }>().accessToken,
    };
  };
  const sessionIdOf = async (person: DemoPerson) => {
    const [row] = await queryRows<{ id: string }>(
      database.db,
      sql`select s.id from sessions s join users u on u.id = s.user_id
          where u.phone = ${person.phone} order by s.created_at desc limit 1`,
    );
    return row?.id;
  };

  it('should end the whole session when a rotated token is used again after the grace', async () => {
    const session = await signIn(app, DEMO.agent);
    const sessionId = await sessionIdOf(DEMO.agent);
    const holder = await rotate(session.cookie);
    expect(holder.cookie).not.toBe(session.cookie);
    app.clock.advance(PAST_GRACE_MS);

    const stolen = await refresh(session.cookie);
    expect(stolen.statusCode).toBe(401);
    expect(stolen.json()).toMatchObject({ code: 'UNAUTHORIZED' });

    // The legitimate holder is signed out too: neither their refresh nor their access token works.
    expect((await refresh(holder.cookie)).statusCode).toBe(401);
    expect((await userDetails(session, holder.accessToken)).statusCode).toBe(401);
    const warning = logLines.find((line) => line.sessionId === sessionId);
    expect(warning).toMatchObject({ level: 40 });
    expect(JSON.stringify(logLines)).not.toContain(session.cookie);
  });

  it('should end the session when a token two rotations old comes back', async () => {
    const session = await signIn(app, DEMO.agent2);
    const first = await rotate(session.cookie);
    app.clock.advance(PAST_GRACE_MS);
    const second = await rotate(first.cookie);
    app.clock.advance(PAST_GRACE_MS);

    expect((await refresh(session.cookie)).statusCode).toBe(401);
    expect((await refresh(second.cookie)).statusCode).toBe(401);
    expect((await userDetails(session, second.accessToken)).statusCode).toBe(401);
  });

  it('should keep the session when the replaced token is used again within the grace', async () => {
    const session = await signIn(app, DEMO.manager);
    const holder = await rotate(session.cookie);
    app.clock.advance(30_000);

    const otherTab = await refresh(session.cookie);
    expect(otherTab.statusCode).toBe(200);
    // The other tab is not given a cookie: the browser already holds the new one.
    expect(cookieOf(otherTab)).toBeUndefined();
    expect((await userDetails(session, otherTab.json().accessToken)).statusCode).toBe(200);

    app.clock.advance(PAST_GRACE_MS);
    const next = await rotate(holder.cookie);
    expect((await userDetails(session, next.accessToken)).statusCode).toBe(200);
  });

  it('should keep the session when two refreshes with the same token arrive at once', async () => {
    const session = await signIn(app, DEMO.operator);
    const answers = await Promise.all([refresh(session.cookie), refresh(session.cookie)]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    const cookies = answers.map(cookieOf).filter((cookie) => cookie !== undefined);
    expect(cookies).toHaveLength(1);

    app.clock.advance(PAST_GRACE_MS);
    const next = await rotate(cookies[0] ?? '');
    expect((await userDetails(session, next.accessToken)).statusCode).toBe(200);
  });

  it('should leave another session alone when a token of one is reused', async () => {
    const victim = await signIn(app, DEMO.branchManager);
    const other = await signIn(app, DEMO.branchManager);
    await rotate(victim.cookie);
    const otherHolder = await rotate(other.cookie);
    app.clock.advance(PAST_GRACE_MS);

    expect((await refresh(victim.cookie)).statusCode).toBe(401);
    const next = await rotate(otherHolder.cookie);
    expect((await userDetails(other, next.accessToken)).statusCode).toBe(200);
  });

  it('should end the session when the token replaced by a keep-logged-in change is reused', async () => {
    const session = await signIn(app, DEMO.globeAgent);
    const saved = await app.inject({
      method: 'POST',
      url: `/api/${ACCOUNT_CALLS.profile}`,
      headers: session.headers,
      payload: { name: 'Gal Globe', keepLoggedIn: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const kept = cookieOf(saved);
    expect(kept).toBeDefined();
    app.clock.advance(PAST_GRACE_MS);

    expect((await refresh(session.cookie)).statusCode).toBe(401);
    expect((await refresh(kept ?? '')).statusCode).toBe(401);
  });

  it('should forget the retired tokens of ended sessions when the user signs in again', async () => {
    const person = DEMO.globeManager;
    const session = await signIn(app, person);
    await rotate(session.cookie);
    const retiredOf = async () =>
      queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from retired_refresh_tokens r
            join sessions s on s.id = r.session_id
            join users u on u.id = s.user_id where u.phone = ${person.phone}`,
      );
    expect(await retiredOf()).toEqual([{ n: 1 }]);
    await app.inject({ method: 'GET', url: '/api/logout', headers: session.headers });

    await signIn(app, person);
    expect(await retiredOf()).toEqual([{ n: 0 }]);
  });
});
