import type { LiveChannel, LiveLocks } from '@/features/live/utils/live-sharing';

type Waiter = {
  name: string;
  tab: number;
  granted: () => Promise<void>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
};

/** What one tab of the fake browser sees: its `navigator.locks` and its BroadcastChannel. */
export type FakeTab = {
  locks: LiveLocks;
  openChannel: (name: string) => LiveChannel;
  BroadcastChannel: new (name: string) => LiveChannel;
  /** Whether this tab holds the lock `name`. */
  holds: (name: string) => boolean;
  /** The tab is closed: the browser frees its locks and closes its channels, and nothing runs. */
  close: () => void;
};

const abortError = () => new DOMException('The request was aborted.', 'AbortError');

/**
 * Web Locks (exclusive, first come first served) and BroadcastChannel for tabs of one origin,
 * in memory. Like the browser's, a lock is granted and a message delivered later, not while the
 * caller runs: here in a microtask, which `await vi.advanceTimersByTimeAsync(0)` lets run.
 */
export function createFakeBrowser() {
  const queue: Waiter[] = [];
  const held = new Map<string, Waiter>();
  const channels: FakeChannel[] = [];
  let tabs = 0;

  const grantLater = (name: string) => queueMicrotask(() => grant(name));

  function grant(name: string) {
    if (held.has(name)) return;
    const at = queue.findIndex((waiter) => waiter.name === name);
    if (at === -1) return;
    const [waiter] = queue.splice(at, 1) as [Waiter];
    held.set(name, waiter);
    const settle = (then: () => void) => {
      if (held.get(name) === waiter) {
        held.delete(name);
        grantLater(name);
      }
      then();
    };
    waiter.granted().then(
      (value) => settle(() => waiter.resolve(value)),
      (error: unknown) => settle(() => waiter.reject(error)),
    );
  }

  class FakeChannel implements LiveChannel {
    private readonly listeners: ((event: { data: unknown }) => void)[] = [];
    closed = false;

    constructor(
      readonly name: string,
      readonly tab: number,
    ) {
      channels.push(this);
    }

    postMessage(message: unknown) {
      if (this.closed) throw new DOMException('The channel is closed.', 'InvalidStateError');
      for (const other of channels) {
        if (other === this || other.closed || other.name !== this.name) continue;
        const data = structuredClone(message);
        queueMicrotask(() => {
          if (!other.closed) for (const listener of other.listeners) listener({ data });
        });
      }
    }

    addEventListener(_type: 'message', listener: (event: { data: unknown }) => void) {
      this.listeners.push(listener);
    }

    close() {
      this.closed = true;
    }
  }

  return {
    /** Every channel any tab opened, open or closed. */
    channels,
    openTab(): FakeTab {
      const tab = ++tabs;
      const locks: LiveLocks = {
        request(name, { signal }, granted) {
          return new Promise((resolve, reject) => {
            if (signal.aborted) {
              reject(abortError());
              return;
            }
            const waiter: Waiter = { name, tab, granted, resolve, reject };
            queue.push(waiter);
            signal.addEventListener('abort', () => {
              const at = queue.indexOf(waiter);
              if (at === -1) return;
              queue.splice(at, 1);
              reject(abortError());
            });
            grantLater(name);
          });
        },
      };
      return {
        locks,
        openChannel: (name) => new FakeChannel(name, tab),
        BroadcastChannel: class extends FakeChannel {
          constructor(name: string) {
            super(name, tab);
          }
        },
        holds: (name) => held.get(name)?.tab === tab,
        close() {
          for (let at = queue.length - 1; at >= 0; at--) {
            if (queue[at]!.tab === tab) queue.splice(at, 1);
          }
          for (const [name, waiter] of held) {
            if (waiter.tab !== tab) continue;
            held.delete(name);
            grantLater(name);
          }
          for (const channel of channels) if (channel.tab === tab) channel.close();
        },
      };
    },
  };
}
