import { LIVE_EVENTS } from '@smt/shared';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DomainError } from '@/lib/domain-error';
import { queryRows } from '@/db/client';
import type { Placement, Scope } from '@/db/scope';
import { seedDemoOrganisation } from '@/db/seed/seed';
import { silentLog } from '../../../test/silent-log';
import { placementOf, raiseNotification } from '../../../test/live-stream';
import { DEMO } from '../../../test/sign-in';
import {
  createTestDatabase,
  TEST_DATABASE_KINDS,
  type TestDatabase,
} from '../../../test/test-database';
import {
  createLiveHub,
  STREAMS_PER_ADDRESS,
  STREAMS_PER_USER,
  type LiveHub,
  type LiveStreamOptions,
} from './live-hub';

// The hub of docs/decisions/045 without HTTP: what each stream is written, and when.

const READY = `event: ${LIVE_EVENTS.ready}\ndata: {}\n\n`;
const notified = (latestId: number) =>
  `event: ${LIVE_EVENTS.notifications}\ndata: ${JSON.stringify({ latestId })}\n\n`;

type Sink = { chunks: string[]; ended: boolean; write: (chunk: string) => void; end: () => void };
const sink = (): Sink => {
  const made: Sink = {
    chunks: [],
    ended: false,
    write: (chunk) => made.chunks.push(chunk),
    end: () => {
      made.ended = true;
    },
  };
  return made;
};
const events = (of: Sink) => of.chunks.filter((chunk) => !chunk.startsWith(':'));

/** Who a stream is for, when a test does not care: user 1 on a session of its own. */
const someone = { realUserId: 1, userId: 1, address: '192.0.2.1' };
/** A stream's options: `someone`'s unless said otherwise. */
const streamOf = (
  to: Sink,
  options: Partial<Omit<LiveStreamOptions, 'sink'>> = {},
): LiveStreamOptions => ({
  sessionId: 'session',
  scope: { kind: 'none' },
  endsAt: null,
  ...someone,
  ...options,
  sink: to,
});
/** The refusal `open` threw, for its reason. */
const refusalOf = (open: () => unknown) => {
  try {
    open();
  } catch (error) {
    if (error instanceof DomainError) return error.reason;
    throw error;
  }
  return null;
};

