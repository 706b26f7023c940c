import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { STREAMS_PER_USER } from '@/modules/live/live-hub';
import { DEMO } from '../apps/server/test/sign-in';
import type { BuiltServer } from './built-server';
import { headersOf, signInMany, type HttpSession } from './http-sign-in';
import { openLiveStreams } from './live-streams';
import { median, ms } from './measure';

// Issue 23's live updates, measured on a running server: streams held on GET /api/live by
// people whose scope covers some agents, notifications inserted for those agents from a
// database connection of the bench's own, and the time from each INSERT to each stream's
// event; beside them, streams of someone who must hear of none of it.

export type LiveOptions = {
  /** Streams in all, STREAMS_PER_USER a person (the most the server lets one hold). */
  streams: number;
  /** INSERT statements, one every `everyMs`. */
  inserts: number;
  everyMs: number;
  /** The bystander's streams. */
  bystanders: number;
  /** How long an event may take before it counts as missing. */
  waitMs: number;
};

export type LiveResult =
  | { available: false; why: string }
  | {
      available: true;
      streams: number;
      /** Sessions holding them, and whose they are (e-mail). */
      sessions: number;
      holders: string[];
      inserts: number;
      /** Notifications each INSERT statement wrote (one per viewer's agent). */
      rowsPerInsert: number;
      /** Commit to arrival, ms, ascending: one per stream and insert that arrived. */
      delays: number[];
      missing: number;
      heldToTheEnd: number;
      heartbeatsPerStream: number;
      heartbeatGapMs: number;
      heldSeconds: number;
      /** Events the bystander's streams received: of the engine's own work, or the bench's. */
      bystanderEvents: number;
      /** Of them, those naming a notification the bench inserted: out of their scope. */
      bystanderLeaks: number;
      firstEnd: string | null;
    };

/** The n-th person's loopback address for their streams (127.1.x.y: apart from the sign-ins'). */
const streamAddress = (n: number) => `127.1.${Math.floor(n / 250)}.${2 + (n % 250)}`;

export const liveHeaders = (session: HttpSession) => ({
  ...headersOf(session),
  authorization: `Bearer ${session.accessToken}`,
});

/**
 * Streams of every viewer (STREAMS_PER_USER each, `streams` in all) and of the bystander, each
 * person's from a loopback address of their own (the server caps streams per address too);
 * then `inserts` statements, each a new notification for every viewer's agent, committed from
 * a connection to `url` of the bench's own; each stream's event naming its agent's new id is
 * timed. A server without the live route answers why not.
 */
export async function liveUpdates(
  server: BuiltServer,
  url: string,
  viewers: { session: HttpSession; agentId: number }[],
  bystander: HttpSession,
  options: LiveOptions,
): Promise<LiveResult> {
  const [first] = viewers;
  if (!first) throw new Error('nobody to hold the live streams');
  viewers = viewers.slice(0, Math.ceil(options.streams / STREAMS_PER_USER));
  const probe = new AbortController();
  const answer = await fetch(`${server.base}/api/live`, {
    headers: liveHeaders(first.session),
    signal: probe.signal,
  });
  probe.abort();
  if (answer.status !== 200) {
    return { available: false, why: `GET /api/live answered ${answer.status}` };
  }

  const held = viewers.map((viewer, i) => ({
    agentId: viewer.agentId,
    streams: openLiveStreams(
      server.base,
      liveHeaders(viewer.session),
      Math.min(STREAMS_PER_USER, options.streams - i * STREAMS_PER_USER),
      streamAddress(i),
    ),
  }));
  const all = held.flatMap((h) =>
    h.streams.streams.map((stream) => ({ agentId: h.agentId, stream })),
  );
  const bystanders = openLiveStreams(
    server.base,
    liveHeaders(bystander),
    options.bystanders,
    streamAddress(viewers.length),
  );
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const h of held) await h.streams.ready(30_000);
    await bystanders.ready(30_000);
    const opened = performance.now();
    // A copy of each agent's newest notification under a new dedupe key, all in one statement
    // as the engine's writer inserts a pass's notifications: the row's triggers (tallies,
    // NOTIFY) run as they would.
    const columns = (
      await client.query<{ column_name: string }>(
        `select column_name from information_schema.columns
        where table_schema = current_schema() and table_name = 'notifications'
          and column_name <> 'id' and is_generated = 'NEVER' and is_identity = 'NO'
        order by ordinal_position`,
      )
    ).rows.map((row) => row.column_name);
    const agentIds = [...new Set(viewers.map((v) => v.agentId))];
    const templates = (
      await client.query<{ id: string }>(
        `select max(id) as id from notifications where agent_id = any($1::int[]) and status <> 'DEL'
        group by agent_id`,
        [agentIds],
      )
    ).rows.map((row) => row.id);
    if (templates.length !== agentIds.length) {
      throw new Error('an agent has no notification to copy');
    }
    const insert = `insert into notifications (${columns.map((c) => `"${c}"`).join(', ')})
      select ${columns
        .map((c) =>
          c === 'dedupe_key' ? `$2 || id` : c === 'notification_time' ? 'now()' : `"${c}"`,
        )
        .join(', ')}
      from notifications where id = any($1::bigint[]) returning id, agent_id`;

    const delays: number[] = [];
    const inserted = new Set<number>();
    let missing = 0;
    for (let i = 0; i < options.inserts; i += 1) {
      const sent = performance.now();
      const { rows } = await client.query<{ id: string; agent_id: number }>(insert, [
        templates,
        `bench-live-${Date.now()}-${i}-`,
      ]);
      const newId = new Map(rows.map((row) => [row.agent_id, Number(row.id)]));
      for (const row of rows) inserted.add(Number(row.id));
      const arrivalOf = (each: (typeof all)[number]) =>
        each.stream.events.find(
          (event) => event.at >= sent && event.latestId >= (newId.get(each.agentId) ?? Infinity),
        )?.at;
      const deadline = sent + options.waitMs;
      while (
        performance.now() < deadline &&
        all.some((each) => each.stream.endedAt === null && arrivalOf(each) === undefined)
      ) {
        await sleep(5);
      }
      const arrivals = all.map(arrivalOf);
      for (const arrived of arrivals) {
        if (arrived === undefined) missing += 1;
        else delays.push(arrived - sent);
      }
      const came = arrivals.filter((at): at is number => at !== undefined);
      console.log(
        `C: insert ${i + 1} of ${options.inserts}: ${came.length} of ${all.length} streams, the last after ${ms(Math.max(...came) - sent)} ms`,
      );
      await sleep(Math.max(0, sent + options.everyMs - performance.now()));
    }
    const heldSeconds = (performance.now() - opened) / 1000;
    const open = all.map((each) => each.stream).filter((s) => s.endedAt === null);
    const gaps = open.flatMap((s) =>
      s.heartbeats.slice(1).map((at, i) => at - (s.heartbeats[i] ?? at)),
    );
    delays.sort((a, b) => a - b);
    return {
      available: true,
      streams: all.length,
      sessions: held.length,
      holders: viewers.map((viewer) => viewer.session.person.email),
      inserts: options.inserts,
      rowsPerInsert: templates.length,
      delays,
      missing,
      heldToTheEnd: open.length,
      heartbeatsPerStream: median(open.map((s) => s.heartbeats.length).sort((a, b) => a - b)),
      heartbeatGapMs: median(gaps.sort((a, b) => a - b)),
      heldSeconds,
      bystanderEvents: bystanders.streams.reduce((sum, s) => sum + s.events.length, 0),
      bystanderLeaks: bystanders.streams.reduce(
        (sum, s) => sum + s.events.filter((event) => inserted.has(event.latestId)).length,
        0,
      ),
      firstEnd: all.find((each) => each.stream.endedAt !== null)?.stream.endReason ?? null,
    };
  } finally {
    for (const h of held) h.streams.close();
    bystanders.close();
    await client.end();
  }
}

