import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Env } from '../config/env';
import { openDatabase, type Database } from './client';
import { DataDirLockedError, isOrphanedHolder, lockDataDir } from './data-dir-lock';
import { EMBEDDED_HOST_FLAG } from './embedded/embedded-messages';
import { embeddedNotificationSource } from './embedded/embedded-notifications';
import { isDatabaseUnreachable } from './database-unreachable';
import { createStorageCondition } from './storage-condition';
import { makeTreePrivate } from '../lib/private-files';
import { runMigrations } from './migrate';
import { isOrganisationEmpty, seedDemoOrganisation, seedDemoSubscriptions } from './seed/seed';

/** What opening the database reports while it waits: a JSON log line per try. */
export type OpenLog = { warn: (details: object, message: string) => void };

// SQLSTATEs at connect that a moment may cure: the database is not created yet (a site
// provisions it beside the app), the server is starting, or it has no connection to spare.
const PASSING_REFUSALS = new Set(['3D000', '57P03', '53300']);
const FIRST_RETRY_MS = 500;
const LONGEST_RETRY_MS = 10_000;

function sqlStateOf(error: unknown): string | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 4; depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    cause = cause.cause;
  }
  return undefined;
}

function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors[0] instanceof Error) {
    return error.errors.map((inner: Error) => inner.message).join('; ');
  }
  return error instanceof Error ? error.message : String(error);
}

/** The URL without its password, for logs and messages. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'DATABASE_URL';
  }
}

/** Failed to start on the database; the message is the one line a person reads. */
export class DatabaseStartError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'DatabaseStartError';
  }
}

/**
 * Connects to PostgreSQL, trying again with growing pauses while the server cannot be reached
 * or refuses for a passing reason, up to DATABASE_START_TIMEOUT_SECONDS. A refusal no wait
 * cures (a wrong password, say) ends at once.
 */
async function connectPostgres(env: Env, url: string, log: OpenLog): Promise<Database> {
  const deadline = Date.now() + env.DATABASE_START_TIMEOUT_SECONDS * 1000;
  const where = redactedUrl(url);
  for (let attempt = 1; ; attempt += 1) {
    try {
      // The embedded database's one backend serves every connection: none may name a statement.
      return await openDatabase({
        kind: 'postgres',
        url,
        reusePlans:
          env.DATABASE_PREPARED_STATEMENTS === 'on' && embeddedNotificationSource() === null,
      });
    } catch (error) {
      const state = sqlStateOf(error);
      const passing =
        (state !== undefined && PASSING_REFUSALS.has(state)) ||
        (!state?.startsWith('28') && isDatabaseUnreachable(error));
      const reason = reasonOf(error);
      if (!passing) {
        throw new DatabaseStartError(`The database at ${where} refused the server: ${reason}`, {
          cause: error,
        });
      }
      const pause = Math.min(FIRST_RETRY_MS * 2 ** (attempt - 1), LONGEST_RETRY_MS);
      if (Date.now() + pause > deadline) {
        throw new DatabaseStartError(
          `The database at ${where} could not be reached within ` +
            `${env.DATABASE_START_TIMEOUT_SECONDS} s (${attempt} tries): ${reason}`,
          { cause: error },
        );
      }
      log.warn(
        { attempt, retryInMs: pause, database: where, reason },
        'the database cannot be reached yet; trying again',
      );
      await sleep(pause);
    }
  }
}

// An embedded database whose server was killed stops within its shutdown's 10 s.
const ORPHAN_WAIT_MS = 12_000;

/**
 * The data directory's lock, for the embedded database's own process naming the server that
 * started it; a holder left by a killed server is waited for while it stops.
 */
async function lockDataDirWhenFree(dataDir: string): Promise<() => void> {
  const server = process.env[EMBEDDED_HOST_FLAG] === '1' ? process.ppid : undefined;
  const deadline = Date.now() + ORPHAN_WAIT_MS;
  for (;;) {
    try {
      return lockDataDir(dataDir, { server });
    } catch (error) {
      const waiting =
        error instanceof DataDirLockedError &&
        isOrphanedHolder(error.holder) &&
        Date.now() < deadline;
      if (!waiting) throw error;
      await sleep(200);
    }
  }
}

/**
 * PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR, which this process then
 * holds alone until it closes the database (a second process is refused before it reads a
 * byte: db/data-dir-lock.ts); migrated either way.
 */
export async function openDatabaseFromEnv(
  env: Env,
  { log = { warn: (_details, message) => console.error(message) } }: { log?: OpenLog } = {},
): Promise<Database> {
  if (env.DATABASE_URL) {
    const connected = await connectPostgres(env, env.DATABASE_URL, log);
    const embedded = embeddedNotificationSource();
    // The embedded database's disk is this machine's, under DATA_DIR: its free space is read.
    const database = embedded
      ? { ...connected, embedded, storage: createStorageCondition({ dataDir: env.DATA_DIR }) }
      : connected;
    try {
      await runMigrations(database);
    } catch (error) {
      await database.close().catch(() => undefined);
      throw error;
    }
    return database;
  }
  const release = await lockDataDirWhenFree(env.DATA_DIR);
  // An exit without close (a crash) lets go too; only a kill leaves the lock, which the next
  // start sees is stale.
  process.once('exit', release);
  try {
    // Files an older release or another umask left open to other accounts are closed to them
    // before the database reads a byte; what cannot be (another owner's) stops the start.
    const dataDir = path.resolve(env.DATA_DIR);
    const tightened = makeTreePrivate(dataDir);
    if (tightened > 0) {
      log.warn(
        { dataDir, tightened },
        `The data directory ${dataDir} was open to other accounts on this machine: ` +
          `${tightened} files and folders are now its owner's only (0700 folders, 0600 files).`,
      );
    }
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: path.join(env.DATA_DIR, 'pglite'),
    });
    await runMigrations(database);
    return {
      ...database,
      close: async () => {
        try {
          await database.close();
        } finally {
          release();
          process.removeListener('exit', release);
        }
      },
    };
  } catch (error) {
    release();
    process.removeListener('exit', release);
    throw error;
  }
}

/** In local and staging an empty database gets the demo organisation, so there is someone to be. */
export async function seedIfEmpty(database: Database, env: Env): Promise<boolean> {
  if (env.APP_ENV === 'production') return false;
  if (!(await isOrganisationEmpty(database.db))) return false;
  await seedDemoOrganisation(database.db);
  await seedDemoSubscriptions(database.db);
  return true;
}
