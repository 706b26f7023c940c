import http from 'node:http';
import {
  ACCOUNT_CALLS,
  ApiErrorBody,
  LIVE_EVENTS,
  MANAGEMENT_CALLS,
  TokenResponse,
} from '@smt/shared';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App, servicesOf } from '@/app';
import { loadEnv } from '@/config/env';
import { openDatabase, queryRows, type Database, type Db } from '@/db/client';
import { users } from '@/db/schema';
import type { Placement } from '@/db/scope';
import { seedDemoOrganisation } from '@/db/seed/seed';
import {
  listening,
  openLive,
  placementOf,
  raiseNotification,
  type LiveStream,
  type SseEvent,
} from '../../../test/live-stream';
import { DEMO, signIn, type DemoPerson, type SignedIn } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  createTestDatabase,
  TEST_DATABASE_KINDS,
  type TestDatabase,
} from '../../../test/test-database';
import { STREAMS_PER_ADDRESS, STREAMS_PER_USER } from './live-hub';

// docs/decisions/045: GET /api/live tells a signed-in page of notifications raised or changed
// in its scope, whoever wrote them, ends with the session or its user on every process, and
// is capped per person and per address (every stream here comes from the test's 127.0.0.1).

const ready: SseEvent = { event: LIVE_EVENTS.ready, data: '{}' };
const notified = (latestId: number): SseEvent => ({
  event: LIVE_EVENTS.notifications,
  data: JSON.stringify({ latestId }),
});
const sessionIdOf = (session: SignedIn) => session.accessToken.split('.')[0] ?? '';

/** Where each app of the file listens. */
const urls = new Map<App, string>();
async function serve(app: App) {
  urls.set(app, await listening(app));
}

type WithHeaders = { headers: Record<string, string> };

const opened = new Map<LiveStream, App>();
/** Opens a stream on an app and reads its `ready`, so that what follows is heard by it. */
async function openReady(app: App, session: WithHeaders) {
  const stream = await openLive(urls.get(app) ?? '', session.headers);
  opened.set(stream, app);
  expect(stream.status).toBe(200);
  expect(await stream.next()).toEqual(ready);
  return stream;
}
/** Opens a stream the server should refuse, and answers its error body. */
async function openRefused(app: App, session: WithHeaders, status: number) {
  const stream = await openLive(urls.get(app) ?? '', session.headers);
  expect(stream.status).toBe(status);
  expect(stream.headers.get('content-type')).toMatch(/^application\/json/);
  return ApiErrorBody.parse(JSON.parse(await stream.text()));
}