/**
 * C on the embedded default: the demo organisation's people hold the streams (whoever sees the
 * demo agents' notifications, five streams each; the branch manager of JRS1, who sees none of
 * them, is the bystander), and the notifications are inserted through the socket the embedded
 * database serves the server's processes on (DATA_DIR/run, decision 047), as the engine beside
 * it writes them.
 */
export async function embeddedLive(
  server: BuiltServer,
  dataDir: string,
  agentSession: HttpSession,
  options: LiveOptions,
): Promise<LiveResult> {
  const socketDir = path.resolve(dataDir, 'run');
  if (!existsSync(path.join(socketDir, '.s.PGSQL.5432'))) {
    return {
      available: false,
      why: 'the embedded database serves no socket under DATA_DIR/run, so the bench cannot write to it beside the server',
    };
  }
  const url = `postgres://postgres@localhost:5432/postgres?host=${encodeURIComponent(socketDir)}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let agentIds: Map<string, number>;
  try {
    // The engine raises the demo notifications as it checks the demo bookings: an agent it
    // has raised none for yet is left out.
    const { rows } = await client.query<{ email: string; agent_id: number }>(
      `select email, agent_id from users u where email = any($1)
      and exists (select from notifications n where n.agent_id = u.agent_id and n.status <> 'DEL')`,
      [[DEMO.agent.email, DEMO.agent2.email, DEMO.globeAgent.email]],
    );
    agentIds = new Map(rows.map((row) => [row.email, row.agent_id]));
  } finally {
    await client.end();
  }
  // Whom each one must hear of: their own agent identity, or one agent of their scope.
  const cast = [
    { person: DEMO.agent, agentOf: DEMO.agent },
    { person: DEMO.agent2, agentOf: DEMO.agent2 },
    { person: DEMO.globeAgent, agentOf: DEMO.globeAgent },
    { person: DEMO.manager, agentOf: DEMO.agent },
    { person: DEMO.globeManager, agentOf: DEMO.globeAgent },
    { person: DEMO.superUser, agentOf: DEMO.agent },
  ].flatMap(({ person, agentOf }) => {
    const agentId = agentIds.get(agentOf.email);
    return agentId === undefined ? [] : [{ person, agentId }];
  });
  if (cast[0]?.person !== DEMO.agent) throw new Error('the demo agent has no notification');
  const [, ...others] = cast;
  const signedIn = await signInMany(server.base, [
    ...others.map((c) => c.person),
    DEMO.branchManager,
  ]);
  const viewers = cast.map((c, i) => {
    const session = i === 0 ? agentSession : signedIn[i - 1];
    if (!session) throw new Error(`${c.person.email} could not sign in`);
    return { session, agentId: c.agentId };
  });
  const bystander = signedIn.at(-1);
  if (!bystander) throw new Error('the branch manager could not sign in');
  return liveUpdates(server, url, viewers, bystander, options);
}
