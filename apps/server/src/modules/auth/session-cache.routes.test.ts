import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App, servicesOf } from '@/app';
import { loadEnv } from '@/config/env';
import { openDatabase, type Database } from '@/db/client';
import { sessions, users } from '@/db/schema';
import { DEMO, signIn, type SignedIn } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';

// The session a call reads is kept a while per process (decision 046). What ends a session on
// the process that serves the next call must still end it at once.
describe.each(TEST_DATABASE_KINDS)('the session cache on %s', (kind) => {
  let world: TestApp;

  beforeAll(async () => {
    // Long enough that only an explicit end, never the cache's age, can explain a refusal.
    world = await createTestApp(kind, { env: { SESSION_CACHE_SECONDS: '60' } });
  });
  afterAll(async () => {
    await world.close();
  });

  const userDetails = (session: SignedIn) =>
    world.app.inject({ method: 'GET', url: '/api/getUserDetails', headers: session.headers });
  /** The newest session: the one the last sign-in made. */
  const newestSessionId = async () => {
    const [row] = await world.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .orderBy(desc(sessions.createdAt))
      .limit(1);
    if (!row) throw new Error('no session');
    return row.id;
  };

  it('should refuse a cached session at once after logout on the process that served it', async () => {
    const agent = await signIn(world.app, DEMO.agent);
    expect((await userDetails(agent)).statusCode).toBe(200);
    expect(servicesOf(world.app).sessions.cache.get(await newestSessionId())).not.toBeNull();

    const out = await world.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: agent.headers,
      cookies: { smt_session: agent.cookie },
    });
    expect(out.statusCode).toBeLessThan(300);

    const after = await userDetails(agent);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('should read a session once for a burst of calls and not write its activity each time', async () => {
    const agent = await signIn(world.app, DEMO.agent);
    const id = await newestSessionId();
    const answers = await Promise.all(Array.from({ length: 5 }, () => userDetails(agent)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(servicesOf(world.app).sessions.cache.get(id)?.session.id).toBe(id);
  });

  it('should decide an idle end on the row, not on the activity it cached', async () => {
    const agent = await signIn(world.app, DEMO.agent);
    expect((await userDetails(agent)).statusCode).toBe(200);
    const id = await newestSessionId();
    // Past the idle limit by what this process cached; another process saw activity meanwhile.
    world.app.clock.advance(31 * 60_000);
    const recently = new Date(world.app.clock.now().getTime() - 60_000);
    await world.database.db
      .update(sessions)
      .set({ lastActiveAt: recently })
      .where(eq(sessions.id, id));
    const refreshed = await world.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { smt_session: agent.cookie },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const { accessToken } = refreshed.json<{ accessToken: string }>();
    const res = await userDetails({
      ...agent,
      headers: { ...agent.headers, 'SA-REGID': accessToken },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

// Two API processes on one PostgreSQL: what one ends, the other forgets when NOTIFY tells it.
describe.runIf(TEST_DATABASE_KINDS.includes('postgres'))(
  'the session cache across processes on postgres',
  () => {
    let one: TestApp;
    let other: App;
    let otherDatabase: Database;

    beforeAll(async () => {
      one = await createTestApp('postgres', { env: { SESSION_CACHE_SECONDS: '60' } });
      otherDatabase = await openDatabase({ kind: 'postgres', url: one.database.url ?? '' });
      other = await buildApp({
        env: loadEnv({ APP_ENV: 'local', LOG_LEVEL: 'silent', SESSION_CACHE_SECONDS: '60' }),
        database: otherDatabase,
        webDistDir: '/nonexistent-smt-web-dist',
        logger: false,
      });
      // Listening is what makes a process hear the database's notices.
      await one.app.listen({ port: 0, host: '127.0.0.1' });
      await other.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await other.close();
      await otherDatabase.close();
      await one.close();
    });

    const userDetails = (app: App, session: SignedIn) =>
      app.inject({ method: 'GET', url: '/api/getUserDetails', headers: session.headers });

    it('should refuse on one process a session signed out on the other, without waiting for the cache to age', async () => {
      const agent = await signIn(one.app, DEMO.agent);
      expect((await userDetails(one.app, agent)).statusCode).toBe(200);
      expect((await userDetails(other, agent)).statusCode).toBe(200);

      const out = await other.inject({ method: 'GET', url: '/api/logout', headers: agent.headers });
      expect(out.statusCode).toBe(200);
      await vi.waitFor(
        async () => expect((await userDetails(one.app, agent)).statusCode).toBe(401),
        {
          timeout: 10_000,
          interval: 100,
        },
      );
    });

    it('should refuse on one process a user disabled on the other', async () => {
      const agent = await signIn(one.app, DEMO.agent2);
      expect((await userDetails(one.app, agent)).statusCode).toBe(200);
      await otherDatabase.db
        .update(users)
        .set({ enabled: false })
        .where(eq(users.email, DEMO.agent2.email));
      await vi.waitFor(
        async () => expect((await userDetails(one.app, agent)).statusCode).toBe(401),
        {
          timeout: 10_000,
          interval: 100,
        },
      );
    });
  },
);
