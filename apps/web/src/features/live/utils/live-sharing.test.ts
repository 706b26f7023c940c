import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeBrowser, type FakeTab } from '@/testing/fake-tabs';
import type { LiveStatus } from './live-connection';
import { startSharedLiveConnection, type OwnConnectionDeps } from './live-sharing';

const NAME = 'smt-live-3';

type OwnStream = {
  deps: OwnConnectionDeps;
  stop: ReturnType<typeof vi.fn>;
  visibilityChanged: ReturnType<typeof vi.fn>;
};

type TabOptions = { hidden?: boolean; locks?: boolean; channel?: boolean };

/**
 * A tab of the fake browser running the sharing, with a stand-in for its own stream: the test
 * says what that stream hears. Like startLiveConnection, it says connecting as it starts.
 */
function openTab(browser: ReturnType<typeof createFakeBrowser>, options: TabOptions = {}) {
  const fake: FakeTab = browser.openTab();
  const statuses: LiveStatus[] = [];
  const heard: number[] = [];
  const streams: OwnStream[] = [];
  let hidden = options.hidden ?? false;
  const connection = startSharedLiveConnection({
    name: NAME,
    locks: options.locks === false ? undefined : fake.locks,
    openChannel: options.channel === false ? undefined : fake.openChannel,
    connect(deps) {
      const stream = { deps, stop: vi.fn(), visibilityChanged: vi.fn() };
      streams.push(stream);
      deps.onStatus('connecting');
      return stream;
    },
    onStatus: (status) => statuses.push(status),
    onNotifications: (latestId) => heard.push(latestId),
    isHidden: () => hidden,
  });
  const stream = () => {
    const last = streams.at(-1);
    if (!last) throw new Error('this tab opened no stream');
    return last;
  };
  return {
    fake,
    connection,
    statuses,
    heard,
    streams,
    stream,
    status: () => statuses.at(-1),
    leads: () => fake.holds(NAME),
    setHidden(next: boolean) {
      hidden = next;
      connection.visibilityChanged();
    },
  };
}

