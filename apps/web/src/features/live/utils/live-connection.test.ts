import {
  LIVE_HEARTBEAT_MS,
  LIVE_RETRY_FIRST_MS,
  LIVE_RETRY_LONGEST_MS,
  LIVE_SILENCE_MS,
} from '@smt/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveStreamEnd } from '@/features/live/api/read-live-stream';
import {
  NOTIFICATIONS_BURST_MS,
  retryDelayOf,
  startLiveConnection,
  type LiveConnectionDeps,
  type LiveStatus,
  type SessionRenewal,
} from './live-connection';
import type { SseItem } from './sse-parser';

type FakeStream = {
  say: (item: SseItem) => void;
  end: (how: LiveStreamEnd) => void;
  signal: AbortSignal;
};

const READY: SseItem = { kind: 'event', event: 'ready', data: '{}', id: null };
const HEARTBEAT: SseItem = { kind: 'comment', text: 'hb' };
const raised = (latestId: number): SseItem => ({
  kind: 'event',
  event: 'notifications',
  data: JSON.stringify({ latestId }),
  id: null,
});

/** A stand-in server whose streams the test opens, feeds and ends by hand. */
function setUp(overrides: Partial<LiveConnectionDeps> = {}) {
  const streams: FakeStream[] = [];
  const statuses: LiveStatus[] = [];
  const heard: number[] = [];
  let hidden = false;
  const open = vi.fn(
    (signal: AbortSignal, onItem: (item: SseItem) => void) =>
      new Promise<LiveStreamEnd>((resolve) => {
        signal.addEventListener('abort', () => resolve('aborted'));
        streams.push({ say: onItem, end: resolve, signal });
      }),
  );
  const renewSession = vi.fn(async (): Promise<SessionRenewal> => 'renewed');
  const connection = startLiveConnection({
    open,
    renewSession,
    onStatus: (status) => statuses.push(status),
    onNotifications: (latestId) => heard.push(latestId),
    isHidden: () => hidden,
    // The bottom of every jitter range: the first wait is LIVE_RETRY_FIRST_MS.
    random: () => 0,
    ...overrides,
  });
  const stream = () => {
    const last = streams.at(-1);
    if (!last) throw new Error('no stream was opened');
    return last;
  };
  return {
    connection,
    open,
    renewSession,
    statuses,
    heard,
    stream,
    status: () => statuses.at(-1),
    setHidden: (next: boolean) => {
      hidden = next;
      connection.visibilityChanged();
    },
  };
}

/** Lets promises settle and timers due within `ms` run. */
const after = (ms: number) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('retryDelayOf', () => {
  it('should double from the first wait to the longest when tries keep failing', () => {
    const shortest = [0, 1, 2, 3, 4, 5, 6, 20].map((failures) => retryDelayOf(failures, 0));
    const longest = [0, 1, 2, 3, 4, 5, 6, 20].map((failures) => retryDelayOf(failures, 1));
    expect(shortest).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect(longest).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    expect(shortest[0]).toBe(LIVE_RETRY_FIRST_MS);
    expect(longest.at(-1)).toBe(LIVE_RETRY_LONGEST_MS);
  });

  it('should draw each wait from the upper half of its ceiling when jittered', () => {
    expect(retryDelayOf(2, 0.5)).toBe(6_000);
    expect(retryDelayOf(20, 0.5)).toBe(45_000);
  });
});

