import pg from 'pg';
import type { Database } from './client';

/** Whether notifications are being heard: between 'down' and the next 'up' some are missed. */
export type ListenState = 'up' | 'down';

export type ListenOptions = {
  /** Told the state once before `listenTo` resolves, then at every change. */
  onState?: (state: ListenState) => void;
  /** A lost connection or a failing callback: for the log, never thrown. */
  onError?: (error: Error) => void;
};

export type Unlisten = () => Promise<void>;

/**
 * Calls `onPayload` with each NOTIFY on `channel` (sent at commit, by any connection) until the
 * answer is called. PGlite in this process hears its own session; the embedded database's
 * process passes on what it hears on its channels (HOSTED_CHANNELS); PostgreSQL is heard on one
 * dedicated connection per pool, which comes back by itself after a drop (decision 045).
 */
export async function listenTo(
  database: Database,
  channel: string,
  onPayload: (payload: string) => void,
  options: ListenOptions = {},
): Promise<Unlisten> {
  const subscriber: Subscriber = { channel, onPayload, ...options };
  if (database.embedded) {
    // The embedded database's process hears every notification and passes it on (decision 047).
    const stop = database.embedded.listen(channel, (payload) => deliver(subscriber, payload));
    tell(subscriber, 'up');
    return async () => {
      stop();
    };
  }
  if (database.kind === 'pglite') {
    const stop = await database.client.listen(channel, (payload) => deliver(subscriber, payload));
    tell(subscriber, 'up');
    // A closed PGlite has nothing left to stop.
    return () => stop().catch(() => undefined);
  }
  let listener = listeners.get(database.pool);
  if (!listener) {
    const made = new PgListener(database.pool.options, () => {
      if (listeners.get(database.pool) === made) listeners.delete(database.pool);
    });
    listeners.set(database.pool, made);
    listener = made;
  }
  const owner = listener;
  await owner.add(subscriber);
  return () => owner.remove(subscriber);
}

type Subscriber = ListenOptions & {
  channel: string;
  onPayload: (payload: string) => void;
  told?: ListenState;
};

function tell(subscriber: Subscriber, state: ListenState) {
  if (subscriber.told === state) return;
  subscriber.told = state;
  subscriber.onState?.(state);
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

function deliver(subscriber: Subscriber, payload: string) {
  try {
    subscriber.onPayload(payload);
  } catch (error) {
    subscriber.onError?.(asError(error));
  }
}

const listeners = new WeakMap<pg.Pool, PgListener>();

// As a start that cannot reach its database does: 500 ms, doubling, at most 10 s.
const FIRST_RETRY_MS = 500;
const LONGEST_RETRY_MS = 10_000;

/**
 * One client outside the pool, LISTENing to every channel asked for. A pooled connection would
 * not do: LISTEN belongs to a session, and the pool hands sessions around.
 */
class PgListener {
  private readonly subscribers = new Set<Subscriber>();
  private readonly listening = new Set<string>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;
  private failures = 0;
  private up = false;
  private readonly config: pg.ClientConfig;

  constructor(
    poolOptions: pg.PoolConfig,
    private readonly onEmpty: () => void,
  ) {
    // The pool's own options (its URL, its settings), named so that operators can tell it.
    this.config = { ...poolOptions, application_name: 'smt-listen', keepAlive: true };
  }

  async add(subscriber: Subscriber): Promise<void> {
    this.subscribers.add(subscriber);
    if (!this.client && !this.connecting && !this.retry) this.connecting = this.connect();
    if (this.connecting) await this.connecting;
    const client = this.client;
    if (client) await this.listenAll(client);
    tell(subscriber, this.up ? 'up' : 'down');
  }

  async remove(subscriber: Subscriber): Promise<void> {
    if (!this.subscribers.delete(subscriber)) return;
    if (this.subscribers.size === 0) {
      await this.shutdown();
      return;
    }
    const client = this.client;
    const { channel } = subscriber;
    if (!client || this.channels().has(channel) || !this.listening.delete(channel)) return;
    await client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
  }

  private channels(): Set<string> {
    return new Set([...this.subscribers].map((subscriber) => subscriber.channel));
  }

  private async connect(): Promise<void> {
    const client = new pg.Client(this.config);
    this.client = client;
    this.listening.clear();
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('the listening connection ended')));
    client.on('notification', (message) => {
      for (const subscriber of this.subscribers) {
        if (subscriber.channel === message.channel) deliver(subscriber, message.payload ?? '');
      }
    });
    try {
      await client.connect();
      await this.listenAll(client);
      if (this.client !== client) return;
      this.failures = 0;
      this.setUp(true);
    } catch (error) {
      this.lost(client, asError(error));
    } finally {
      this.connecting = null;
    }
    if (this.subscribers.size === 0) await this.shutdown();
  }

  private async listenAll(client: pg.Client): Promise<void> {
    try {
      for (const channel of this.channels()) {
        if (this.listening.has(channel)) continue;
        this.listening.add(channel);
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
    } catch (error) {
      this.lost(client, asError(error));
    }
  }

  /** The connection is gone (or never came): say so, and try again while anyone listens. */
  private lost(client: pg.Client, error: Error) {
    if (this.client !== client) return;
    this.client = null;
    this.listening.clear();
    client.end().catch(() => undefined);
    for (const subscriber of this.subscribers) subscriber.onError?.(error);
    this.setUp(false);
    if (this.subscribers.size === 0 || this.retry) return;
    const delay = Math.min(FIRST_RETRY_MS * 2 ** this.failures, LONGEST_RETRY_MS);
    this.failures += 1;
    this.retry = setTimeout(() => {
      this.retry = null;
      if (this.subscribers.size > 0 && !this.client) this.connecting = this.connect();
    }, delay);
    // A process on its way out does not wait for the next try.
    this.retry.unref();
  }

  private setUp(up: boolean) {
    if (this.up === up) return;
    this.up = up;
    for (const subscriber of this.subscribers) tell(subscriber, up ? 'up' : 'down');
  }

  private async shutdown() {
    this.onEmpty();
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const client = this.client;
    this.client = null;
    this.up = false;
    this.listening.clear();
    await client?.end().catch(() => undefined);
  }
}
