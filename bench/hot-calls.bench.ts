// The hot calls of issue 23, each against its target, on the server as people run it: a real
// server process started from its built bundle (bench/built-server.ts), measured from outside.
// Run with `npm run bench:hot` (or within `npm run bench`); figures go to the "Hot calls
// (issue 23)" section of bench/RESULTS.md, each target met or missed, and under a miss the
// CPU profile of the server during that call's load (bench/cpu-profile-summary.ts).
//
// A. The embedded default: `npm start` with nothing set (PGlite under a fresh DATA_DIR, the
//    demo organisation seeded on first start, the engine running), 10 connections each on
//    /api/health, the demo agent's list (REPRICE, first page) and unread counters.
// B. PostgreSQL with one API process (SMT_ROLE=api) at 50 connections on the small scale
//    organisation of bench/scale-data.ts: the busiest agent's list and counters, beside a bare
//    Fastify route answering as many bytes, and beside the same statements the API sent
//    (captured by bench/sql-capture.mjs) run straight through a node-postgres pool of the
//    server's size at the same concurrency: the direct-SQL limit.
// C. Live updates (bench/hot-live.ts): streams open on GET /api/live, notifications inserted
//    in their scope from a database connection of the bench's own (as a worker writes them),
//    and the time from each INSERT to each stream's event; on B's API process, and on A's
//    server through its embedded database's socket.
//
// Load comes from worker threads (bench/load-worker.ts), never from the server's thread.
// Settings: HOT_WINDOW_S (5) and HOT_WARM_UP_S (1) per load, HOT_RUNS (3) rounds of every load
// (figures are the medians); HOT_PROFILE_S (5) of load per profiled call; HOT_LIVE_STREAMS
// (200), HOT_LIVE_INSERTS (20), HOT_LIVE_EVERY_MS (2500: the streams live through heartbeats);
// HOT_SCALE=tiny (B and C on a tenth of the small scale organisation, to try the bench
// quickly); HOT_PARTS=A,B,C (any of them); HOT_LOG_LEVEL for the servers' LOG_LEVEL
// (unset: the server's default, info, as `npm start` has it). A full run took 10 minutes on
// this machine of 2 cores while others worked on it, 2 to 4 of them loading B's data; with
// HOT_WINDOW_S=2 HOT_RUNS=1, 5 minutes.
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import {
  NOTIFICATION_CALLS,
  UnreadCountersResponse,
  type HealthResponse,
  type NotificationListResponse,
} from '@smt/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows } from '@/db/client';
import { runMigrations } from '@/db/migrate';
import { STREAMS_PER_USER } from '@/modules/live/live-hub';
import { DEMO } from '../apps/server/test/sign-in';
import { jsonOfSize, startBareServer } from './bare-server';
import { buildServerIfStale, startBuiltServer, type BuiltServer } from './built-server';
import {
  profileClockUs,
  profileTable,
  summariseProfileFile,
  type ProfileWindow,
} from './cpu-profile-summary';
import { freshPostgres } from './fresh-postgres';
import { headersOf, refreshed, signInMany, type HttpSession, type Person } from './http-sign-in';
import { embeddedLive, liveUpdates, type LiveOptions, type LiveResult } from './hot-live';
import { runLoad } from './load-run';
import { median, ms, quantile, thousands } from './measure';
import { busyShare, cpuBetween, cpuSecondsOfTree, machineTicks } from './process-cpu';
import { ranOn, writeResultsSection } from './results';
import { makeScaleData, type ScaleOptions } from './scale-data';
import { lastCapture, runSqlLoad, stagesOf, type Stages } from './sql-load';

const setting = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const WINDOW_S = setting('HOT_WINDOW_S', 5);
const WARM_UP_S = setting('HOT_WARM_UP_S', 1);
const RUNS = setting('HOT_RUNS', 3);
const PROFILE_S = setting('HOT_PROFILE_S', 5);
const STREAMS = setting('HOT_LIVE_STREAMS', 200);
const TINY = process.env.HOT_SCALE === 'tiny';
const PARTS = new Set((process.env.HOT_PARTS ?? 'A,B,C').split(',').map((p) => p.trim()));
const LOG_LEVEL: Record<string, string> = process.env.HOT_LOG_LEVEL
  ? { LOG_LEVEL: process.env.HOT_LOG_LEVEL }
  : {};

/** Issue 23's targets. */
const TARGET = { p95: 50, ofHealth: 0.08, listRps: 2000, ofSql: 0.5, liveP95: 2000 };
const CONNECTIONS = { embedded: 10, postgres: 50 };
/** The server's pool (db/client.ts's default), for the direct-SQL limit. */
const POOL_SIZE = 10;
/** Issue 12's small scale (BENCH_SCALE=small of http.bench.ts), or a tenth of it to try. */
const SCALE: Partial<ScaleOptions> = TINY
  ? { bookings: 1_000, notifications: 10_000 }
  : { bookings: 10_000, notifications: 100_000 };
/** Streams of an agent of another agency, who must hear nothing of the inserts. */
const LIVE: LiveOptions = {
  streams: STREAMS,
  inserts: setting('HOT_LIVE_INSERTS', 20),
  everyMs: setting('HOT_LIVE_EVERY_MS', 2500),
  bystanders: 5,
  waitMs: 10_000,
};
const ROWS_WAIT_MS = 300_000;
const SQL_CAPTURE = fileURLToPath(new URL('./sql-capture.mjs', import.meta.url));

// ---- calls and loads -------------------------------------------------------------------------

type CallKey = 'health' | 'list' | 'counters';
type Call = { key: CallKey; name: string; what: string; method: 'GET' | 'POST'; body?: object };

