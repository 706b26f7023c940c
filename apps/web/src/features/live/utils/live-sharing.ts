import type { LiveConnection, LiveStatus } from '@/features/live/utils/live-connection';

/**
 * What the tabs of one session tell each other over their BroadcastChannel. The leader relays
 * its stream: its status (`live` is the server's ready) and each notifications event, and says
 * `gone` when it stops leading. A new leader calls the roll; a follower says `hello` when it
 * starts, when it is shown or hidden and when asked, and `bye` when it stops; the leader answers
 * each hello with its status.
 */
export type LiveMessage =
  | { kind: 'status'; status: LiveStatus }
  | { kind: 'notifications'; latestId: number }
  | { kind: 'gone' }
  | { kind: 'roll-call' }
  | { kind: 'hello'; tab: string; shown: boolean }
  | { kind: 'bye'; tab: string };

/** The part of `navigator.locks` used: an exclusive lock, held until `granted`'s promise settles. */
export type LiveLocks = {
  request(
    name: string,
    options: { signal: AbortSignal },
    granted: () => Promise<void>,
  ): Promise<unknown>;
};

/** The part of a `BroadcastChannel` used. */
export type LiveChannel = {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
};

/** What a stream of this tab's own reports to: the sharing in between when tabs share one. */
export type OwnConnectionDeps = {
  onStatus: (status: LiveStatus) => void;
  onNotifications: (latestId: number) => void;
  isHidden: () => boolean;
};

export type SharedLiveDeps = OwnConnectionDeps & {
  /** The lock's and the channel's name: one leader among the tabs of one signed-in user. */
  name: string;
  /** `navigator.locks`; without it, or without BroadcastChannel, the tab keeps its own stream. */
  locks: LiveLocks | undefined;
  openChannel: ((name: string) => LiveChannel) | undefined;
  /** Opens this tab's own stream (startLiveConnection), while it leads or when tabs cannot share. */
  connect: (deps: OwnConnectionDeps) => LiveConnection;
};

const LIVE_STATUSES: readonly string[] = [
  'connecting',
  'live',
  'down',
  'ended',
] satisfies LiveStatus[];

/** A message from another tab, perhaps of another release of the app: anything else is dropped. */
function messageOf(data: unknown): LiveMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  switch (message.kind) {
    case 'status':
      return typeof message.status === 'string' && LIVE_STATUSES.includes(message.status)
        ? { kind: 'status', status: message.status as LiveStatus }
        : null;
    case 'notifications':
      return Number.isInteger(message.latestId)
        ? { kind: 'notifications', latestId: message.latestId as number }
        : null;
    case 'gone':
    case 'roll-call':
      return { kind: message.kind };
    case 'hello':
      return typeof message.tab === 'string' && typeof message.shown === 'boolean'
        ? { kind: 'hello', tab: message.tab, shown: message.shown }
        : null;
    case 'bye':
      return typeof message.tab === 'string' ? { kind: 'bye', tab: message.tab } : null;
    default:
      return null;
  }
}

let tabsStarted = 0;
const newTabId = () =>
  `${Date.now().toString(36)}-${(tabsStarted++).toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * One live stream for all the tabs of a signed-in user (over HTTP/1.1 a browser opens only six
 * connections to a host, and the server keeps five streams per session). The tab that holds the
 * Web Lock `name` leads: it alone keeps a stream (`connect`) and relays what it hears over a
 * BroadcastChannel of the same name. The others follow: they take the relayed status and
 * notifications as their own, so they poll while the leader is not `live`, and `connecting` while
 * they know of no leader. When the leader's tab closes the browser frees the lock and a follower
 * takes it and connects. The stream waits while hidden only when every tab is hidden.
 */
export function startSharedLiveConnection(deps: SharedLiveDeps): LiveConnection {
  const { locks, openChannel } = deps;
  if (!locks || !openChannel) return deps.connect(deps);

  const tab = newTabId();
  const channel = openChannel(deps.name);
  const lockWait = new AbortController();
  let stopped = false;
  let status: LiveStatus | null = null;
  let leading = false;
  let own: LiveConnection | null = null;
  let release: () => void = () => undefined;
  // The followers that said they are shown: the leader's stream serves them too.
  const shownFollowers = new Set<string>();

  const apply = (next: LiveStatus) => {
    if (stopped || next === status) return;
    status = next;
    deps.onStatus(next);
  };
  const post = (message: LiveMessage) => {
    if (!stopped) channel.postMessage(message);
  };
  const hello = () => post({ kind: 'hello', tab, shown: !deps.isHidden() });

  const lead = () => {
    leading = true;
    shownFollowers.clear();
    post({ kind: 'roll-call' });
    own = deps.connect({
      onStatus(next) {
        apply(next);
        post({ kind: 'status', status: next });
      },
      onNotifications(latestId) {
        if (stopped) return;
        deps.onNotifications(latestId);
        post({ kind: 'notifications', latestId });
      },
      isHidden: () => deps.isHidden() && shownFollowers.size === 0,
    });
  };

  const heardAsLeader = (message: LiveMessage) => {
    switch (message.kind) {
      case 'hello':
        if (message.shown) shownFollowers.add(message.tab);
        else shownFollowers.delete(message.tab);
        if (status !== null) post({ kind: 'status', status });
        // A stream put off while every tab was hidden is opened for a follower that shows.
        own?.visibilityChanged();
        return;
      case 'bye':
        shownFollowers.delete(message.tab);
        return;
      case 'status':
      case 'notifications':
      case 'gone':
      case 'roll-call':
        // Only one tab leads at a time: what a leader before this one said is stale.
        return;
    }
  };

  const heardAsFollower = (message: LiveMessage) => {
    switch (message.kind) {
      case 'status':
        apply(message.status);
        return;
      case 'notifications':
        deps.onNotifications(message.latestId);
        return;
      case 'gone':
        apply('connecting');
        return;
      case 'roll-call':
        hello();
        return;
      case 'hello':
      case 'bye':
        return;
    }
  };

  channel.addEventListener('message', (event) => {
    const message = messageOf(event.data);
    if (stopped || message === null) return;
    if (leading) heardAsLeader(message);
    else heardAsFollower(message);
  });

  // Until a leader speaks the tab polls, as it would on its own.
  apply('connecting');
  hello();
  locks
    .request(deps.name, { signal: lockWait.signal }, () => {
      if (stopped) return Promise.resolve();
      return new Promise<void>((resolve) => {
        release = resolve;
        lead();
      });
    })
    // Stopped before the lock came: the request is withdrawn.
    .catch(() => undefined);

  return {
    visibilityChanged() {
      if (stopped) return;
      if (leading) own?.visibilityChanged();
      else hello();
    },
    stop() {
      if (stopped) return;
      if (leading) {
        own?.stop();
        post({ kind: 'gone' });
      } else {
        post({ kind: 'bye', tab });
      }
      stopped = true;
      own = null;
      lockWait.abort();
      release();
      channel.close();
    },
  };
}