describe('startLiveConnection', () => {
  it('should say live when the server says ready, and connecting before', async () => {
    const live = setUp();
    expect(live.status()).toBe('connecting');
    expect(live.open).toHaveBeenCalledTimes(1);

    live.stream().say(READY);

    expect(live.statuses).toEqual(['connecting', 'live']);
    await after(LIVE_SILENCE_MS - 1);
    expect(live.open).toHaveBeenCalledTimes(1);
    expect(live.status()).toBe('live');
  });

  it('should fall back to polling and try again after the first wait when the stream ends', async () => {
    const live = setUp();
    live.stream().say(READY);

    live.stream().end('ended');
    await after(0);

    expect(live.status()).toBe('down');
    await after(LIVE_RETRY_FIRST_MS - 1);
    expect(live.open).toHaveBeenCalledTimes(1);
    await after(1);
    expect(live.open).toHaveBeenCalledTimes(2);
    expect(live.status()).toBe('connecting');
  });

  it('should back off up to the longest wait when the tries keep failing', async () => {
    // The top of every jitter range.
    const live = setUp({ random: () => 1 });
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      live.stream().end(i % 2 === 0 ? 'failed' : 'refused');
      await after(0);
      const opened = live.open.mock.calls.length;
      let waited = 0;
      while (live.open.mock.calls.length === opened) {
        await after(1_000);
        waited += 1_000;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000, 60_000]);
  });

  it('should drop the stream and try again when it falls silent', async () => {
    const live = setUp();
    live.stream().say(READY);
    const first = live.stream();

    // Heartbeats keep it: silence is counted from the last thing the server said.
    await after(LIVE_SILENCE_MS - 1);
    first.say(HEARTBEAT);
    await after(LIVE_SILENCE_MS - 1);
    expect(first.signal.aborted).toBe(false);
    expect(live.status()).toBe('live');

    await after(1);
    expect(first.signal.aborted).toBe(true);
    expect(live.status()).toBe('down');
    await after(LIVE_RETRY_FIRST_MS);
    expect(live.open).toHaveBeenCalledTimes(2);
  });

  it('should count a stream silent when it never says anything', async () => {
    const live = setUp();
    await after(LIVE_SILENCE_MS);
    expect(live.stream().signal.aborted).toBe(true);
    expect(live.status()).toBe('down');
  });

  it('should start the backoff afresh when a stream that stayed up drops', async () => {
    const live = setUp();
    for (const wait of [1_000, 2_000, 4_000]) {
      live.stream().end('failed');
      await after(wait);
    }
    expect(live.open).toHaveBeenCalledTimes(4);
    // Three failures: the next wait would be eight seconds.
    live.stream().say(READY);
    await after(LIVE_HEARTBEAT_MS);
    live.stream().say(HEARTBEAT);
    live.stream().end('ended');
    await after(0);

    await after(LIVE_RETRY_FIRST_MS);
    expect(live.open).toHaveBeenCalledTimes(5);
  });

  it('should keep backing off when streams drop right after saying ready', async () => {
    const live = setUp();
    live.stream().say(READY);
    live.stream().end('ended');
    await after(LIVE_RETRY_FIRST_MS);
    expect(live.open).toHaveBeenCalledTimes(2);

    live.stream().say(READY);
    live.stream().end('ended');
    await after(LIVE_RETRY_FIRST_MS);
    expect(live.open).toHaveBeenCalledTimes(2);
    await after(LIVE_RETRY_FIRST_MS);
    expect(live.open).toHaveBeenCalledTimes(3);
  });

  it('should renew the session and reconnect at once when the stream answers 401', async () => {
    const live = setUp();
    live.stream().end('unauthorized');
    await after(0);

    expect(live.renewSession).toHaveBeenCalledTimes(1);
    expect(live.open).toHaveBeenCalledTimes(2);
    live.stream().say(READY);
    expect(live.status()).toBe('live');
  });

  it('should stop and say ended when the session is over', async () => {
    const live = setUp({ renewSession: async () => 'ended' });
    live.stream().end('unauthorized');
    await after(0);

    expect(live.status()).toBe('ended');
    await after(10 * LIVE_RETRY_LONGEST_MS);
    expect(live.open).toHaveBeenCalledTimes(1);
  });

  it('should back off when the renewal cannot reach the server', async () => {
    const live = setUp({ renewSession: () => Promise.reject(new Error('offline')) });
    live.stream().end('unauthorized');
    await after(0);

    expect(live.status()).toBe('down');
    expect(live.open).toHaveBeenCalledTimes(1);
    await after(LIVE_RETRY_FIRST_MS);
    expect(live.open).toHaveBeenCalledTimes(2);
  });

  it('should not renew again at once when the renewed token is refused too', async () => {
    const live = setUp();
    live.stream().end('unauthorized');
    await after(0);
    live.stream().end('unauthorized');
    await after(0);

    expect(live.renewSession).toHaveBeenCalledTimes(1);
    expect(live.open).toHaveBeenCalledTimes(2);
    await after(LIVE_RETRY_FIRST_MS);
    expect(live.open).toHaveBeenCalledTimes(3);
    // The next 401 is renewed again.
    live.stream().end('unauthorized');
    await after(0);
    expect(live.renewSession).toHaveBeenCalledTimes(2);
  });

  it('should not reconnect while the tab is hidden, and reconnect when it shows', async () => {
    const live = setUp();
    live.stream().say(READY);
    live.setHidden(true);
    // An open stream stays open while hidden.
    expect(live.status()).toBe('live');

    live.stream().end('ended');
    await after(10 * LIVE_RETRY_LONGEST_MS);
    expect(live.open).toHaveBeenCalledTimes(1);
    expect(live.status()).toBe('down');

    live.setHidden(false);
    expect(live.open).toHaveBeenCalledTimes(2);
    expect(live.status()).toBe('connecting');
  });

  it('should wait out its backoff when the tab shows before the next try is due', async () => {
    const live = setUp();
    live.stream().end('failed');
    await after(0);
    live.setHidden(true);
    live.setHidden(false);

    expect(live.open).toHaveBeenCalledTimes(1);
    await after(LIVE_RETRY_FIRST_MS);
    expect(live.open).toHaveBeenCalledTimes(2);
  });

  it('should pass a burst of events on once at its start and once with the newest id', async () => {
    const live = setUp();
    live.stream().say(READY);

    live.stream().say(raised(10));
    expect(live.heard).toEqual([10]);
    live.stream().say(raised(12));
    live.stream().say(raised(11));
    expect(live.heard).toEqual([10]);

    await after(NOTIFICATIONS_BURST_MS);
    expect(live.heard).toEqual([10, 12]);
    await after(NOTIFICATIONS_BURST_MS);
    live.stream().say(raised(13));
    expect(live.heard).toEqual([10, 12, 13]);
  });

  it('should ignore an event whose data is not what the contract says', () => {
    const live = setUp();
    live.stream().say({ kind: 'event', event: 'notifications', data: 'not json', id: null });
    live
      .stream()
      .say({ kind: 'event', event: 'notifications', data: '{"latestId":"7"}', id: null });
    live.stream().say({ kind: 'event', event: 'unknown', data: '{"latestId":7}', id: null });

    expect(live.heard).toEqual([]);
    expect(live.status()).toBe('connecting');
  });

  it('should abort the stream and try nothing more when stopped', async () => {
    const live = setUp();
    live.stream().say(READY);
    live.stream().say(raised(5));
    live.stream().say(raised(6));
    const stream = live.stream();

    live.connection.stop();
    await after(10 * LIVE_RETRY_LONGEST_MS);

    expect(stream.signal.aborted).toBe(true);
    expect(live.open).toHaveBeenCalledTimes(1);
    expect(live.heard).toEqual([5]);
    expect(live.statuses).toEqual(['connecting', 'live']);
  });

  it('should try nothing more when stopped while the session is being renewed', async () => {
    let renewed: (renewal: SessionRenewal) => void = () => undefined;
    const live = setUp({
      renewSession: () => new Promise<SessionRenewal>((resolve) => (renewed = resolve)),
    });
    live.stream().end('unauthorized');
    await after(0);
    live.connection.stop();
    renewed('renewed');
    await after(LIVE_RETRY_LONGEST_MS);

    expect(live.open).toHaveBeenCalledTimes(1);
  });
});