const CALLS: Record<CallKey, Call> = {
  health: { key: 'health', name: 'health', what: 'liveness, signed out', method: 'GET' },
  list: {
    key: 'list',
    name: NOTIFICATION_CALLS.list,
    what: 'agent, REPRICE, first page, personal',
    method: 'POST',
    body: { group: 'REPRICE', fetchType: 'personal' },
  },
  counters: {
    key: 'counters',
    name: NOTIFICATION_CALLS.unreadCounters,
    what: 'agent, personal',
    method: 'POST',
    body: { fetchType: 'personal' },
  },
};

const urlOf = (base: string, call: Call) => `${base}/api/${call.name}`;

type Run = {
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  errors: number;
  firstError: string | null;
  /** CPU cores the server's process used through the load. */
  serverCores: number;
  /** CPU cores the processes the server started used (the embedded database's, the engine's). */
  childCores: number;
  /** Share of the machine's cores busy through the load. */
  machineBusy: number;
  /** CPU cores the bench's own process used (the load generator's thread above all). */
  benchCores: number;
  /** The rest of the machine's busy cores: PostgreSQL, and whatever else runs on it. */
  otherCores: number;
};

/** One load of `connections` keep-alive connections from a worker thread. */
async function load(
  request: { url: string; method: 'GET' | 'POST'; headers: Record<string, string>; body?: object },
  connections: number,
  serverPid: number | null,
  seconds = WINDOW_S,
): Promise<Run> {
  const cpuBefore = serverPid === null ? null : await cpuSecondsOfTree(serverPid);
  const machineBefore = await machineTicks();
  const benchBefore = process.cpuUsage();
  const started = performance.now();
  const result = await runLoad({
    url: request.url,
    method: request.method,
    headers: request.headers,
    ...(request.body ? { body: JSON.stringify(request.body) } : {}),
    connections,
    warmUpMs: WARM_UP_S * 1000,
    windowMs: seconds * 1000,
  });
  const wall = (performance.now() - started) / 1000;
  const benchUsage = process.cpuUsage(benchBefore);
  const benchCores = (benchUsage.user + benchUsage.system) / 1e6 / wall;
  const machineBusy = busyShare(machineBefore, await machineTicks());
  const cpu =
    serverPid === null || cpuBefore === null
      ? { root: 0, others: 0 }
      : cpuBetween(serverPid, cpuBefore, await cpuSecondsOfTree(serverPid));
  const latencies = Array.from(result.latencies).sort((a, b) => a - b);
  return {
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    p99: quantile(latencies, 0.99),
    rps: result.perSecond,
    errors: result.errors,
    firstError: result.firstError,
    serverCores: cpu.root / wall,
    childCores: cpu.others / wall,
    machineBusy,
    benchCores,
    otherCores: Math.max(
      0,
      machineBusy * cpus().length - (cpu.root + cpu.others) / wall - benchCores,
    ),
  };
}

const med = <T>(runs: T[], pick: (run: T) => number) =>
  median(runs.map(pick).sort((a, b) => a - b));

/** One call's answer, checked; its byte size sets the bare route's. */
async function ask(base: string, call: Call, headers: Record<string, string>): Promise<string> {
  const res = await fetch(urlOf(base, call), {
    method: call.method,
    headers: { ...headers, ...(call.body ? { 'content-type': 'application/json' } : {}) },
    ...(call.body ? { body: JSON.stringify(call.body) } : {}),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${call.name}: ${res.status} ${text.slice(0, 300)}`);
  if (
    call.key === 'list' &&
    (JSON.parse(text) as NotificationListResponse).notifications.length === 0
  ) {
    throw new Error(`${call.name} (${call.what}) answered no rows`);
  }
  if (call.key === 'counters') UnreadCountersResponse.parse(JSON.parse(text));
  return text;
}

/**
 * Waits until the agent's list has a row: the demo notifications are the engine's, raised once
 * it has checked the demo bookings after the first start. Answers the seconds waited.
 */
async function untilListHasRows(base: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  for (;;) {
    const res = await fetch(urlOf(base, CALLS.list), {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(CALLS.list.body),
    });
    if (res.status !== 200)
      throw new Error(`${CALLS.list.name}: ${res.status} ${await res.text()}`);
    const page = (await res.json()) as NotificationListResponse;
    if (page.notifications.length > 0) return (performance.now() - started) / 1000;
    if (performance.now() - started > ROWS_WAIT_MS) {
      throw new Error(`the demo agent's list had no rows ${ROWS_WAIT_MS / 1000} s after the start`);
    }
    await sleep(1000);
  }
}

// ---- verdicts and profiles ---------------------------------------------------------------------

type Verdict = {
  part: 'A' | 'B' | 'C';
  target: string;
  limit: string;
  measured: string;
  met: boolean;
  /** Why, from what the run measured; for a miss. */
  why?: string;
  /** The call whose profile tells the cause of a miss. */
  profiled?: CallKey;
};

/** Markdown of each profiled call's load, by call. */
type Profiles = Partial<Record<CallKey, string>>;

/**
 * Starts the server once more with --cpu-prof, puts each call's load on it in turn, stops it
 * (the profile is written at exit) and summarises the window of each load in every profile
 * written (the server's, and that of any node process it started).
 */