/** Lets locks be granted and messages be delivered, and the answers they set off. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('startSharedLiveConnection', () => {
  it('should let only the tab holding the lock open a stream', async () => {
    const browser = createFakeBrowser();
    const tabs = [openTab(browser), openTab(browser), openTab(browser)];
    await settle();

    expect(tabs.map((tab) => tab.streams.length)).toEqual([1, 0, 0]);
    expect(tabs.map((tab) => tab.leads())).toEqual([true, false, false]);
    // Until the leader says ready, every tab polls.
    expect(tabs.map((tab) => tab.statuses)).toEqual([
      ['connecting'],
      ['connecting'],
      ['connecting'],
    ]);
  });

  it('should relay every status and notifications event of the leader to the followers', async () => {
    const browser = createFakeBrowser();
    const [leader, follower] = [openTab(browser), openTab(browser)];
    await settle();

    leader.stream().deps.onStatus('live');
    await settle();
    expect(follower.status()).toBe('live');

    leader.stream().deps.onNotifications(7);
    leader.stream().deps.onNotifications(9);
    await settle();
    expect(leader.heard).toEqual([7, 9]);
    expect(follower.heard).toEqual([7, 9]);

    leader.stream().deps.onStatus('down');
    await settle();
    leader.stream().deps.onStatus('connecting');
    leader.stream().deps.onStatus('ended');
    await settle();
    expect(leader.statuses).toEqual(['connecting', 'live', 'down', 'connecting', 'ended']);
    expect(follower.statuses).toEqual(leader.statuses);
    expect(follower.streams).toEqual([]);
  });

  it('should tell a tab that opens later what the leader last said', async () => {
    const browser = createFakeBrowser();
    const leader = openTab(browser);
    await settle();
    leader.stream().deps.onStatus('live');

    const late = openTab(browser);
    expect(late.status()).toBe('connecting');
    await settle();

    expect(late.statuses).toEqual(['connecting', 'live']);
    expect(late.streams).toEqual([]);
    // Told again (it was shown, then hidden), it does not take the same status twice.
    late.setHidden(true);
    await settle();
    expect(late.statuses).toEqual(['connecting', 'live']);
  });

  it('should let another tab take the lock and connect when the leader tab closes', async () => {
    const browser = createFakeBrowser();
    const tabs = [openTab(browser), openTab(browser), openTab(browser)];
    const [first, second, third] = tabs as [(typeof tabs)[0], (typeof tabs)[0], (typeof tabs)[0]];
    await settle();
    first.stream().deps.onStatus('live');
    await settle();

    // Closed, the tab runs nothing more: the browser frees its lock.
    first.fake.close();
    await settle();

    expect(second.leads()).toBe(true);
    expect(second.streams).toHaveLength(1);
    expect(third.streams).toHaveLength(0);
    // The new leader's stream connects: the others poll meanwhile, until it is ready.
    expect(third.status()).toBe('connecting');
    second.stream().deps.onStatus('live');
    second.stream().deps.onNotifications(12);
    await settle();
    expect(third.statuses).toEqual(['connecting', 'live', 'connecting', 'live']);
    expect(third.heard).toEqual([12]);

    second.fake.close();
    await settle();
    expect(third.leads()).toBe(true);
    expect(third.streams).toHaveLength(1);
  });

  it('should release the lock and relay nothing more when the leader stops (sign-out)', async () => {
    const browser = createFakeBrowser();
    const [leader, follower] = [openTab(browser), openTab(browser)];
    await settle();
    const stream = leader.stream();
    stream.deps.onStatus('live');
    await settle();

    leader.connection.stop();
    expect(stream.stop).toHaveBeenCalledTimes(1);
    // Whatever the stopped stream might still say goes nowhere.
    stream.deps.onNotifications(5);
    stream.deps.onStatus('down');
    await settle();

    expect(leader.leads()).toBe(false);
    expect(leader.statuses).toEqual(['connecting', 'live']);
    expect(leader.heard).toEqual([]);
    expect(follower.heard).toEqual([]);
    expect(browser.channels.filter((channel) => channel.tab === 1).every((c) => c.closed)).toBe(
      true,
    );
    // The follower heard the leader go, polled, and took over.
    expect(follower.leads()).toBe(true);
    expect(follower.statuses).toEqual(['connecting', 'live', 'connecting']);
    expect(follower.streams).toHaveLength(1);
  });

  it('should withdraw the lock request of a tab that stops before it leads', async () => {
    const browser = createFakeBrowser();
    const [leader, follower] = [openTab(browser), openTab(browser)];
    await settle();

    follower.connection.stop();
    leader.connection.stop();
    await settle();

    expect(follower.leads()).toBe(false);
    expect(follower.streams).toEqual([]);
    const again = openTab(browser);
    await settle();
    expect(again.leads()).toBe(true);
  });

  it("should count the leader's tab as shown while a follower is shown", async () => {
    const browser = createFakeBrowser();
    const leader = openTab(browser, { hidden: true });
    await settle();
    const stream = leader.stream();
    expect(stream.deps.isHidden()).toBe(true);

    // A shown follower has the stream reconnect, if it was put off.
    const follower = openTab(browser);
    await settle();
    expect(stream.deps.isHidden()).toBe(false);
    expect(stream.visibilityChanged).toHaveBeenCalled();

    follower.setHidden(true);
    await settle();
    expect(stream.deps.isHidden()).toBe(true);
    follower.setHidden(false);
    await settle();
    expect(stream.deps.isHidden()).toBe(false);
    follower.connection.stop();
    await settle();
    expect(stream.deps.isHidden()).toBe(true);

    // The leader's own tab shows: its stream hears of it.
    const calls = stream.visibilityChanged.mock.calls.length;
    leader.setHidden(false);
    expect(stream.visibilityChanged).toHaveBeenCalledTimes(calls + 1);
    expect(stream.deps.isHidden()).toBe(false);
  });

  it('should ask the followers whether they are shown when a new tab leads', async () => {
    const browser = createFakeBrowser();
    const tabs = [openTab(browser), openTab(browser, { hidden: true }), openTab(browser)];
    const [first, second] = tabs as [(typeof tabs)[0], (typeof tabs)[0]];
    await settle();

    first.fake.close();
    await settle();

    expect(second.leads()).toBe(true);
    expect(second.stream().deps.isHidden()).toBe(false);
  });

  it.each([
    ['Web Locks', { locks: false }],
    ['BroadcastChannel', { channel: false }],
  ] as const)('should keep a stream in every tab when %s is missing', async (_, options) => {
    const browser = createFakeBrowser();
    const [first, second] = [openTab(browser, options), openTab(browser, options)];
    await settle();

    expect(first.streams).toHaveLength(1);
    expect(second.streams).toHaveLength(1);
    first.stream().deps.onStatus('live');
    first.stream().deps.onNotifications(4);
    await settle();
    expect(first.statuses).toEqual(['connecting', 'live']);
    expect(first.heard).toEqual([4]);
    expect(second.statuses).toEqual(['connecting']);
    expect(second.heard).toEqual([]);
    expect(first.stream().deps.isHidden()).toBe(false);
    expect(browser.channels).toEqual([]);

    first.connection.stop();
    expect(first.stream().stop).toHaveBeenCalledTimes(1);
  });

  it('should drop what another tab says that is not the protocol', async () => {
    const browser = createFakeBrowser();
    const [leader, follower] = [openTab(browser), openTab(browser)];
    await settle();
    const stranger = browser.openTab().openChannel(NAME);

    for (const data of [
      'live',
      null,
      { kind: 'status', status: 'up' },
      { kind: 'notifications', latestId: '7' },
      { kind: 'notifications', latestId: 7.5 },
      { kind: 'hello', tab: 'x' },
      { kind: 'reload' },
    ]) {
      stranger.postMessage(data);
    }
    await settle();

    expect(follower.statuses).toEqual(['connecting']);
    expect(follower.heard).toEqual([]);
    expect(leader.stream().deps.isHidden()).toBe(false);
    expect(leader.streams).toHaveLength(1);
  });
});
