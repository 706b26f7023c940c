import { LIVE_EVENTS, LIVE_HEARTBEAT_MS, type LiveNotificationsEvent } from '@smt/shared';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '@/db/client';
import { listenTo, type ListenState, type Unlisten } from '@/db/listen';
import { scopeCovers, type Scope } from '@/db/scope';
import { fail } from './live.errors';

/** What the triggers of migration 0023 NOTIFY on. */
export const LIVE_CHANNELS = {
  notifications: 'smt_notifications',
  sessions: 'smt_sessions',
} as const;

/**
 * Streams one person may hold at once, over all their sessions. A browser holds one (its tabs
 * share it, decision 045): five is a desk, a laptop and a phone with room to spare, or the
 * tabs of a browser without Web Locks. One more from a session that holds some replaces that
 * session's oldest (the same browser back after a reload or a network change, whose old stream
 * the server cannot yet tell is dead); from any other session it is refused 429, and its page
 * polls as it does whenever the stream is down.
 */
export const STREAMS_PER_USER = 5;
/**
 * Streams one client address (`request.ip`, after TRUST_PROXY) may hold at once. An agency's
 * office reaches us from one NAT address with a stream per signed-in browser, so this is sized
 * for a large office, not a person; it stops one address that holds many accounts from keeping
 * thousands of connections open. Behind a proxy TRUST_PROXY must be set, or every client shares
 * the proxy's address and this cap.
 */
export const STREAMS_PER_ADDRESS = 50;
/** A burst of changes (the engine's pass, a bulk delete) is one event per stream this often. */
export const COALESCE_MS = 250;

/** What `smt_sessions` says of a user whose row changed or went (migration 0024). */
const USER_NOTICE = /^user:(\d+)$/;

/** [agency, branch, agent, the newest id touched there] as the trigger writes them. */
const NotifiedPlaces = z.object({
  latestId: z.number(),
  places: z.array(z.tuple([z.number(), z.number(), z.number()]).rest(z.number())),
});

/** Where a stream writes: an HTTP answer in the routes, anything in a test. */
export type LiveSink = { write: (chunk: string) => void; end: () => void };

export type LiveStreamOptions = {
  sessionId: string;
  /** The signed-in person, whose streams STREAMS_PER_USER counts. */
  realUserId: number;
  /** Who they act as (themselves unless impersonating). A change to either user ends it. */
  userId: number;
  /** The client's address, whose streams STREAMS_PER_ADDRESS counts. */
  address: string;
  /** Whose notifications the stream announces: the session's effective user's. */
  scope: Scope;
  /** The stream ends then, whatever else holds: its access token's expiry. */
  endsAt: Date | null;
  /**
   * Reads the session again: until when it lasts if nothing ends it sooner, or null once it
   * has ended. Asked as the stream opens (a change made after the call was authenticated, but
   * before the stream could hear of it) and again when that time comes: no NOTIFY tells of a
   * session idling out.
   */
  recheck?: () => Promise<Date | null>;
  sink: LiveSink;
};

type Stream = LiveStreamOptions & {
  ended: boolean;
  ready: boolean;
  pending: number | null;
  sentAt: number;
  flush: NodeJS.Timeout | null;
  expiry: NodeJS.Timeout | null;
  recheckTimer: NodeJS.Timeout | null;
};

