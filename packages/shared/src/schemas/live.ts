import { z } from 'zod';

// The live stream (calls/live-calls.ts): Server-Sent Events over one long GET. Decision 045.

/** What the stream says, one SSE `event:` name each. */
export const LIVE_EVENTS = {
  /** The stream is open and the page may stop polling. */
  ready: 'ready',
  /** Notifications the caller may see were raised or changed: fetch counters and lists again. */
  notifications: 'notifications',
} as const;
export type LiveEventName = (typeof LIVE_EVENTS)[keyof typeof LIVE_EVENTS];

/** The data of a `notifications` event: the newest id raised or changed in the caller's scope. */
export const LiveNotificationsEvent = z.object({ latestId: z.number().int() });
export type LiveNotificationsEvent = z.infer<typeof LiveNotificationsEvent>;

/** The server sends a comment this often, so that proxies and the page know the stream lives. */
export const LIVE_HEARTBEAT_MS = 20_000;
/** The page counts a stream silent this long as dropped (a missed heartbeat and a margin). */
export const LIVE_SILENCE_MS = 45_000;
/** While the stream is down the page polls as before, and tries the stream again with backoff. */
export const LIVE_RETRY_FIRST_MS = 1_000;
export const LIVE_RETRY_LONGEST_MS = 60_000;