describe.each(TEST_DATABASE_KINDS)('the live hub on %s', (kind) => {
  let database: TestDatabase;
  let places: Record<'agent' | 'agent2' | 'globeAgent', Placement>;
  const hubs: LiveHub[] = [];

  const hubOf = async (options: { heartbeatMs?: number; coalesceMs?: number } = {}) => {
    const hub = createLiveHub({
      database,
      log: silentLog,
      clock: { now: () => new Date() },
      ...options,
    });
    hubs.push(hub);
    await hub.start();
    return hub;
  };
  const open = (
    hub: LiveHub,
    scope: Scope,
    sessionId = 'session',
    options: Partial<Omit<LiveStreamOptions, 'sink'>> = {},
  ) => {
    const to = sink();
    hub.open(streamOf(to, { sessionId, scope, ...options }));
    return to;
  };
  const agentScope = (place: Placement): Scope => ({ kind: 'agent', ...place });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoOrganisation(database.db);
    places = {
      agent: await placementOf(database.db, DEMO.agent.email),
      agent2: await placementOf(database.db, DEMO.agent2.email),
      globeAgent: await placementOf(database.db, DEMO.globeAgent.email),
    };
  });
  afterEach(async () => {
    for (const hub of hubs.splice(0)) await hub.close();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('should send the first change at once and the rest of a burst as one event, the newest', async () => {
    const hub = await hubOf({ coalesceMs: 3_000 });
    const stream = open(hub, agentScope(places.agent));
    const first = await raiseNotification(database.db, places.agent);
    await vi.waitFor(() => expect(events(stream)).toEqual([READY, notified(first)]));
    const second = await raiseNotification(database.db, places.agent);
    const third = await raiseNotification(database.db, places.agent);
    await vi.waitFor(() => expect(events(stream)).toHaveLength(3), { timeout: 10_000 });
    expect(events(stream)).toEqual([READY, notified(first), notified(Math.max(second, third))]);
  });

  it('should tell each stream only of what its scope covers, with the newest id it covers', async () => {
    const hub = await hubOf();
    const agent = open(hub, agentScope(places.agent));
    const branch = open(hub, { kind: 'branch', ...places.agent });
    const globe = open(hub, { kind: 'agency', agencyId: places.globeAgent.agencyId });
    const none = open(hub, { kind: 'none' });
    const mine = await raiseNotification(database.db, places.agent);
    const colleagues = await raiseNotification(database.db, places.agent2);
    await vi.waitFor(() => expect(events(branch).at(-1)).toBe(notified(colleagues)));
    expect(events(agent)).toEqual([READY, notified(mine)]);
    const theirs = await raiseNotification(database.db, places.globeAgent);
    await vi.waitFor(() => expect(events(globe)).toEqual([READY, notified(theirs)]));
    expect(events(none)).toEqual([READY]);
    expect(events(agent)).toEqual([READY, notified(mine)]);
  });

  it('should write a heartbeat comment while a stream is open', async () => {
    const hub = await hubOf({ heartbeatMs: 20 });
    const stream = open(hub, { kind: 'none' });
    await vi.waitFor(() =>
      expect(stream.chunks.filter((chunk) => chunk === ': hb\n\n').length).toBeGreaterThan(1),
    );
  });

  it("should end a session's streams and tell who listens when a session ends", async () => {
    const hub = await hubOf();
    const heard: string[] = [];
    const stop = hub.onSessionEnded((id) => heard.push(id));
    const [one, two] = [open(hub, { kind: 'none' }, 's1'), open(hub, { kind: 'none' }, 's1')];
    const other = open(hub, { kind: 'none' }, 's2');
    hub.endSession('s1');
    expect([one.ended, two.ended, other.ended]).toEqual([true, true, false]);
    expect(hub.size).toBe(1);
    stop();
    hub.endSession('s2');
    expect(heard).toEqual(['s1']);
  });

  it('should end a stream whose end has come, and write nothing more to it', async () => {
    const hub = await hubOf();
    const stream = sink();
    hub.open(
      streamOf(stream, {
        sessionId: 'soon',
        scope: agentScope(places.agent),
        endsAt: new Date(Date.now() + 50),
      }),
    );
    await vi.waitFor(() => expect(stream.ended).toBe(true));
    await raiseNotification(database.db, places.agent);
    await hub.close();
    expect(events(stream)).toEqual([READY]);
  });

  it("should end the streams of a user whose row changed, as themselves or acted as, on smt_sessions' word", async () => {
    const hub = await hubOf();
    const heard: string[] = [];
    const stop = hub.onSessionEnded((notice) => heard.push(notice));
    const own = open(hub, { kind: 'none' }, 's1', { realUserId: 7, userId: 7 });
    const actedAs = open(hub, { kind: 'none' }, 's2', { realUserId: 3, userId: 7 });
    const other = open(hub, { kind: 'none' }, 's3', { realUserId: 70, userId: 70 });
    await queryRows(database.db, sql`select pg_notify('smt_sessions', 'user:7')`);
    await vi.waitFor(() => expect([own.ended, actedAs.ended]).toEqual([true, true]));
    expect([other.ended, hub.size, heard]).toEqual([false, 1, ['user:7']]);
    stop();
  });

  it(`should refuse a person's stream beyond ${STREAMS_PER_USER} from another session, writing nothing`, async () => {
    const hub = await hubOf();
    const person = { realUserId: 5, userId: 5 };
    const first = sink();
    const handle = hub.open(streamOf(first, { sessionId: 's0', ...person }));
    for (let n = 1; n < STREAMS_PER_USER; n += 1) open(hub, { kind: 'none' }, `s${n}`, person);
    const refused = sink();
    const opening = () => hub.open(streamOf(refused, { sessionId: 'other', ...person }));
    expect(refusalOf(opening)).toBe('live.too-many-for-user');
    expect([refused.chunks, refused.ended, hub.size]).toEqual([[], false, STREAMS_PER_USER]);
    // Counted by the person signed in, not by whom they act as.
    open(hub, { kind: 'none' }, 'admin', { realUserId: 6, userId: 5 });
    handle.close();
    expect(refusalOf(opening)).toBeNull();
    expect(events(refused)).toEqual([READY]);
  });

  it(`should let a session's newer stream take its oldest's place once the person holds ${STREAMS_PER_USER}`, async () => {
    const hub = await hubOf();
    const streams = Array.from({ length: STREAMS_PER_USER }, () =>
      open(hub, { kind: 'none' }, 's'),
    );
    const newer = open(hub, { kind: 'none' }, 's');
    expect(streams.map((stream) => stream.ended)).toEqual([
      true,
      ...Array.from({ length: STREAMS_PER_USER - 1 }, () => false),
    ]);
    expect([newer.ended, hub.size]).toEqual([false, STREAMS_PER_USER]);
  });

  it(`should refuse an address's stream beyond ${STREAMS_PER_ADDRESS}, and take one once a stream ends`, async () => {
    const hub = await hubOf();
    const office = '198.51.100.7';
    const inOffice = (n: number) => ({
      sessionId: `s${n}`,
      realUserId: 100 + n,
      userId: 100 + n,
      address: office,
    });
    const sinks = Array.from({ length: STREAMS_PER_ADDRESS }, () => sink());
    const handles = sinks.map((to, n) => hub.open(streamOf(to, inOffice(n))));
    const late = { sessionId: 'late', realUserId: 500, userId: 500 };
    const lateInOffice = () => hub.open(streamOf(sink(), { ...late, address: office }));
    expect(refusalOf(lateInOffice)).toBe('live.too-many-for-address');
    // Elsewhere the same person is welcome.
    const elsewhere = () => hub.open(streamOf(sink(), { ...late, address: '203.0.113.9' }));
    expect(refusalOf(elsewhere)).toBeNull();
    // A session holding one there opens another (its browser back): its own gives way.
    expect(refusalOf(() => hub.open(streamOf(sink(), inOffice(1))))).toBeNull();
    expect([sinks[0]?.ended, sinks[1]?.ended, hub.size]).toEqual([
      false,
      true,
      STREAMS_PER_ADDRESS + 1,
    ]);
    expect(refusalOf(lateInOffice)).toBe('live.too-many-for-address');
    handles[0]?.close();
    expect(refusalOf(lateInOffice)).toBeNull();
  });

  it('should read the session again as a stream opens and when the time it gave comes, and end with it', async () => {
    const hub = await hubOf();
    const answers: (Date | null)[] = [new Date(Date.now() + 50), null];
    const recheck = vi.fn(async () => answers.shift() ?? null);
    const idling = sink();
    hub.open(streamOf(idling, { sessionId: 'idling', recheck }));
    expect(recheck).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(idling.ended).toBe(true));
    expect(recheck).toHaveBeenCalledTimes(2);
    // Ended between the call that let it in and the stream that could hear of it.
    const gone = sink();
    hub.open(streamOf(gone, { sessionId: 'gone', recheck: async () => null }));
    await vi.waitFor(() => expect(gone.ended).toBe(true));
    const unread = sink();
    const failing = async () => Promise.reject(new Error('the database is away'));
    hub.open(streamOf(unread, { sessionId: 'unread', recheck: failing }));
    await vi.waitFor(() => expect(unread.ended).toBe(true));
    expect(hub.size).toBe(0);
  });

  it('should end its streams and open no more once closed', async () => {
    const hub = await hubOf();
    const before = open(hub, { kind: 'none' });
    await hub.close();
    const after = open(hub, { kind: 'none' });
    expect([before.ended, after.ended, hub.size]).toEqual([true, true, 0]);
  });
});

describe.skipIf(!TEST_DATABASE_KINDS.includes('postgres'))('the live hub on postgres', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await database?.close();
  });

  it('should end its streams while the database is not heard, and say ready again once it is', async () => {
    const hub = createLiveHub({ database, log: silentLog, clock: { now: () => new Date() } });
    await hub.start();
    const late = sink();
    let lateReadyAtOpen: string[] | null = null;
    const early = sink();
    // Opened the moment the first stream is ended for the lost connection: heard by nobody yet.
    early.end = () => {
      early.ended = true;
      hub.open(streamOf(late, { sessionId: 'late', scope: { kind: 'superUser' } }));
      lateReadyAtOpen = [...late.chunks];
    };
    hub.open(streamOf(early, { sessionId: 'early', scope: { kind: 'superUser' } }));
    expect(early.chunks).toEqual([READY]);
    await database.db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'smt-listen' and datname = current_database()`);
    await vi.waitFor(() => expect(early.ended).toBe(true));
    expect(lateReadyAtOpen).toEqual([]);
    await vi.waitFor(() => expect(late.chunks).toEqual([READY]), { timeout: 15_000 });
    await hub.close();
  });
});
