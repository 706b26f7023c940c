import { act, renderHook } from '@testing-library/react';
import {
  LIVE_RETRY_FIRST_MS,
  UNREAD_COUNTER_KEYS,
  type NotificationFilter,
  type UnreadCountersResponse,
} from '@smt/shared';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLiveNotifications } from '@/app/routes/use-live-notifications';
import { NEW_NOTIFICATIONS_POLL_MS } from '@/features/notifications/api/get-unread-counters';
import { notificationKeys } from '@/features/notifications/api/notification-keys';
import { useNotificationsWatch } from '@/features/notifications/hooks/use-notifications-watch';
import { setSessionCredentials } from '@/lib/session-credentials';
import { createFakeBrowser } from '@/testing/fake-tabs';

const FILTER: NotificationFilter = { fetchType: 'personal' };
const LIST_KEY = notificationKeys.list({ fetchType: 'personal', group: 'REPRICE' } as never);

function countersWith(latestId: number | null, total: number): UnreadCountersResponse {
  const zero = Object.fromEntries(UNREAD_COUNTER_KEYS.map((key) => [key, 0]));
  return {
    pending: { ...zero, total },
    complete: zero,
    latestId,
  } as unknown as UnreadCountersResponse;
}

const urlOf = (input: RequestInfo | URL) =>
  input instanceof Request ? input.url : input.toString();

/** The server: counters as JSON, `GET /api/live` as a stream the test writes to. */
function stubServer() {
  const state = { latestId: 1 as number | null, total: 1, liveStatus: 200 };
  const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
  const encoder = new TextEncoder();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(urlOf(input), 'http://x').pathname;
    if (path === '/api/live') {
      if (state.liveStatus !== 200) return new Response('{}', { status: state.liveStatus });
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          streams.push(controller);
          init?.signal?.addEventListener('abort', () =>
            controller.error(new DOMException('aborted', 'AbortError')),
          );
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    }
    if (path === '/api/auth/refresh') {
      return Response.json({ accessToken: 'renewed', expiresAt: '2099-01-01T00:00:00.000Z' });
    }
    return Response.json(countersWith(state.latestId, state.total));
  });
  vi.stubGlobal('fetch', fetchMock);
  const callsTo = (path: string) =>
    fetchMock.mock.calls.filter(([input]) => urlOf(input).endsWith(path)).length;
  return {
    state,
    callsTo,
    say: (text: string) => streams.at(-1)?.enqueue(encoder.encode(text)),
    close: () => streams.at(-1)?.close(),
  };
}

function renderShell() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const listFetches = vi.fn(async () => []);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    () => {
      const live = useLiveNotifications(3);
      const counters = useNotificationsWatch(FILTER, !live);
      // A notification list on the page, as a column of the centre would hold it.
      useQuery({ queryKey: LIST_KEY, queryFn: listFetches });
      return { live, total: counters.data?.pending.total };
    },
    { wrapper },
  );
  return { ...hook, listFetches };
}

const after = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
  // The bottom of every jitter range: the waits are 1, 2, 4… seconds.
  vi.spyOn(Math, 'random').mockReturnValue(0);
  setSessionCredentials({
    accessToken: 'tok',
    expiresAt: '2099-01-01T00:00:00.000Z',
    phone: '+972500000003',
    email: 'agent@demo.test',
    keepLoggedIn: false,
  });
});

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'locks');
});

/** Gives the page Web Locks and BroadcastChannel (jsdom has neither), shared by its tabs. */
function shareBetweenTabs() {
  const tab = createFakeBrowser().openTab();
  Object.defineProperty(navigator, 'locks', { value: tab.locks, configurable: true });
  vi.stubGlobal('BroadcastChannel', tab.BroadcastChannel);
}