async function profileCalls(
  dir: string,
  start: (nodeFlags: string[]) => Promise<BuiltServer>,
  loads: { key: CallKey; run: (server: BuiltServer) => Promise<unknown> }[],
): Promise<Profiles> {
  if (loads.length === 0) return {};
  const profileDir = path.join(dir, `profiles-${Date.now()}`);
  await mkdir(profileDir, { recursive: true });
  const server = await start(['--cpu-prof', `--cpu-prof-dir=${profileDir}`]);
  const windows: { key: CallKey; window: ProfileWindow }[] = [];
  try {
    for (const each of loads) {
      const from = profileClockUs() + WARM_UP_S * 1_000_000;
      await each.run(server);
      windows.push({ key: each.key, window: { fromUs: from, toUs: profileClockUs() } });
    }
  } finally {
    await server.stop();
  }
  const files = (await readdir(profileDir)).filter((name) => name.endsWith('.cpuprofile'));
  const profiles: Profiles = {};
  for (const { key, window } of windows) {
    const tables: string[] = [];
    for (const file of files) {
      // CPU.<date>.<time>.<pid>.<thread>.<sequence>.cpuprofile
      const pid = Number(file.split('.')[3]);
      const summary = await summariseProfileFile(path.join(profileDir, file), window);
      if (summary.totalMs === 0) continue;
      const who =
        pid === server.pid ? 'the server process' : `node process ${pid}, started by the server`;
      tables.push(
        `CPU profile of ${who} over ${ms(summary.totalMs / 1000)} s of ${CALLS[key].name}'s load (self time; idle is time waiting for I/O):\n\n${profileTable(summary)}`,
      );
    }
    profiles[key] = tables.join('\n\n') || 'The profile held no samples of the load.';
  }
  await rm(profileDir, { recursive: true, force: true });
  return profiles;
}

const cores = (value: number) => value.toFixed(2);
const pct = (share: number) => `${Math.round(share * 100)}%`;

/**
 * What the load's own figures say of a miss, before the profile: the line the connections wait
 * in (Little's law), and whether the server's process, the machine's cores or neither was full.
 */
function whyOf(runs: Run[], connections: number): string {
  const rps = med(runs, (r) => r.rps);
  const server = med(runs, (r) => r.serverCores);
  const children = med(runs, (r) => r.childCores);
  const machine = med(runs, (r) => r.machineBusy);
  const line = `at ${connections} connections, ${connections} / ${Math.round(rps)} per second = ${ms((connections / rps) * 1000)} ms in line`;
  const used = `the server's process used ${cores(server)} cores${children > 0.01 ? ` and the processes it started ${cores(children)}` : ''}`;
  if (server >= 0.9) return `${line}; ${used}: its one thread is the limit`;
  if (machine >= 0.9) {
    const bench = med(runs, (r) => r.benchCores);
    const other = med(runs, (r) => r.otherCores);
    return `${line}; ${used} while the machine's ${cpus().length} cores were ${pct(machine)} busy, the bench's load generator taking ${cores(bench)} cores and everything else (PostgreSQL, other work on the machine) ${cores(other)}: the cores are the limit`;
  }
  return `${line}; ${used} and the machine was ${pct(machine)} busy: requests waited on the database`;
}

const liveLine = (live: LiveResult) =>
  live.available
    ? `${live.streams} streams, p95 ${ms(quantile(live.delays, 0.95))} ms, ${live.missing} missing, ${live.heldToTheEnd} held, ${live.bystanderEvents} bystander events (${live.bystanderLeaks} of the bench's)`
    : live.why;

function liveVerdict(live: LiveResult & { available: true }, where: string): Verdict {
  const p95 = quantile(live.delays, 0.95);
  return {
    part: 'C',
    target: `live update, ${where}: commit to each of ${live.streams} streams' event (p95 of ${thousands(live.delays.length)} arrivals)`,
    limit: `≤ ${TARGET.liveP95 / 1000} s, none missing`,
    measured: `${ms(p95)} ms${live.missing > 0 ? `, ${live.missing} never came` : ''}${live.bystanderLeaks > 0 ? `; **${live.bystanderLeaks} events reached streams outside the notifications' scope**` : ''}`,
    met: p95 <= TARGET.liveP95 && live.missing === 0,
  };
}

// ---- A: the embedded default -------------------------------------------------------------------

type Measured = { call: Call; bytes: number; runs: Run[] };

type EmbeddedResult = {
  startupSeconds: number;
  /** From the start's answer to the first row of the agent's list. */
  rowsAfterSeconds: number;
  health: HealthResponse;
  measured: Measured[];
  live: LiveResult | null;
  verdicts: Verdict[];
  profiles: Profiles;
};