/** A form post of the users page (or any call) as a signed-in person. */
function post(app: App, session: WithHeaders, call: string, form: Record<string, string | number>) {
  return app.inject({
    method: 'POST',
    url: `/api/${call}`,
    headers: { ...session.headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(
      Object.entries(form).map(([key, value]): [string, string] => [key, String(value)]),
    ).toString(),
  });
}

let madeUsers = 0;
/** A new agent user at `place`, added by the manager on the users page; answers them and their id. */
async function addAgentUser(app: App, manager: WithHeaders, place: Placement) {
  madeUsers += 1;
  const n = String(madeUsers).padStart(4, '0');
  const person: DemoPerson = { email: `live.${n}@demo.test`, phone: `+97250001${n}` };
  const created = await post(app, manager, MANAGEMENT_CALLS.userCreate, {
    name: `Live Agent ${n}`,
    email: person.email,
    deviceNumber: person.phone,
    role: 'ROLE_SA_AGENT_USER',
    agentId: place.agentId,
  });
  expect(created.statusCode, created.body).toBe(200);
  return { person, id: created.json<{ id: number }>().id };
}

/**
 * People made straight in the database, for the caps: their sessions are started by the
 * session service, as a sign-in would, without the sign-in's own limits and clock steps.
 */
async function freshPeople(db: Db, count: number) {
  const values = Array.from({ length: count }, () => {
    madeUsers += 1;
    const n = String(madeUsers).padStart(4, '0');
    return { name: `Cap ${n}`, email: `cap.${n}@demo.test`, phone: `+97250002${n}` };
  });
  return db.insert(users).values(values).returning();
}
async function sessionOf(app: App, user: typeof users.$inferSelect): Promise<WithHeaders> {
  const { accessToken } = await servicesOf(app).sessions.start(user, {
    keepLoggedIn: false,
    ip: '127.0.0.1',
    userAgent: undefined,
  });
  return { headers: { 'SA-REGID': accessToken, 'SA-DN': user.phone, 'SA-EMAIL': user.email } };
}
// The server ends what a test left open: fetch answers a stream it aborts with a spare
// connection that never carries a request, and a closing server waits for such a connection.
afterEach(async () => {
  for (const app of new Set(opened.values())) servicesOf(app).live.endAll();
  for (const stream of opened.keys()) await stream.ended();
  opened.clear();
});

describe.each(TEST_DATABASE_KINDS)('the live stream on %s', (kind) => {
  let test: TestApp;
  let places: Record<'agent' | 'agent2', Placement>;

  beforeAll(async () => {
    test = await createTestApp(kind);
    await serve(test.app);
    places = {
      agent: await placementOf(test.database.db, DEMO.agent.email),
      agent2: await placementOf(test.database.db, DEMO.agent2.email),
    };
  });
  afterAll(async () => {
    await test?.close();
  });

  it('should refuse a signed-out caller 401 in the error shape and open no stream', async () => {
    const session = await signIn(test.app, DEMO.agent);
    const forged = `${sessionIdOf(session)}.9999999999.forged`;
    for (const headers of [{}, { ...session.headers, 'SA-REGID': forged }]) {
      const stream = await openLive(urls.get(test.app) ?? '', headers);
      expect(stream.status).toBe(401);
      expect(stream.headers.get('content-type')).toMatch(/^application\/json/);
      expect(ApiErrorBody.parse(JSON.parse(await stream.text())).code).toBe('UNAUTHORIZED');
    }
    expect(servicesOf(test.app).live.size).toBe(0);
  });

  it('should open as an event stream that no cache keeps or buffers, then say ready', async () => {
    const session = await signIn(test.app, DEMO.agent);
    const stream = await openReady(test.app, session);
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    expect(stream.headers.get('cache-control')).toBe('no-store');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.headers.get('x-content-type-options')).toBe('nosniff');
    expect(stream.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    expect(stream.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(stream.headers.get('x-request-id')).toBeTruthy();
    expect(servicesOf(test.app).live.size).toBe(1);
  });

  it("should tell agent A of A's new notification and agent B only of B's", async () => {
    const a = await openReady(test.app, await signIn(test.app, DEMO.agent));
    const b = await openReady(test.app, await signIn(test.app, DEMO.agent2));
    const forA = await raiseNotification(test.database.db, places.agent);
    expect(await a.next()).toEqual(notified(forA));
    // B's stream is written in the same pass as A's: had A's reached it, it would come first.
    const forB = await raiseNotification(test.database.db, places.agent2);
    expect(await b.next()).toEqual(notified(forB));
  });

  it("should not count an open stream as the person's activity", async () => {
    const session = await signIn(test.app, DEMO.agent);
    const lastActive = () =>
      queryRows<{ at: string }>(
        test.database.db,
        sql`select last_active_at::text as at from sessions where id = ${sessionIdOf(session)}`,
      );
    const before = await lastActive();
    // Past the half minute after which a call of the person's own writes the time again.
    test.app.clock.advance(60_000);
    await openReady(test.app, session);
    expect(await lastActive()).toEqual(before);
  });

  it('should end the stream when its session signs out, and say so to who listens', async () => {
    const session = await signIn(test.app, DEMO.agent);
    const ended: string[] = [];
    const stop = servicesOf(test.app).live.onSessionEnded((id) => ended.push(id));
    const stream = await openReady(test.app, session);
    const out = await test.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: session.headers,
    });
    expect(out.statusCode).toBe(200);
    await stream.ended();
    expect(ended).toContain(sessionIdOf(session));
    stop();
  });

  it('should let a stream go when its client goes away', async () => {
    const session = await signIn(test.app, DEMO.agent);
    // A connection of its own (fetch would keep a spare one open after an abort).
    const request = http.get(`${urls.get(test.app) ?? ''}/api/live`, {
      headers: session.headers,
      agent: false,
    });
    const first = await new Promise<string>((resolve, reject) => {
      request.on('response', (res) => res.once('data', (chunk: Buffer) => resolve(String(chunk))));
      request.on('error', reject);
    });
    expect(first).toMatch(/^event: ready\n/);
    expect(servicesOf(test.app).live.size).toBe(1);
    request.destroy();
    await vi.waitFor(() => expect(servicesOf(test.app).live.size).toBe(0));
  });

  it('should end the oldest of a session’s streams when a sixth opens', async () => {
    const session = await signIn(test.app, DEMO.agent);
    const streams: LiveStream[] = [];
    for (let n = 0; n < 6; n += 1) streams.push(await openReady(test.app, session));
    await streams[0]?.ended();
    const forA = await raiseNotification(test.database.db, places.agent);
    for (const stream of streams.slice(1)) expect(await stream.next()).toEqual(notified(forA));
  });

  it('should end the stream when the access token it opened with expires', async () => {
    const session = await signIn(test.app, DEMO.agent);
    // The token lives ten minutes (in whole seconds): a few seconds of it are left.
    test.app.clock.advance(10 * 60_000 - 3_000);
    const stream = await openReady(test.app, session);
    await stream.ended(8_000);
  });

  it('should end the stream within 5 s when a manager disables its user, and open none again', async () => {
    const manager = await signIn(test.app, DEMO.manager);
    const { person, id } = await addAgentUser(test.app, manager, places.agent2);
    const session = await signIn(test.app, person);
    const bystander = await openReady(test.app, await signIn(test.app, DEMO.agent));
    const stream = await openReady(test.app, session);
    const disabled = await post(test.app, manager, MANAGEMENT_CALLS.userUpdateStatus, {
      userId: id,
      enabled: 'false',
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    await stream.ended(5_000);
    expect(servicesOf(test.app).live.size).toBe(1);
    expect((await openRefused(test.app, session, 401)).code).toBe('UNAUTHORIZED');
    const forA = await raiseNotification(test.database.db, places.agent);
    expect(await bystander.next()).toEqual(notified(forA));
  });

  it('should end the stream within 5 s when a manager deletes its user', async () => {
    const manager = await signIn(test.app, DEMO.manager);
    const { person, id } = await addAgentUser(test.app, manager, places.agent2);
    const stream = await openReady(test.app, await signIn(test.app, person));
    const deleted = await post(test.app, manager, MANAGEMENT_CALLS.userDelete, { userId: id });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await stream.ended(5_000);
    expect(servicesOf(test.app).live.size).toBe(0);
  });

  it('should end the stream of an impersonation within 5 s when it is left', async () => {
    const manager = await signIn(test.app, DEMO.manager);
    const switched = await post(test.app, manager, ACCOUNT_CALLS.switchUser, {
      username: DEMO.agent.phone,
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const acting = {
      headers: { ...manager.headers, 'SA-REGID': TokenResponse.parse(switched.json()).accessToken },
    };
    const stream = await openReady(test.app, acting);
    const exit = await test.app.inject({
      method: 'POST',
      url: `/api/${ACCOUNT_CALLS.switchUserExit}`,
      headers: acting.headers,
    });
    expect(exit.statusCode, exit.body).toBe(200);
    await stream.ended(5_000);
  });

  it('should end the stream within seconds of its session idling out, with no NOTIFY to say so', async () => {
    const session = await signIn(test.app, DEMO.agent, { keepLoggedIn: false });
    // A few seconds short of the idle limit (30 min), on a token renewed just now: renewing
    // is not activity, and neither is the stream.
    test.app.clock.advance(30 * 60_000 - 3_000);
    const renewed = await test.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { smt_session: session.cookie },
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const headers = {
      ...session.headers,
      'SA-REGID': TokenResponse.parse(renewed.json()).accessToken,
    };
    const stream = await openReady(test.app, { headers });
    await stream.ended(8_000);
    expect((await openRefused(test.app, { headers }, 401)).code).toBe('UNAUTHORIZED');
  });

  it(`should refuse a person's stream beyond ${STREAMS_PER_USER} from another session 429, and take one once a stream closes`, async () => {
    const [person] = await freshPeople(test.database.db, 1);
    if (!person) throw new Error('no person made');
    const sessions: WithHeaders[] = [];
    for (let n = 0; n < STREAMS_PER_USER; n += 1) sessions.push(await sessionOf(test.app, person));
    const [first, second] = sessions;
    const spare = await sessionOf(test.app, person);
    if (!first || !second) throw new Error('no sessions made');
    const streams: LiveStream[] = [];
    for (const session of sessions) streams.push(await openReady(test.app, session));
    const refused = await openRefused(test.app, spare, 429);
    expect(refused.code).toBe('RATE_LIMITED');
    expect(refused.reason).toBe('live.too-many-for-user');
    expect(refused.message).toBe(
      `You already have ${STREAMS_PER_USER} live connections open, the most one person may; ` +
        'close SMT in another browser or device to open one here.',
    );
    expect(servicesOf(test.app).live.size).toBe(STREAMS_PER_USER);
    // A session that holds one opens another (the same browser back): its own oldest goes.
    const again = await openReady(test.app, first);
    await streams[0]?.ended();
    expect(servicesOf(test.app).live.size).toBe(STREAMS_PER_USER);
    // Its page went away: the slot is free for the other session.
    again.close();
    await vi.waitFor(() => expect(servicesOf(test.app).live.size).toBe(STREAMS_PER_USER - 1));
    await openReady(test.app, spare);
    // And once the server ends one (signed out), the slot is free again.
    await openRefused(test.app, first, 429);
    const out = await test.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: second.headers,
    });
    expect(out.statusCode).toBe(200);
    await streams[1]?.ended(5_000);
    await openReady(test.app, first);
  });

  it(`should refuse an address's stream beyond ${STREAMS_PER_ADDRESS} 429, and take one once a stream closes`, async () => {
    const people = await freshPeople(test.database.db, STREAMS_PER_ADDRESS / STREAMS_PER_USER + 1);
    const late = people.pop();
    if (!late) throw new Error('no people made');
    const streams: LiveStream[] = [];
    for (const person of people) {
      const session = await sessionOf(test.app, person);
      for (let n = 0; n < STREAMS_PER_USER; n += 1) {
        streams.push(await openReady(test.app, session));
      }
    }
    expect(servicesOf(test.app).live.size).toBe(STREAMS_PER_ADDRESS);
    const lateSession = await sessionOf(test.app, late);
    const refused = await openRefused(test.app, lateSession, 429);
    expect(refused.code).toBe('RATE_LIMITED');
    expect(refused.message).toBe(
      `${STREAMS_PER_ADDRESS} live connections are already open from your network address, ` +
        'the most one address may; try again later.',
    );
    streams[0]?.close();
    await vi.waitFor(() => expect(servicesOf(test.app).live.size).toBe(STREAMS_PER_ADDRESS - 1));
    await openReady(test.app, lateSession);
    expect(servicesOf(test.app).live.size).toBe(STREAMS_PER_ADDRESS);
  });
});

describe.each(TEST_DATABASE_KINDS)('closing an app with live streams on %s', (kind) => {
  it('should end its streams and close without waiting for them', async () => {
    const test = await createTestApp(kind);
    try {
      await serve(test.app);
      const stream = await openReady(test.app, await signIn(test.app, DEMO.agent));
      await test.app.close();
      await stream.ended();
      expect(servicesOf(test.app).live.size).toBe(0);
    } finally {
      await test.close();
    }
  });
});

/** Two API processes and the engine's worker, each its own pool on one PostgreSQL database. */
describe.skipIf(!TEST_DATABASE_KINDS.includes('postgres'))(
  'the live stream across processes on postgres',
  () => {
    let database: TestDatabase;
    let second: Database;
    let worker: Database;
    let apps: [App, App];
    let places: Record<'agent' | 'agent2', Placement>;

    const apiProcess = async (on: Database) => {
      const env = loadEnv({ APP_ENV: 'local', LOG_LEVEL: 'silent' });
      const app = await buildApp({ env, database: on, webDistDir: '/none', logger: false });
      await app.ready();
      return app;
    };

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      await seedDemoOrganisation(database.db);
      const url = database.url ?? '';
      second = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
      worker = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
      apps = [await apiProcess(database), await apiProcess(second)];
      for (const app of apps) await serve(app);
      places = {
        agent: await placementOf(worker.db, DEMO.agent.email),
        agent2: await placementOf(worker.db, DEMO.agent2.email),
      };
    });
    const userIdOf = async (email: string) => {
      const [row] = await queryRows<{ id: number }>(
        worker.db,
        sql`select id from users where email = ${email}`,
      );
      if (!row) throw new Error(`no user ${email}`);
      return row.id;
    };
    afterAll(async () => {
      for (const app of apps ?? []) await app.close();
      await worker?.close();
      await second?.close();
      await database?.close();
    });

    it("should bring what the engine raised to agent A's stream on the other process, and never to B", async () => {
      const [one, two] = apps;
      const a = await openReady(two, await signIn(one, DEMO.agent));
      const bSession = await signIn(one, DEMO.agent2);
      const b = [await openReady(two, bSession), await openReady(one, bSession)];
      const manager = await openReady(one, await signIn(one, DEMO.manager));
      expect([servicesOf(one).live.size, servicesOf(two).live.size]).toEqual([2, 2]);

      const forA = await raiseNotification(worker.db, places.agent);
      expect(await a.next()).toEqual(notified(forA));
      const forB = await raiseNotification(worker.db, places.agent2);
      for (const stream of b) expect(await stream.next()).toEqual(notified(forB));
      expect([await manager.next(), await manager.next()]).toEqual([
        notified(forA),
        notified(forB),
      ]);
    });

    it('should end a stream on one process when another revokes its session in the database', async () => {
      const [one, two] = apps;
      const session = await signIn(one, DEMO.agent);
      const ended: string[] = [];
      const stop = servicesOf(two).live.onSessionEnded((id) => ended.push(id));
      const stream = await openReady(two, session);
      await database.db.execute(
        sql`update sessions set revoked_at = now() where id = ${sessionIdOf(session)}`,
      );
      await stream.ended();
      // The notice is heard even when the stream's own first look at its session, made as it
      // opened, read the revocation first and ended it (CI of 740458b): it may come after.
      await vi.waitFor(() => expect(ended).toEqual([sessionIdOf(session)]), { timeout: 5_000 });
      stop();
    });

    it('should end a stream on one process when its session signs out on another', async () => {
      const [one, two] = apps;
      const session = await signIn(one, DEMO.agent);
      const stream = await openReady(two, session);
      const out = await one.inject({ method: 'GET', url: '/api/logout', headers: session.headers });
      expect(out.statusCode).toBe(200);
      await stream.ended(5_000);
    });

    it('should end a stream on one process within 5 s when a manager disables its user on the other', async () => {
      const [one, two] = apps;
      const manager = await signIn(one, DEMO.manager);
      const bella = await signIn(one, DEMO.agent2);
      const bystander = await openReady(two, await signIn(one, DEMO.agent));
      const stream = await openReady(two, bella);
      const disabled = await post(one, manager, MANAGEMENT_CALLS.userUpdateStatus, {
        userId: await userIdOf(DEMO.agent2.email),
        enabled: 'false',
      });
      expect(disabled.statusCode, disabled.body).toBe(200);
      await stream.ended(5_000);
      expect(servicesOf(two).live.size).toBe(1);
      expect((await openRefused(two, bella, 401)).code).toBe('UNAUTHORIZED');
      // Her colleague's stream was not hers: it still hears what the engine raises.
      const forA = await raiseNotification(worker.db, places.agent);
      expect(await bystander.next()).toEqual(notified(forA));
    });

    it('should end a stream on one process within 5 s when a manager deletes its user on the other', async () => {
      const [one, two] = apps;
      const manager = await signIn(one, DEMO.manager);
      const { person, id } = await addAgentUser(one, manager, places.agent);
      const session = await signIn(one, person);
      const stream = await openReady(two, session);
      const deleted = await post(one, manager, MANAGEMENT_CALLS.userDelete, { userId: id });
      expect(deleted.statusCode, deleted.body).toBe(200);
      await stream.ended(5_000);
      expect(servicesOf(two).live.size).toBe(0);
    });
  },
);