describe('useLiveNotifications', () => {
  it('should poll the counters until the stream says ready, and not after', async () => {
    const server = stubServer();
    const shell = renderShell();
    await after(0);
    expect(server.callsTo('/api/live')).toBe(1);
    await after(NEW_NOTIFICATIONS_POLL_MS);
    expect(server.callsTo('/getUnreadNotificationsCountBySubtype')).toBe(2);
    expect(shell.result.current.live).toBe(false);

    server.say('event: ready\ndata: {}\n\n');
    await after(0);
    expect(shell.result.current.live).toBe(true);
    expect(document.documentElement.dataset.live).toBe('live');
    // Ready fetches the counters once, for what came while the stream was not yet up.
    expect(server.callsTo('/getUnreadNotificationsCountBySubtype')).toBe(3);

    for (let i = 0; i < 4; i++) {
      await after(NEW_NOTIFICATIONS_POLL_MS);
      server.say(': hb\n\n');
    }
    expect(server.callsTo('/getUnreadNotificationsCountBySubtype')).toBe(3);
    expect(server.callsTo('/api/live')).toBe(1);
    shell.unmount();
    expect(document.documentElement.dataset.live).toBeUndefined();
  });

  it('should fetch the counters and the lists once when a notification is raised', async () => {
    const server = stubServer();
    const shell = renderShell();
    server.say('event: ready\ndata: {}\n\n');
    await after(0);
    const counted = server.callsTo('/getUnreadNotificationsCountBySubtype');
    const listed = shell.listFetches.mock.calls.length;

    server.state.latestId = 2;
    server.state.total = 2;
    server.say('event: notifications\ndata: {"latestId": 2}\n\n');
    await after(0);

    expect(shell.result.current.total).toBe(2);
    expect(server.callsTo('/getUnreadNotificationsCountBySubtype')).toBe(counted + 1);
    // Once for the event: the counters' new latestId does not fetch the lists a second time.
    expect(shell.listFetches.mock.calls.length).toBe(listed + 1);
  });

  it('should poll again and reconnect with backoff when the stream drops', async () => {
    const server = stubServer();
    const shell = renderShell();
    server.say('event: ready\ndata: {}\n\n');
    await after(0);
    const counted = server.callsTo('/getUnreadNotificationsCountBySubtype');

    server.close();
    await after(0);
    expect(shell.result.current.live).toBe(false);
    expect(document.documentElement.dataset.live).toBe('down');
    server.state.liveStatus = 503;
    // Tries at 1, 3 and 7 seconds: each wait doubles.
    for (const [wait, tries] of [
      [LIVE_RETRY_FIRST_MS, 2],
      [2 * LIVE_RETRY_FIRST_MS, 3],
      [4 * LIVE_RETRY_FIRST_MS, 4],
    ] as const) {
      await after(wait - 1);
      expect(server.callsTo('/api/live')).toBe(tries - 1);
      await after(1);
      expect(server.callsTo('/api/live')).toBe(tries);
    }
    // Meanwhile the poll is back.
    await after(NEW_NOTIFICATIONS_POLL_MS - 7 * LIVE_RETRY_FIRST_MS);
    expect(server.callsTo('/getUnreadNotificationsCountBySubtype')).toBe(counted + 1);

    server.state.liveStatus = 200;
    await after(16 * LIVE_RETRY_FIRST_MS);
    server.say('event: ready\ndata: {}\n\n');
    await after(0);
    expect(shell.result.current.live).toBe(true);
  });

  it('should renew the access token and reconnect when the stream answers 401', async () => {
    const server = stubServer();
    server.state.liveStatus = 401;
    renderShell();
    await after(0);
    server.state.liveStatus = 200;
    await after(0);

    expect(server.callsTo('/api/auth/refresh')).toBe(1);
    expect(server.callsTo('/api/live')).toBe(2);
    const lastLive = vi
      .mocked(fetch)
      .mock.calls.filter(([input]) => urlOf(input) === '/api/live')
      .at(-1);
    expect(new Headers(lastLive?.[1]?.headers).get('SA-REGID')).toBe('renewed');
  });
});

