import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { keepTreePrivate, makeTreePrivate } from '../lib/private-files';
import { markConnectError } from './database-unreachable';
import { reusePlansOn } from './kept-queries';
import type { NotificationSource } from './embedded/embedded-notifications';
import { initdbImageFor } from './embedded/initdb-image';
import { createStorageCondition, type StorageCondition } from './storage-condition';
import type { Db } from './db-types';
import * as schema from './schema';

export type { Db } from './db-types';
export type DbKind = 'pglite' | 'postgres';

/** Rows of a raw SQL query; both drivers answer with `rows`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

export type Database = {
  db: Db;
  /** Runs raw SQL, one or many statements, outside the ORM. */
  exec: (sql: string) => Promise<void>;
  close: () => Promise<void>;
  /**
   * Who hears of a connection the server dropped (a restart, a network cut). The query that
   * was under way fails on its own; this is for the log.
   */
  onConnectionError: (listener: (error: Error) => void) => void;
  /**
   * Set when the PostgreSQL this speaks to is the embedded PGlite served by its own process
   * (decision 047): what health and logs name, and where its notifications come from.
   */
  embedded?: NotificationSource;
  /** Whether the database's disk is full, as this process has heard (db/storage-condition.ts). */
  storage: StorageCondition;
  // The driver underneath, for what needs its own connections (migration locks, job queues).
} & ({ kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool });

/** What holds the data, as health and logs name it. */
export const storeOf = (database: Database): DbKind =>
  database.embedded ? 'pglite' : database.kind;

/**
 * How long a query waits for a connection. With the server unreachable, a request fails
 * within this and answers 503 instead of hanging (plugins/error-handler.ts).
 */
export const CONNECT_TIMEOUT_MS = 5_000;

/**
 * node-postgres's client, whose errors while connecting are marked: for the caller they mean
 * the database cannot be reached, whatever PostgreSQL said (db/database-unreachable.ts).
 */
class ConnectMarkingClient extends pg.Client {
  override connect(): Promise<pg.Client>;
  override connect(callback: (error: Error) => void): void;
  override connect(callback?: (error: Error) => void): Promise<pg.Client> | void {
    if (!callback) {
      return super.connect().catch((error: unknown) => {
        throw markConnectError(error);
      });
    }
    super.connect((error: Error) => callback(error ? markConnectError(error) : error));
  }
}

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /**
       * Whether hot queries may be named prepared statements (db/kept-queries.ts): yes unless
       * the connections share one backend (the embedded PGlite over its socket).
       */
      reusePlans?: boolean;
    }
  | {
      kind: 'pglite';
      dataDir: string | null;
      /** A data directory's dump to start an in-memory one from (tests: one already migrated). */
      image?: Blob;
    };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // JIT compiles a query planned as costly, which for a list query costs more time than it
      // saves (75 ms of 220 on My PNRs sorted by notifications); none of our queries gains.
      options: '-c jit=off',
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      Client: ConnectMarkingClient,
    });
    // A connection the server drops emits 'error'; unheard, that would end the process. Every
    // client is heard from its first connect, whether idle in the pool or lent to a query or a
    // transaction; the pool's own 'error' repeats an idle client's, so it is heard silently.
    let report: (error: Error) => void = () => undefined;
    pool.on('connect', (client) => client.on('error', (error) => report(error)));
    pool.on('error', () => undefined);
    try {
      await pool.query('select 1');
    } catch (error) {
      // Nothing is kept of a pool that never connected; a start that tries again makes another.
      await pool.end().catch(() => undefined);
      throw error;
    }
    const db = drizzlePg({ client: pool, schema });
    if (options.reusePlans ?? true) reusePlansOn(db);
    return {
      db,
      kind: 'postgres',
      pool,
      exec: async (sql) => {
        await pool.query(sql);
      },
      close: () => pool.end(),
      onConnectionError: (listener) => {
        report = listener;
      },
      storage: createStorageCondition(),
    };
  }
  let client: PGlite;
  let dataDir: string | null = null;
  if (options.dataDir === null) {
    client = await PGlite.create(options.image ? { loadDataDir: options.image } : {});
  } else {
    dataDir = path.resolve(options.dataDir);
    keepTreePrivate(dataDir);
    await mkdir(path.dirname(dataDir), { recursive: true, mode: 0o700 });
    const image = initdbImageFor(dataDir);
    client = await PGlite.create(dataDir, image ? { loadDataDir: image } : {});
    // The image's files are written with the tarball's modes, which the umask alone masks.
    if (image) makeTreePrivate(dataDir);
  }
  return pgliteDatabase(client, dataDir);
}

/**
 * The database over a PGlite already open: its own data directory's (`dataDir`), or in memory
 * (`null`; the tests lend theirs again, test/pglite-pool.ts).
 */
export function pgliteDatabase(client: PGlite, dataDir: string | null): Database {
  return {
    db: drizzlePglite({ client, schema }),
    kind: 'pglite',
    client,
    exec: async (sql) => {
      await client.exec(sql);
    },
    close: () => client.close(),
    // In the process: there is no connection to lose.
    onConnectionError: () => undefined,
    storage: createStorageCondition({ dataDir }),
  };
}