async function embeddedDefault(): Promise<EmbeddedResult> {
  const dir = await mkdtemp(path.join(tmpdir(), 'smt-hot-embedded-'));
  const env = { APP_ENV: 'local', DATA_DIR: path.join(dir, 'data'), ...LOG_LEVEL };
  const start = (nodeFlags: string[] = []) =>
    startBuiltServer({ env, logFile: path.join(dir, 'server.log'), nodeFlags });
  try {
    const started = performance.now();
    const server = await start();
    const startupSeconds = (performance.now() - started) / 1000;
    let health: HealthResponse;
    let session: HttpSession;
    let rowsAfterSeconds: number;
    let live: LiveResult | null = null;
    const measured: Measured[] = [];
    try {
      health = (await (await fetch(`${server.base}/api/health`)).json()) as HealthResponse;
      const [signedIn] = await signInMany(server.base, [DEMO.agent]);
      if (!signedIn) throw new Error('the demo agent could not sign in');
      session = signedIn;
      const headersFor = (call: Call) => (call.key === 'health' ? {} : headersOf(session));
      rowsAfterSeconds = await untilListHasRows(server.base, headersOf(session));
      for (const call of [CALLS.health, CALLS.list, CALLS.counters]) {
        const bytes = Buffer.byteLength(await ask(server.base, call, headersFor(call)));
        measured.push({ call, bytes, runs: [] });
      }
      // The rounds interleave the calls, so the engine's busier and quieter moments fall on all.
      for (let run = 0; run < RUNS; run += 1) {
        for (const m of measured) {
          const request = {
            url: urlOf(server.base, m.call),
            method: m.call.method,
            headers: headersFor(m.call),
            ...(m.call.body ? { body: m.call.body } : {}),
          };
          m.runs.push(await load(request, CONNECTIONS.embedded, server.pid));
          const last = m.runs.at(-1);
          console.log(
            `A: ${m.call.name}: p95 ${ms(last?.p95 ?? NaN)} ms, ${Math.round(last?.rps ?? 0)}/s, server ${cores(last?.serverCores ?? 0)} cores`,
          );
        }
      }
      if (PARTS.has('C')) {
        session = await refreshed(server.base, session);
        live = await embeddedLive(server, env.DATA_DIR, session, LIVE);
        console.log(`C (embedded): ${liveLine(live)}`);
      }
    } catch (error) {
      console.error(await server.tail());
      throw error;
    } finally {
      await server.stop();
    }

    const [healthM, listM, countersM] = measured;
    if (!healthM || !listM || !countersM) throw new Error('A measured nothing');
    const ratio = (m: Measured) =>
      med(
        m.runs.map((run, i) => run.rps / (healthM.runs[i]?.rps ?? NaN)),
        (r) => r,
      );
    const verdicts: Verdict[] = [];
    for (const m of [listM, countersM]) {
      const p95 = med(m.runs, (r) => r.p95);
      const share = ratio(m);
      verdicts.push(
        {
          part: 'A',
          target: `${m.call.name} (${m.call.what}) p95, embedded, 10 connections`,
          limit: `≤ ${TARGET.p95} ms`,
          measured: `${ms(p95)} ms`,
          met: p95 <= TARGET.p95,
          why: whyOf(m.runs, CONNECTIONS.embedded),
          profiled: m.call.key,
        },
        {
          part: 'A',
          target: `${m.call.name} throughput, share of /api/health's in the same run`,
          limit: `≥ ${pct(TARGET.ofHealth)}`,
          measured: `${(share * 100).toFixed(1)}% (${thousands(Math.round(med(m.runs, (r) => r.rps)))} of ${thousands(Math.round(med(healthM.runs, (r) => r.rps)))} requests/s)`,
          met: share >= TARGET.ofHealth,
          why: whyOf(m.runs, CONNECTIONS.embedded),
          profiled: m.call.key,
        },
      );
    }
    const missed = [listM, countersM].filter((m) =>
      verdicts.some((v) => !v.met && v.profiled === m.call.key),
    );
    let profiles: Profiles = {};
    if (missed.length > 0) {
      profiles = await profileCalls(
        dir,
        (nodeFlags) => start(nodeFlags),
        missed.map((m) => ({
          key: m.call.key,
          run: async (profiledServer) => {
            session = await refreshed(profiledServer.base, session);
            const request = {
              url: urlOf(profiledServer.base, m.call),
              method: m.call.method,
              headers: headersOf(session),
              ...(m.call.body ? { body: m.call.body } : {}),
            };
            return load(request, CONNECTIONS.embedded, null, PROFILE_S);
          },
        })),
      );
    }
    if (live?.available) verdicts.push(liveVerdict(live, 'embedded default'));
    return { startupSeconds, rowsAfterSeconds, health, measured, live, verdicts, profiles };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// ---- B and C: PostgreSQL, one API process ---------------------------------------------------------

type SqlRun = { perSecond: number; statementsPerSecond: number; p95: number; errors: number };

type PostgresMeasured = Measured & {
  stages: Stages;
  bareRuns: Run[];
  sqlRuns: SqlRun[];
  firstError: string | null;
};

type PostgresResult = {
  version: string;
  data: string;
  loadSeconds: number;
  measured: PostgresMeasured[];
  live: LiveResult | null;
  verdicts: Verdict[];
  profiles: Profiles;
};

/** Someone who holds live streams, and the agent whose new notifications they must hear of. */
type Viewer = { person: Person; agentId: number };

type Cast = {
  /** The agent whose calls B measures; the first viewer. */
  agent: Person;
  /** As many viewers as the streams need (a person holds at most STREAMS_PER_USER). */
  viewers: Viewer[];
  /** Someone of another agency, who must hear of none of the viewers' notifications. */
  bystander: Person;
  data: string;
  loadSeconds: number;
};

const viewersNeeded = Math.ceil(STREAMS / STREAMS_PER_USER);

/** The data of B and C, and who signs in to it. */
async function loadData(
  database: Awaited<ReturnType<typeof freshPostgres>>['database'],
): Promise<Cast> {
  const started = performance.now();
  const world = await makeScaleData(database.db, SCALE, (line) => console.log(`B: ${line}`));
  // The busiest scale agent: the worst case for their own lists (as http.bench.ts chooses).
  const [busiest] = await queryRows<{ agentId: number; bookings: number; pending: number }>(
    database.db,
    sql`select b.agent_id as "agentId", count(*)::int as bookings,
      (select count(*) from notifications n
        where n.agent_id = b.agent_id and n.status <> 'DEL' and n.subtype = 'Pending')::int as pending
      from bookings b where b.agent_id in ${sql`(${sql.join(
        world.agentIds.map((id) => sql`${id}`),
        sql`, `,
      )})`}
      group by b.agent_id order by count(*) desc, b.agent_id limit 1`,
  );
  const agents = world.people.filter(
    (p): p is typeof p & { agentId: number } => p.role === 'Agent' && p.agentId !== null,
  );
  const agent = agents.find((p) => p.agentId === busiest?.agentId);
  if (!busiest || !agent) throw new Error('the scale organisation has no agents');
  const bystander = agents.find((p) => p.agencyId !== agent.agencyId);
  if (!bystander) throw new Error('the scale organisation has one agency');
  // Agents of every agency but the bystander's, each with a notification to copy.
  const copyable = new Set(
    (
      await queryRows<{ agentId: number }>(
        database.db,
        sql`select distinct agent_id as "agentId" from notifications where status <> 'DEL'`,
      )
    ).map((row) => row.agentId),
  );
  const others = agents.filter(
    (p) => p !== agent && p.agencyId !== bystander.agencyId && copyable.has(p.agentId),
  );
  const viewers = [agent, ...others]
    .slice(0, viewersNeeded)
    .map((person) => ({ person, agentId: person.agentId }));
  const [totals] = await queryRows<{ bookings: number; notifications: number }>(
    database.db,
    sql`select (select count(*) from bookings)::int as bookings,
      (select count(*) from notifications)::int as notifications`,
  );
  return {
    agent,
    viewers,
    bystander,
    data: `the ${TINY ? '**tiny (HOT_SCALE=tiny)**' : 'small'} scale organisation of bench/scale-data.ts (${thousands(totals?.bookings ?? 0)} bookings, ${thousands(totals?.notifications ?? 0)} notifications, beside the demo organisation); the busiest agent has ${thousands(busiest.bookings)} bookings and ${thousands(busiest.pending)} pending notifications`,
    loadSeconds: (performance.now() - started) / 1000,
  };
}

/** The statements one request of `call` sends, captured in the API process. */
async function captureStatements(
  server: BuiltServer,
  captureFile: string,
  call: Call,
  headers: Record<string, string>,
): Promise<Stages> {
  // Twice first: the session and whatever else a first request reads are cached by then.
  await ask(server.base, call, headers);
  await ask(server.base, call, headers);
  server.signal('SIGUSR2');
  await sleep(200);
  await ask(server.base, call, headers);
  await sleep(200);
  server.signal('SIGUSR2');
  await sleep(200);
  const statements = await lastCapture(captureFile);
  if (statements.length === 0) throw new Error(`no statement was captured for ${call.name}`);
  return stagesOf(statements);
}

async function onePostgresProcess(): Promise<PostgresResult> {
  const dir = await mkdtemp(path.join(tmpdir(), 'smt-hot-postgres-'));
  const { database, url, drop } = await freshPostgres(POOL_SIZE);
  const sqlPool = new pg.Pool({ connectionString: url, max: POOL_SIZE, options: '-c jit=off' });
  const bare = await startBareServer();
  try {
    await runMigrations(database);
    const { agent, viewers, bystander, data, loadSeconds } = await loadData(database);
    const [{ version } = { version: '?' }] = await queryRows<{ version: string }>(
      database.db,
      sql`select current_setting('server_version') as version`,
    );
    const captureFile = path.join(dir, 'statements.jsonl');
    const env = { APP_ENV: 'local', DATABASE_URL: url, SMT_ROLE: 'api', ...LOG_LEVEL };
    const start = (nodeFlags: string[] = [], capture = false) =>
      startBuiltServer({
        env: capture ? { ...env, SQL_CAPTURE_FILE: captureFile } : env,
        logFile: path.join(dir, 'server.log'),
        nodeFlags,
        imports: capture ? [SQL_CAPTURE] : [],
      });
    const server = await start([], true);
    const measured: PostgresMeasured[] = [];
    let live: LiveResult | null = null;
    const [signedIn] = await signInMany(server.base, [agent]);
    if (!signedIn) throw new Error(`${agent.email} could not sign in`);
    let session: HttpSession = signedIn;
    try {
      const headers = headersOf(session);
      for (const call of [CALLS.list, CALLS.counters]) {
        const bytes = Buffer.byteLength(await ask(server.base, call, headers));
        const stages = await captureStatements(server, captureFile, call, headers);
        measured.push({
          call,
          bytes,
          stages,
          runs: [],
          bareRuns: [],
          sqlRuns: [],
          firstError: null,
        });
      }
      if (PARTS.has('B')) {
        for (let run = 0; run < RUNS; run += 1) {
          for (const m of measured) {
            const request = {
              url: urlOf(server.base, m.call),
              method: m.call.method,
              headers,
              ...(m.call.body ? { body: m.call.body } : {}),
            };
            const measuredRun = await load(request, CONNECTIONS.postgres, server.pid);
            m.firstError ??= measuredRun.firstError;
            m.runs.push(measuredRun);
            bare.setBody(jsonOfSize(m.bytes));
            m.bareRuns.push(
              await load(
                { url: bare.url, method: m.call.method, headers: {} },
                CONNECTIONS.postgres,
                null,
              ),
            );
            const direct = await runSqlLoad(sqlPool, m.stages, {
              concurrency: CONNECTIONS.postgres,
              warmUpMs: WARM_UP_S * 1000,
              windowMs: WINDOW_S * 1000,
            });
            m.sqlRuns.push({
              perSecond: direct.perSecond,
              statementsPerSecond: direct.statementsPerSecond,
              p95: quantile(direct.latencies, 0.95),
              errors: direct.errors,
            });
            if (direct.firstError)
              throw new Error(`direct SQL of ${m.call.name}: ${direct.firstError}`);
            console.log(
              `B: ${m.call.name}: p95 ${ms(measuredRun.p95)} ms, ${Math.round(measuredRun.rps)}/s (server ${cores(measuredRun.serverCores)} cores); bare ${Math.round(m.bareRuns.at(-1)?.rps ?? 0)}/s; direct SQL ${Math.round(direct.perSecond)}/s`,
            );
          }
        }
      }
      if (PARTS.has('C')) {
        // The agent of B signed in already; the other viewers and the bystander now.
        const [, ...others] = viewers;
        const signedIn = await signInMany(server.base, [...others.map((v) => v.person), bystander]);
        session = await refreshed(server.base, session);
        const viewerSessions = viewers.map((viewer, i) => {
          const own = i === 0 ? session : signedIn[i - 1];
          if (!own) throw new Error(`${viewer.person.email} could not sign in`);
          return { session: own, agentId: viewer.agentId };
        });
        const bystanderSession = signedIn.at(-1);
        if (!bystanderSession) throw new Error('the bystander could not sign in');
        live = await liveUpdates(server, url, viewerSessions, bystanderSession, LIVE);
        console.log(`C (PostgreSQL): ${liveLine(live)}`);
      }
    } catch (error) {
      console.error(await server.tail());
      throw error;
    } finally {
      await server.stop();
    }

    const verdicts: Verdict[] = [];
    const listM = measured.find((m) => m.call.key === 'list');
    if (PARTS.has('B') && listM) {
      const rps = med(listM.runs, (r) => r.rps);
      const ofSql = med(
        listM.runs.map((run, i) => run.rps / (listM.sqlRuns[i]?.perSecond ?? NaN)),
        (r) => r,
      );
      verdicts.push(
        {
          part: 'B',
          target: `${listM.call.name} (${listM.call.what}) throughput, PostgreSQL, one API process, 50 connections`,
          limit: `≥ ${thousands(TARGET.listRps)} requests/s`,
          measured: `${thousands(Math.round(rps))} requests/s`,
          met: rps >= TARGET.listRps,
          why: whyOf(listM.runs, CONNECTIONS.postgres),
          profiled: 'list',
        },
        {
          part: 'B',
          target: `${listM.call.name} throughput, share of its direct-SQL limit in the same run`,
          limit: `≥ ${pct(TARGET.ofSql)}`,
          measured: `${pct(ofSql)} (${thousands(Math.round(rps))} of ${thousands(Math.round(med(listM.sqlRuns, (r) => r.perSecond)))} requests' statements/s)`,
          met: ofSql >= TARGET.ofSql,
          why: whyOf(listM.runs, CONNECTIONS.postgres),
          profiled: 'list',
        },
      );
      for (const m of measured) {
        const p95 = med(m.runs, (r) => r.p95);
        verdicts.push({
          part: 'B',
          target: `${m.call.name} (${m.call.what}) p95, PostgreSQL, 50 connections`,
          limit: `≤ ${TARGET.p95} ms`,
          measured: `${ms(p95)} ms`,
          met: p95 <= TARGET.p95,
          why: whyOf(m.runs, CONNECTIONS.postgres),
          profiled: m.call.key,
        });
      }
    }
    if (live?.available) verdicts.push(liveVerdict(live, 'PostgreSQL, the API in its own process'));

    const missed = measured.filter((m) =>
      verdicts.some((v) => !v.met && v.profiled === m.call.key),
    );
    const profiles = await profileCalls(
      dir,
      (nodeFlags) => start(nodeFlags),
      missed.map((m) => ({
        key: m.call.key,
        run: async (profiled) => {
          session = await refreshed(profiled.base, session);
          const request = {
            url: urlOf(profiled.base, m.call),
            method: m.call.method,
            headers: headersOf(session),
            ...(m.call.body ? { body: m.call.body } : {}),
          };
          return load(request, CONNECTIONS.postgres, null, PROFILE_S);
        },
      })),
    );
    return { version, data, loadSeconds, measured, live, verdicts, profiles };
  } finally {
    await bare.close();
    await sqlPool.end();
    await drop();
    await rm(dir, { recursive: true, force: true });
  }
}

// ---- the run -----------------------------------------------------------------------------------

const benchStarted = performance.now();
if (buildServerIfStale()) console.log('built apps/server/dist/server.js');
const embedded = PARTS.has('A') ? await embeddedDefault() : null;
const postgres = PARTS.has('B') || PARTS.has('C') ? await onePostgresProcess() : null;
const benchMinutes = (performance.now() - benchStarted) / 60_000;

// By part, A to C; within a part, in the order measured.
const verdicts = [...(embedded?.verdicts ?? []), ...(postgres?.verdicts ?? [])].sort((a, b) =>
  a.part.localeCompare(b.part),
);

const summaryTable = [
  '| | target | limit | measured | verdict |',
  '| --- | --- | --- | --- | --- |',
  ...verdicts.map(
    (v) =>
      `| ${v.part} | ${v.target} | ${v.limit} | ${v.measured} | ${v.met ? 'met' : '**missed**'} |`,
  ),
].join('\n');

const runsTable = (rows: { label: string; runs: Run[]; bytes: number }[], server: boolean) =>
  [
    `| call | answer | p50 (ms) | p95 (ms) | p99 (ms) | requests/s |${server ? ' server process CPU (cores) | its child processes CPU (cores) |' : ''} load generator CPU (cores) | rest of the machine (cores) | machine busy | errors |`,
    `| --- | --- | --- | --- | --- | --- |${server ? ' --- | --- |' : ''} --- | --- | --- | --- |`,
    ...rows.map((row) => {
      const cpu = row.runs.some((r) => r.serverCores > 0)
        ? ` ${cores(med(row.runs, (r) => r.serverCores))} | ${cores(med(row.runs, (r) => r.childCores))} |`
        : ' – | – |';
      return `| ${row.label} | ${thousands(row.bytes)} B | ${ms(med(row.runs, (r) => r.p50))} | ${ms(med(row.runs, (r) => r.p95))} | ${ms(med(row.runs, (r) => r.p99))} | ${thousands(Math.round(med(row.runs, (r) => r.rps)))} |${server ? cpu : ''} ${cores(med(row.runs, (r) => r.benchCores))} | ${cores(med(row.runs, (r) => r.otherCores))} | ${pct(med(row.runs, (r) => r.machineBusy))} | ${row.runs.reduce((sum, r) => sum + r.errors, 0)} |`;
    }),
  ].join('\n');

/** The misses of a part by call: what was missed, what the load says of it, and its profile. */
function missesOf(part: 'A' | 'B', profiles: Profiles): string {
  const missed = verdicts.filter((v) => v.part === part && !v.met);
  if (missed.length === 0) return `Every target of ${part} is met.`;
  const keys = [...new Set(missed.map((v) => v.profiled))];
  return keys
    .map((key) => {
      const of = missed.filter((v) => v.profiled === key);
      const lines = of.map((v) => `- **Missed**: ${v.target}: ${v.measured} (${v.limit}).`);
      const why = of.find((v) => v.why)?.why;
      const profile = key ? (profiles[key] ?? 'No profile was taken.') : '';
      return [lines.join('\n'), why ? `Why: ${why}.` : '', profile].filter(Boolean).join('\n\n');
    })
    .join('\n\n');
}

function embeddedSection(result: EmbeddedResult): string {
  return `### A. The embedded default, engine running, 10 connections

**Method.** \`apps/server/dist/server.js\` (built by \`apps/server/scripts/build.mjs\` when older
than its sources, as \`npm start\` does) started by node with APP_ENV=local, a fresh temporary
DATA_DIR, no DATABASE_URL and no SMT_ROLE, LOG_LEVEL
${LOG_LEVEL.LOG_LEVEL ?? 'unset (info: a log line per request, written to a file)'}, and measured
from outside: whatever processes it starts (the embedded database, the engine) are its own
affair. It answered /api/health ${ms(result.startupSeconds)} s after it was started, saying \`db: ${result.health.db}\`; the demo
agent (agent@demo.test) signed in by SMS over HTTP, and the engine had raised the first row of
their list ${ms(result.rowsAfterSeconds)} s later. Each load is 10 keep-alive connections from a worker thread, ${WARM_UP_S} s of
warm-up then ${WINDOW_S} s measured; ${RUNS} round${RUNS === 1 ? '' : 's'} of the three calls in turn, figures are the medians of the
rounds, the share of /api/health's throughput is taken round by round. CPU is read through each load:
the process started (the one that listens) and, apart, the processes it started, from /proc; the
bench's own process (the load generator), from Node.js; the rest of the machine's busy cores
(/proc/stat) is everything else running on it. All share the machine's ${cpus().length} cores.

${runsTable(
  result.measured.map((m) => ({
    label: `${m.call.name} (${m.call.what})`,
    runs: m.runs,
    bytes: m.bytes,
  })),
  true,
)}

${missesOf('A', result.profiles)}`;
}

const statementsOf = (stages: Stages) =>
  stages
    .map(
      (stage, i) =>
        `${i + 1}. ${stage
          .map(
            (s) =>
              `\`${s.text.replace(/\s+/g, ' ').slice(0, 140)}${s.text.length > 140 ? '…' : ''}\``,
          )
          .join(' and, at the same time, ')}`,
    )
    .join('\n');

function liveSection(live: LiveResult | null, where: 'embedded' | 'postgres'): string {
  const title =
    where === 'embedded'
      ? '### C. Live updates, the embedded default'
      : '### C. Live updates, PostgreSQL, the API in its own process';
  if (!live) return `${title}\n\nNot measured.`;
  if (!live.available) return `${title}\n\n**Not measured**: ${live.why}.`;
  const who =
    where === 'embedded'
      ? `the server of A (streams and the engine's work in the same processes as there), as ${live.sessions} people of the demo organisation (${live.holders.join(', ')}: the demo agents the engine had raised notifications for by then, the agency managers and the super user), each waiting for one demo agent's notifications; ${LIVE.bystanders} more streams are held by the branch manager of JRS1, who sees none of them. The notifications are written through the socket the embedded database serves the server's processes on (DATA_DIR/run, decision 047), as the engine beside it writes`
      : `the same API process as B, as ${live.sessions} people: B's agent and agents of the scale organisation's other agencies; ${LIVE.bystanders} more streams are held by an agent of an agency none of them sees. The notifications are written from a PostgreSQL connection of the bench's, as a worker process writes`;
  return `${title}

**Method.** ${live.streams} streams on GET /api/live, each on its own connection, held on ${who}.
Each person signed in once from a loopback address of their own (the server allows ten sign-in
codes an hour per address) and held ${STREAMS_PER_USER} streams, the most the server lets one person hold, from another
address of their own (it caps streams per address too); the streams carry the three headers and \`Authorization: Bearer\`. Once every stream said
\`ready\`, the bench ran ${live.inserts} INSERT statements, one every ${ms(LIVE.everyMs / 1000)} s, each writing ${live.rowsPerInsert} notification${live.rowsPerInsert === 1 ? '' : 's'} (a copy of
the newest notification of each awaited agent under a new dedupe key) in one statement committed
on its own, so the table's triggers (tallies, NOTIFY) run as for the engine's writer; and timed
each stream's \`notifications\` event naming its agent's new id or a later one, from the moment the
INSERT was sent (its commit comes within it).

Arrival after commit: p50 ${ms(quantile(live.delays, 0.5))} ms, p95 ${ms(quantile(live.delays, 0.95))} ms, p99 ${ms(quantile(live.delays, 0.99))} ms, the slowest ${ms(live.delays.at(-1) ?? NaN)} ms, over
${thousands(live.delays.length)} arrivals; ${live.missing} expected events never came within ${LIVE.waitMs / 1000} s. ${live.heldToTheEnd} of ${live.streams} streams
were still open after ${Math.round(live.heldSeconds)} s${live.firstEnd ? ` (the first to end: ${live.firstEnd})` : ''}, with a median of ${live.heartbeatsPerStream} heartbeat${live.heartbeatsPerStream === 1 ? '' : 's'} each${Number.isFinite(live.heartbeatGapMs) ? `, ${ms(live.heartbeatGapMs / 1000)} s apart` : ''}.
The bystander's streams received ${live.bystanderEvents} notification events, ${live.bystanderLeaks} of them naming a notification the bench inserted${live.bystanderEvents > live.bystanderLeaks ? " (the others are the engine's, which keeps raising the demo notifications in the bystander's branch)" : ''}. Nothing polled while the streams were
up: the bench sends no other request in that time, and holding the streams asked nothing of the
lists or counters.`;
}

function postgresSection(result: PostgresResult): string {
  const b = PARTS.has('B')
    ? `### B. PostgreSQL, one API process, 50 connections

**Method.** PostgreSQL ${result.version} on this machine, a fresh database with
${result.data} (loaded in ${Math.round(result.loadSeconds)} s). The API is
\`apps/server/dist/server.js\` in a process of its own with DATABASE_URL and SMT_ROLE=api (no engine),
its default pool of ${POOL_SIZE} connections, LOG_LEVEL ${LOG_LEVEL.LOG_LEVEL ?? 'unset (info)'}. Each load is 50 keep-alive connections from
a worker thread, ${WARM_UP_S} s of warm-up then ${WINDOW_S} s measured. The bare route is a Fastify instance in the
bench's process answering a constant JSON body of the call's byte size. CPU is read as in A; the
rest of the machine is PostgreSQL above all. The direct-SQL limit is
what the API sent to PostgreSQL for one request of the call (captured in the API process by
\`bench/sql-capture.mjs\` after two warm requests, so the session is cached as under load), sent
again through a node-postgres pool of ${POOL_SIZE} in the bench's process, 50 requests' worth at a time,
statements the API ran side by side sent side by side: requests' statements per second. ${RUNS}
round${RUNS === 1 ? '' : 's'} of call, bare route and direct SQL in turn; medians of the rounds.

${runsTable(
  result.measured.flatMap((m) => [
    { label: `${m.call.name} (${m.call.what})`, runs: m.runs, bytes: m.bytes },
    { label: `bare route, ${thousands(m.bytes)} B`, runs: m.bareRuns, bytes: m.bytes },
  ]),
  true,
)}

| call | statements per request | direct SQL, requests' statements/s | statements/s | p95 (ms) | the call's share of it |
| --- | --- | --- | --- | --- | --- |
${result.measured
  .map(
    (m) =>
      `| ${m.call.name} | ${m.stages.reduce((sum, stage) => sum + stage.length, 0)} in ${m.stages.length} step${m.stages.length === 1 ? '' : 's'} | ${thousands(Math.round(med(m.sqlRuns, (r) => r.perSecond)))} | ${thousands(Math.round(med(m.sqlRuns, (r) => r.statementsPerSecond)))} | ${ms(med(m.sqlRuns, (r) => r.p95))} | ${pct(
        med(
          m.runs.map((run, i) => run.rps / (m.sqlRuns[i]?.perSecond ?? NaN)),
          (r) => r,
        ),
      )} |`,
  )
  .join('\n')}

${result.measured.map((m) => `Statements of one ${m.call.name} request:\n\n${statementsOf(m.stages)}`).join('\n\n')}

${missesOf('B', result.profiles)}`
    : '';
  const c = PARTS.has('C') ? liveSection(result.live, 'postgres') : '';
  return [b, c].filter(Boolean).join('\n\n');
}

const section = `Made by \`npm run bench:hot\` on ${ranOn()}: ${cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB of memory; ${benchMinutes.toFixed(1)} minutes in all. Settings: HOT_WINDOW_S=${WINDOW_S}, HOT_WARM_UP_S=${WARM_UP_S}, HOT_RUNS=${RUNS}, HOT_PROFILE_S=${PROFILE_S}, HOT_LIVE_STREAMS=${STREAMS}, HOT_LIVE_INSERTS=${LIVE.inserts}, HOT_LIVE_EVERY_MS=${LIVE.everyMs}${TINY ? ', HOT_SCALE=tiny' : ''}${PARTS.size < 3 ? `, HOT_PARTS=${[...PARTS].join(',')}` : ''}.

The servers are measured as people run them: the built bundle in a process of its own, from
outside. Under each miss, the CPU profile of the server process (\`node --cpu-prof\`, started
again for it) over ${PROFILE_S} s of that call's load alone, self time grouped by package, Node.js
internals and our code by folder (\`bench/cpu-profile-summary.ts\`; V8 built-ins count under the
caller that called them).

${summaryTable}

${[
  embedded ? embeddedSection(embedded) : '',
  postgres ? postgresSection(postgres) : '',
  embedded && PARTS.has('C') ? liveSection(embedded.live, 'embedded') : '',
]
  .filter(Boolean)
  .join('\n\n')}`;

console.log(await writeResultsSection('Hot calls (issue 23)', section));
console.log(`hot calls bench: ${Math.round(benchMinutes * 60)} s`);
process.exit(0);