// Each render is a tab of the same browser: its own query client, the same server.
describe('useLiveNotifications in several tabs', () => {
  const COUNTERS = '/getUnreadNotificationsCountBySubtype';

  it('should open one stream for all tabs, and fetch again in each when one is raised', async () => {
    shareBetweenTabs();
    const server = stubServer();
    const tabs = [renderShell(), renderShell(), renderShell()];
    await after(0);
    expect(server.callsTo('/api/live')).toBe(1);

    server.say('event: ready\ndata: {}\n\n');
    await after(0);
    expect(tabs.map((tab) => tab.result.current.live)).toEqual([true, true, true]);
    expect(document.documentElement.dataset.live).toBe('live');
    const counted = server.callsTo(COUNTERS);
    const listed = tabs.map((tab) => tab.listFetches.mock.calls.length);

    server.state.latestId = 2;
    server.state.total = 2;
    server.say('event: notifications\ndata: {"latestId": 2}\n\n');
    await after(0);

    expect(tabs.map((tab) => tab.result.current.total)).toEqual([2, 2, 2]);
    expect(server.callsTo(COUNTERS)).toBe(counted + 3);
    expect(tabs.map((tab) => tab.listFetches.mock.calls.length)).toEqual(
      listed.map((count) => count + 1),
    );
    // Live, no tab polls.
    for (let i = 0; i < 4; i++) {
      await after(NEW_NOTIFICATIONS_POLL_MS);
      server.say(': hb\n\n');
    }
    expect(server.callsTo(COUNTERS)).toBe(counted + 3);
    expect(server.callsTo('/api/live')).toBe(1);
  });

  it("should poll in every tab while the leader's stream is down", async () => {
    shareBetweenTabs();
    const server = stubServer();
    const [leader, follower] = [renderShell(), renderShell()];
    await after(0);
    server.say('event: ready\ndata: {}\n\n');
    await after(0);
    expect(follower.result.current.live).toBe(true);

    server.state.liveStatus = 503;
    server.close();
    await after(0);
    expect(leader.result.current.live).toBe(false);
    expect(follower.result.current.live).toBe(false);
    expect(document.documentElement.dataset.live).toBe('down');
    const counted = server.callsTo(COUNTERS);
    await after(NEW_NOTIFICATIONS_POLL_MS);
    // Both tabs poll; the leader alone tries the stream again.
    expect(server.callsTo(COUNTERS)).toBe(counted + 2);
    const tries = server.callsTo('/api/live');
    expect(tries).toBeGreaterThan(1);

    server.state.liveStatus = 200;
    await after(16 * LIVE_RETRY_FIRST_MS);
    expect(server.callsTo('/api/live')).toBe(tries + 1);
    server.say('event: ready\ndata: {}\n\n');
    await after(0);
    expect(follower.result.current.live).toBe(true);
  });

  it('should open a stream in another tab when the leader tab goes', async () => {
    shareBetweenTabs();
    const server = stubServer();
    const [leader, follower] = [renderShell(), renderShell()];
    await after(0);
    server.say('event: ready\ndata: {}\n\n');
    await after(0);

    expect(follower.result.current.live).toBe(true);
    leader.unmount();
    await after(0);

    expect(server.callsTo('/api/live')).toBe(2);
    // It polls until its own stream is ready.
    expect(follower.result.current.live).toBe(false);
    expect(document.documentElement.dataset.live).toBe('connecting');
    server.say('event: ready\ndata: {}\n\n');
    await after(0);
    expect(follower.result.current.live).toBe(true);
    expect(document.documentElement.dataset.live).toBe('live');
  });

  it('should keep a stream in each tab where the browser cannot share one', async () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    const server = stubServer();
    renderShell();
    renderShell();
    await after(0);
    expect(server.callsTo('/api/live')).toBe(2);
  });
});
