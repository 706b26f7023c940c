import { request, type ClientRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import { LIVE_CALL, LIVE_EVENTS, LiveNotificationsEvent } from '@smt/shared';

// Open live streams (GET /api/live, Server-Sent Events; packages/shared/src/schemas/live.ts),
// each on a connection of its own as each browser tab would hold it, read as they come: when
// each said `ready`, every `notifications` event with the moment it arrived, and the comments
// the server sends as heartbeats.

export type LiveStream = {
  status: number | null;
  readyAt: number | null;
  events: { at: number; latestId: number }[];
  heartbeats: number[];
  /** Set when the stream ended or failed, with why. */
  endedAt: number | null;
  endReason: string | null;
};

export type LiveStreams = {
  streams: LiveStream[];
  /** Resolves once every stream said ready, or rejects with what the first refusal said. */
  ready: (timeoutMs: number) => Promise<void>;
  close: () => void;
};

/** Reads one SSE message (the lines before a blank line) into the stream's record. */
function take(stream: LiveStream, message: string, now: number): void {
  let event = 'message';
  const data: string[] = [];
  let comment = false;
  for (const line of message.split('\n')) {
    if (line.startsWith(':')) comment = true;
    else if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
  }
  if (comment && data.length === 0) {
    stream.heartbeats.push(now);
    return;
  }
  if (event === LIVE_EVENTS.ready) stream.readyAt ??= now;
  if (event === LIVE_EVENTS.notifications) {
    let json: unknown = null;
    try {
      json = JSON.parse(data.join('\n'));
    } catch {
      // Not the contract's data: not counted as an event.
    }
    const parsed = LiveNotificationsEvent.safeParse(json);
    if (parsed.success) stream.events.push({ at: now, latestId: parsed.data.latestId });
  }
}

function open(
  base: string,
  headers: Record<string, string>,
  from: string | undefined,
): [LiveStream, ClientRequest] {
  const stream: LiveStream = {
    status: null,
    readyAt: null,
    events: [],
    heartbeats: [],
    endedAt: null,
    endReason: null,
  };
  const end = (reason: string) => {
    if (stream.endedAt !== null) return;
    stream.endedAt = performance.now();
    stream.endReason = reason;
  };
  const req = request(`${base}/api/${LIVE_CALL}`, {
    headers: { ...headers, accept: 'text/event-stream' },
    // Its own connection, never returned to a pool.
    agent: false,
    localAddress: from,
  });
  req.on('response', (res) => {
    stream.status = res.statusCode ?? 0;
    let pending = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      const now = performance.now();
      if (stream.status !== 200) {
        pending += chunk;
        return;
      }
      pending += chunk.replaceAll('\r\n', '\n');
      let at = pending.indexOf('\n\n');
      while (at !== -1) {
        take(stream, pending.slice(0, at), now);
        pending = pending.slice(at + 2);
        at = pending.indexOf('\n\n');
      }
    });
    res.on('end', () =>
      end(
        stream.status === 200 ? 'the server ended it' : `${stream.status} ${pending.slice(0, 200)}`,
      ),
    );
    res.on('error', (error) => end(String(error)));
  });
  req.on('error', (error) => end(String(error)));
  req.end();
  return [stream, req];
}

/**
 * Opens `count` streams at once with the headers of a signed-in caller; `from` is the local
 * address to open them from (any of 127.0.0.0/8), as the server caps streams per address.
 */
export function openLiveStreams(
  base: string,
  headers: Record<string, string>,
  count: number,
  from?: string,
): LiveStreams {
  const opened = Array.from({ length: count }, () => open(base, headers, from));
  const streams = opened.map(([stream]) => stream);
  return {
    streams,
    ready: async (timeoutMs) => {
      const deadline = performance.now() + timeoutMs;
      while (streams.some((s) => s.readyAt === null)) {
        const failed = streams.find((s) => s.endedAt !== null && s.readyAt === null);
        if (failed) throw new Error(`a live stream did not open: ${failed.endReason}`);
        if (performance.now() > deadline) {
          const waiting = streams.filter((s) => s.readyAt === null).length;
          throw new Error(`${waiting} of ${count} live streams were not ready in ${timeoutMs} ms`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => {
      for (const [stream, req] of opened) {
        if (stream.endedAt === null) stream.endReason = 'closed by the bench';
        req.destroy();
      }
    },
  };
}