const eventText = (event: string, data: unknown) =>
  `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const HEARTBEAT = ': hb\n\n';
// setTimeout's longest wait; a token lives minutes, but a date is a date.
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** Adds to (or takes from) a key's count, forgetting a key back at zero. */
function count<K>(counts: Map<K, number>, key: K, by: 1 | -1) {
  const next = (counts.get(key) ?? 0) + by;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}

const jsonOrNull = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

export type LiveHub = ReturnType<typeof createLiveHub>;

/**
 * The process's live streams, fed by the database's NOTIFYs (docs/decisions/045). It listens
 * on first need: an API process when it starts listening for HTTP, any app at its first
 * stream; a worker never does.
 */
export function createLiveHub(deps: {
  database: Database;
  log: FastifyBaseLogger;
  clock: { now: () => Date };
  heartbeatMs?: number;
  coalesceMs?: number;
}) {
  const { database, log, clock } = deps;
  const heartbeatMs = deps.heartbeatMs ?? LIVE_HEARTBEAT_MS;
  const coalesceMs = deps.coalesceMs ?? COALESCE_MS;
  const streams = new Set<Stream>();
  const bySession = new Map<string, Stream[]>();
  const perUser = new Map<number, number>();
  const perAddress = new Map<string, number>();
  const sessionListeners = new Set<(sessionId: string) => void>();
  const states = new Map<string, ListenState>();
  let started: Promise<void> | null = null;
  let unlistens: Unlisten[] = [];
  let heartbeat: NodeJS.Timeout | null = null;
  let closed = false;

  const hearing = () =>
    Object.values(LIVE_CHANNELS).every((channel) => states.get(channel) === 'up');

  const write = (stream: Stream, chunk: string) => {
    try {
      stream.sink.write(chunk);
    } catch (error) {
      log.debug({ err: error }, 'a live stream could not be written; it ends');
      end(stream);
    }
  };

  // Every way a stream ends comes through here (its client gone, the server ending it, a
  // failed write), so its slots under the caps are always given back.
  function end(stream: Stream) {
    if (stream.ended) return;
    stream.ended = true;
    if (stream.flush) clearTimeout(stream.flush);
    if (stream.expiry) clearTimeout(stream.expiry);
    if (stream.recheckTimer) clearTimeout(stream.recheckTimer);
    streams.delete(stream);
    const siblings = (bySession.get(stream.sessionId) ?? []).filter((s) => s !== stream);
    if (siblings.length > 0) bySession.set(stream.sessionId, siblings);
    else bySession.delete(stream.sessionId);
    count(perUser, stream.realUserId, -1);
    count(perAddress, stream.address, -1);
    if (streams.size === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = null;
    }
    try {
      stream.sink.end();
    } catch (error) {
      log.debug({ err: error }, 'a live stream could not be ended cleanly');
    }
  }

  const sendPending = (stream: Stream) => {
    stream.flush = null;
    if (stream.ended || stream.pending === null) return;
    const event: LiveNotificationsEvent = { latestId: stream.pending };
    stream.pending = null;
    stream.sentAt = performance.now();
    write(stream, eventText(LIVE_EVENTS.notifications, event));
  };

  // The first change after a quiet spell goes at once; the rest of a burst waits its turn.
  const announce = (stream: Stream, latestId: number) => {
    stream.pending = Math.max(stream.pending ?? latestId, latestId);
    if (stream.flush) return;
    const wait = stream.sentAt + coalesceMs - performance.now();
    if (wait <= 0) sendPending(stream);
    else stream.flush = setTimeout(() => sendPending(stream), wait);
  };

  const onNotifications = (payload: string) => {
    const parsed = NotifiedPlaces.safeParse(jsonOrNull(payload));
    if (!parsed.success) {
      log.warn({ payload: payload.slice(0, 200) }, 'an unreadable notifications NOTIFY');
      return;
    }
    const { latestId, places } = parsed.data;
    for (const stream of streams) {
      if (!stream.ready) continue;
      let newest: number | null = null;
      for (const [agencyId, branchId, agentId, placeLatest] of places) {
        if (!scopeCovers(stream.scope, { agencyId, branchId, agentId })) continue;
        newest = Math.max(newest ?? 0, placeLatest ?? latestId);
      }
      if (newest !== null) announce(stream, newest);
    }
  };

  const endAll = () => {
    for (const stream of [...streams]) end(stream);
  };

  // A session's id, or `user:<id>` for a user whose row changed or went: disabled, deleted,
  // given other roles or another place. Any change ends the user's streams rather than
  // weighing what changed; the page is back within seconds with a stream opened for the user
  // as they now are, or refused. Users change seldom.
  const endSession = (notice: string) => {
    const user = USER_NOTICE.exec(notice);
    if (user) {
      const userId = Number(user[1]);
      for (const stream of [...streams]) {
        if (stream.userId === userId || stream.realUserId === userId) end(stream);
      }
    } else {
      for (const stream of bySession.get(notice) ?? []) end(stream);
    }
    for (const listener of sessionListeners) {
      try {
        listener(notice);
      } catch (error) {
        log.error({ err: error }, 'a session-ended listener failed');
      }
    }
  };

  const waitUntil = (at: Date) =>
    Math.min(Math.max(0, at.getTime() - clock.now().getTime()), LONGEST_TIMER_MS);

  const recheck = async (stream: Stream) => {
    stream.recheckTimer = null;
    if (!stream.recheck || stream.ended) return;
    let until: Date | null;
    try {
      until = await stream.recheck();
    } catch (error) {
      // Its page comes back and is answered as any call is while the database is away.
      log.warn({ err: error }, 'a live stream could not read its session again; it ends');
      until = null;
    }
    if (stream.ended) return;
    if (until === null) {
      end(stream);
      return;
    }
    stream.recheckTimer = setTimeout(() => void recheck(stream), waitUntil(until));
    stream.recheckTimer.unref();
  };

  /**
   * Refuses a stream over the caps, or says which of the session's own streams make way for
   * it. Nothing is ended before the new stream is known to fit.
   */
  const makeWay = (options: LiveStreamOptions): Stream[] => {
    const own = [...(bySession.get(options.sessionId) ?? [])];
    const leaving: Stream[] = [];
    if ((perUser.get(options.realUserId) ?? 0) >= STREAMS_PER_USER) {
      const oldest = own.shift();
      if (!oldest) {
        throw fail(
          'live.too-many-for-user',
          `You already have ${STREAMS_PER_USER} live connections open, the most one person ` +
            'may; close SMT in another browser or device to open one here.',
        );
      }
      leaving.push(oldest);
    }
    const onAddress =
      (perAddress.get(options.address) ?? 0) -
      leaving.filter((stream) => stream.address === options.address).length;
    if (onAddress >= STREAMS_PER_ADDRESS) {
      const oldest = own.find((stream) => stream.address === options.address);
      if (!oldest) {
        throw fail(
          'live.too-many-for-address',
          `${STREAMS_PER_ADDRESS} live connections are already open from your network ` +
            'address, the most one address may; try again later.',
        );
      }
      leaving.push(oldest);
    }
    return leaving;
  };

  // While the database is not heard, no stream may claim to be live: the open ones end (their
  // pages poll and come back), new ones wait for `ready` until it is heard again.
  const onState = (channel: string) => (state: ListenState) => {
    const before = hearing();
    states.set(channel, state);
    const now = hearing();
    if (before && !now) {
      log.warn('live notifications are not heard; the live streams end');
      endAll();
    } else if (!before && now) {
      for (const stream of streams) markReady(stream);
    }
  };

  const markReady = (stream: Stream) => {
    if (stream.ready || stream.ended) return;
    stream.ready = true;
    write(stream, eventText(LIVE_EVENTS.ready, {}));
  };

  const listen = async () => {
    const onError = (error: Error) =>
      log.warn({ err: error }, 'live notifications: the listening connection failed');
    const options = (channel: string) => ({ onState: onState(channel), onError });
    unlistens.push(
      await listenTo(
        database,
        LIVE_CHANNELS.notifications,
        onNotifications,
        options(LIVE_CHANNELS.notifications),
      ),
    );
    unlistens.push(
      await listenTo(
        database,
        LIVE_CHANNELS.sessions,
        (sessionId) => endSession(sessionId),
        options(LIVE_CHANNELS.sessions),
      ),
    );
  };

  return {
    /** Listens to both channels, once; resolves when they are heard (or retried meanwhile). */
    start(): Promise<void> {
      if (closed) return Promise.resolve();
      started ??= listen().catch((error: unknown) => {
        started = null;
        throw error;
      });
      return started;
    },

    /**
     * Opens a stream; `close` ends it (its client went away). Writes `ready` when heard. Over
     * STREAMS_PER_USER or STREAMS_PER_ADDRESS it throws a refusal before writing anything.
     */
    open(options: LiveStreamOptions): { close: () => void } {
      const stream: Stream = {
        ...options,
        ended: false,
        ready: false,
        pending: null,
        sentAt: Number.NEGATIVE_INFINITY,
        flush: null,
        expiry: null,
        recheckTimer: null,
      };
      if (closed) {
        options.sink.end();
        return { close: () => undefined };
      }
      for (const oldest of makeWay(options)) end(oldest);
      streams.add(stream);
      bySession.set(options.sessionId, [...(bySession.get(options.sessionId) ?? []), stream]);
      count(perUser, options.realUserId, 1);
      count(perAddress, options.address, 1);
      if (options.endsAt) {
        stream.expiry = setTimeout(() => end(stream), waitUntil(options.endsAt));
        stream.expiry.unref();
      }
      void recheck(stream);
      heartbeat ??= setInterval(() => {
        for (const open of streams) write(open, HEARTBEAT);
      }, heartbeatMs);
      heartbeat.unref();
      if (hearing()) markReady(stream);
      return { close: () => end(stream) };
    },

    /**
     * Ends on this process at once the streams a notice of `smt_sessions` names: a session's
     * (its id) or a user's (`user:<id>`); other processes hear the NOTIFY.
     */
    endSession,

    /**
     * Hears every such notice this process learns of: a NOTIFY from any process (a session
     * revoked or deleted while live, a user changed or deleted), or `endSession` here. Answers
     * the way to stop hearing.
     */
    onSessionEnded(listener: (sessionId: string) => void): () => void {
      sessionListeners.add(listener);
      return () => sessionListeners.delete(listener);
    },

    /** How many streams are open on this process. */
    get size() {
      return streams.size;
    },

    /** Ends every stream on this process; their pages poll and open again. */
    endAll,

    /**
     * Ends every stream and stops listening, for good: before the server closes, so that
     * closing never waits for a stream.
     */
    async close(): Promise<void> {
      closed = true;
      endAll();
      // A start under way finishes first, so that what it listens to is let go too.
      await started?.catch(() => undefined);
      const stops = unlistens;
      unlistens = [];
      await Promise.all(stops.map((stop) => stop()));
    },
  };
}
