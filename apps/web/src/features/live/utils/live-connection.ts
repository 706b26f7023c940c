import {
  LIVE_EVENTS,
  LIVE_HEARTBEAT_MS,
  LIVE_RETRY_FIRST_MS,
  LIVE_RETRY_LONGEST_MS,
  LIVE_SILENCE_MS,
  LiveNotificationsEvent,
} from '@smt/shared';
import type { LiveStreamEnd } from '@/features/live/api/read-live-stream';
import type { SseItem } from '@/features/live/utils/sse-parser';

/**
 * `live`: the server said ready, the page need not poll. `connecting` and `down`: the page
 * polls meanwhile. `ended`: the session is over; nothing more is tried.
 */
export type LiveStatus = 'connecting' | 'live' | 'down' | 'ended';

/** What renewing the access token after a 401 came to. */
export type SessionRenewal = 'renewed' | 'ended' | 'unreachable';

export type LiveConnectionDeps = {
  open: (signal: AbortSignal, onItem: (item: SseItem) => void) => Promise<LiveStreamEnd>;
  renewSession: () => Promise<SessionRenewal>;
  onStatus: (status: LiveStatus) => void;
  /** Notifications up to this id were raised or changed (a burst arrives as one call). */
  onNotifications: (latestId: number) => void;
  isHidden: () => boolean;
  random?: () => number;
};

export type LiveConnection = {
  /** The tab was shown or hidden: a connection put off while it was hidden is made now. */
  visibilityChanged: () => void;
  stop: () => void;
};

// A stream that stayed up this long was healthy: its drop starts the backoff afresh. One that
// drops soon after saying ready keeps backing off, so a server in trouble is not hammered.
const STABLE_MS = LIVE_HEARTBEAT_MS;
// The engine raises in batches: the page fetches at the first event of a burst, then at most
// once a second with the newest id heard meanwhile.
export const NOTIFICATIONS_BURST_MS = 1_000;

/**
 * How long to wait before the next try after `failures` drops in a row: a ceiling doubling
 * from twice LIVE_RETRY_FIRST_MS up to LIVE_RETRY_LONGEST_MS, the wait drawn from its upper
 * half (1-2 s, 2-4 s, … 30-60 s), so that the tabs a server restart dropped together do not
 * all come back in the same second.
 */
export function retryDelayOf(failures: number, random: number): number {
  const ceiling = Math.min(LIVE_RETRY_LONGEST_MS, LIVE_RETRY_FIRST_MS * 2 ** (failures + 1));
  return Math.round(ceiling * (0.5 + random / 2));
}

function latestIdOf(data: string): number | null {
  try {
    const parsed = LiveNotificationsEvent.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data.latestId : null;
  } catch {
    return null;
  }
}

/**
 * Keeps one live stream open for as long as it is wanted: reconnects with backoff when it drops,
 * fails or falls silent past LIVE_SILENCE_MS, renews the access token once on a 401, and waits
 * while the tab is hidden. The caller polls whenever the status is not `live`.
 */
export function startLiveConnection(deps: LiveConnectionDeps): LiveConnection {
  const random = deps.random ?? Math.random;
  let stopped = false;
  let status: LiveStatus | null = null;
  let current: AbortController | null = null;
  let failures = 0;
  let renewedLast = false;
  let waitingForShow = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let silenceTimer: ReturnType<typeof setTimeout> | undefined;
  let burstTimer: ReturnType<typeof setTimeout> | undefined;
  let heardUpTo: number | null = null;

  const setStatus = (next: LiveStatus) => {
    if (stopped || next === status) return;
    status = next;
    deps.onStatus(next);
  };

  const flushHeard = () => {
    burstTimer = undefined;
    if (stopped || heardUpTo === null) return;
    const latestId = heardUpTo;
    heardUpTo = null;
    deps.onNotifications(latestId);
    burstTimer = setTimeout(flushHeard, NOTIFICATIONS_BURST_MS);
  };

  const hear = (data: string) => {
    const latestId = latestIdOf(data);
    if (latestId === null) return;
    heardUpTo = Math.max(heardUpTo ?? latestId, latestId);
    if (burstTimer === undefined) flushHeard();
  };

  const retryLater = () => {
    const delay = retryDelayOf(failures, random());
    failures += 1;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect();
    }, delay);
  };

  const renewThenConnect = async () => {
    // A token refused right after it was renewed is not renewed again at once.
    if (renewedLast) {
      renewedLast = false;
      retryLater();
      return;
    }
    const renewal = await deps.renewSession().catch((): SessionRenewal => 'unreachable');
    if (stopped) return;
    switch (renewal) {
      case 'renewed':
        renewedLast = true;
        connect();
        return;
      case 'ended':
        setStatus('ended');
        stopped = true;
        return;
      case 'unreachable':
        retryLater();
        return;
    }
  };

  const settle = (end: LiveStreamEnd, readyAt: number | null) => {
    setStatus('down');
    if (end === 'unauthorized') {
      void renewThenConnect();
      return;
    }
    if (readyAt !== null && Date.now() - readyAt >= STABLE_MS) failures = 0;
    retryLater();
  };

  function connect() {
    if (stopped) return;
    if (deps.isHidden()) {
      waitingForShow = true;
      setStatus('down');
      return;
    }
    waitingForShow = false;
    const attempt = new AbortController();
    current = attempt;
    let readyAt: number | null = null;
    let silent = false;
    const listen = () => {
      clearTimeout(silenceTimer);
      silenceTimer = setTimeout(() => {
        silent = true;
        attempt.abort();
      }, LIVE_SILENCE_MS);
    };
    const onItem = (item: SseItem) => {
      if (stopped || current !== attempt) return;
      // Heartbeats are comments: anything the server says proves the stream alive.
      listen();
      if (item.kind === 'comment') return;
      if (item.event === LIVE_EVENTS.ready) {
        readyAt = Date.now();
        renewedLast = false;
        setStatus('live');
      } else if (item.event === LIVE_EVENTS.notifications) {
        hear(item.data);
      }
    };

    setStatus('connecting');
    listen();
    void deps
      .open(attempt.signal, onItem)
      .catch((): LiveStreamEnd => 'failed')
      .then((end) => {
        if (stopped || current !== attempt) return;
        clearTimeout(silenceTimer);
        current = null;
        settle(silent ? 'failed' : end, readyAt);
      });
  }

  connect();

  return {
    visibilityChanged() {
      if (!stopped && waitingForShow && !deps.isHidden()) connect();
    },
    stop() {
      stopped = true;
      clearTimeout(retryTimer);
      clearTimeout(silenceTimer);
      clearTimeout(burstTimer);
      current?.abort();
      current = null;
    },
  };
}
