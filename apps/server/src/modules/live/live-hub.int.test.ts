import { LIVE_EVENTS } from '@smt/shared';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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
import { createLiveHub, type LiveHub } from './live-hub';

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
  const open = (hub: LiveHub, scope: Scope, sessionId = 'session') => {
    const to = sink();
    hub.open({ sessionId, scope, endsAt: null, sink: to });
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
    hub.open({
      sessionId: 'soon',
      scope: agentScope(places.agent),
      endsAt: new Date(Date.now() + 50),
      sink: stream,
    });
    await vi.waitFor(() => expect(stream.ended).toBe(true));
    await raiseNotification(database.db, places.agent);
    await hub.close();
    expect(events(stream)).toEqual([READY]);
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
      hub.open({ sessionId: 'late', scope: { kind: 'superUser' }, endsAt: null, sink: late });
      lateReadyAtOpen = [...late.chunks];
    };
    hub.open({ sessionId: 'early', scope: { kind: 'superUser' }, endsAt: null, sink: early });
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
