import { LIVE_EVENTS, LIVE_HEARTBEAT_MS, type LiveNotificationsEvent } from '@smt/shared';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '@/db/client';
import { listenTo, type ListenState, type Unlisten } from '@/db/listen';
import { scopeCovers, type Scope } from '@/db/scope';

/** What the triggers of migration 0023 NOTIFY on. */
export const LIVE_CHANNELS = {
  notifications: 'smt_notifications',
  sessions: 'smt_sessions',
} as const;

/** A tab or two per person; the oldest of a session's streams ends when one more opens. */
export const STREAMS_PER_SESSION = 5;
/** A burst of changes (the engine's pass, a bulk delete) is one event per stream this often. */
export const COALESCE_MS = 250;

/** [agency, branch, agent, the newest id touched there] as the trigger writes them. */
const NotifiedPlaces = z.object({
  latestId: z.number(),
  places: z.array(z.tuple([z.number(), z.number(), z.number()]).rest(z.number())),
});

/** Where a stream writes: an HTTP answer in the routes, anything in a test. */
export type LiveSink = { write: (chunk: string) => void; end: () => void };

export type LiveStreamOptions = {
  sessionId: string;
  /** Whose notifications the stream announces: the session's effective user's. */
  scope: Scope;
  /** The stream ends then (its access token's expiry), so an idle session's stream goes too. */
  endsAt: Date | null;
  sink: LiveSink;
};

type Stream = LiveStreamOptions & {
  ended: boolean;
  ready: boolean;
  pending: number | null;
  sentAt: number;
  flush: NodeJS.Timeout | null;
  expiry: NodeJS.Timeout | null;
};

const eventText = (event: string, data: unknown) =>
  `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const HEARTBEAT = ': hb\n\n';
// setTimeout's longest wait; a token lives minutes, but a date is a date.
const LONGEST_TIMER_MS = 2 ** 31 - 1;

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

  function end(stream: Stream) {
    if (stream.ended) return;
    stream.ended = true;
    if (stream.flush) clearTimeout(stream.flush);
    if (stream.expiry) clearTimeout(stream.expiry);
    streams.delete(stream);
    const siblings = (bySession.get(stream.sessionId) ?? []).filter((s) => s !== stream);
    if (siblings.length > 0) bySession.set(stream.sessionId, siblings);
    else bySession.delete(stream.sessionId);
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

  const endSession = (sessionId: string) => {
    for (const stream of bySession.get(sessionId) ?? []) end(stream);
    for (const listener of sessionListeners) {
      try {
        listener(sessionId);
      } catch (error) {
        log.error({ err: error }, 'a session-ended listener failed');
      }
    }
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

    /** Opens a stream; `close` ends it (its client went away). Writes `ready` when heard. */
    open(options: LiveStreamOptions): { close: () => void } {
      const stream: Stream = {
        ...options,
        ended: false,
        ready: false,
        pending: null,
        sentAt: Number.NEGATIVE_INFINITY,
        flush: null,
        expiry: null,
      };
      if (closed) {
        options.sink.end();
        return { close: () => undefined };
      }
      const siblings = bySession.get(options.sessionId) ?? [];
      const over = siblings.length + 1 - STREAMS_PER_SESSION;
      for (const oldest of siblings.slice(0, Math.max(0, over))) end(oldest);
      streams.add(stream);
      bySession.set(options.sessionId, [...(bySession.get(options.sessionId) ?? []), stream]);
      if (options.endsAt) {
        const left = options.endsAt.getTime() - clock.now().getTime();
        stream.expiry = setTimeout(
          () => end(stream),
          Math.min(Math.max(0, left), LONGEST_TIMER_MS),
        );
        stream.expiry.unref();
      }
      heartbeat ??= setInterval(() => {
        for (const open of streams) write(open, HEARTBEAT);
      }, heartbeatMs);
      heartbeat.unref();
      if (hearing()) markReady(stream);
      return { close: () => end(stream) };
    },

    /** Ends a session's streams on this process at once (other processes hear the NOTIFY). */
    endSession,

    /**
     * Hears every session end this process learns of: a NOTIFY from any process (revoked, or
     * deleted while live), or `endSession` here. Answers the way to stop hearing.
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
