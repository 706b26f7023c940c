import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { buildApp, servicesOf } from './app';
import { ConfigError, loadEnv, productionReadiness, type Env } from './config/env';
import { storeOf, type Database } from './db/client';
import { isDatabaseUnreachable } from './db/database-unreachable';
import { DataDirLockedError } from './db/data-dir-lock';
import {
  EmbeddedDatabaseError,
  startEmbeddedDatabaseProcess,
} from './db/embedded/embedded-database-process';
import { hostEmbeddedDatabase } from './db/embedded/embedded-host';
import { EMBEDDED_HOST_FLAG } from './db/embedded/embedded-messages';
import { DatabaseStartError, openDatabaseFromEnv, seedIfEmpty } from './db/open-from-env';
import { withStartupLock } from './db/startup-lock';
import { hasSqlState } from './db/storage-condition';
import { createGds } from './gds/create-gds';
import { Clock } from './lib/clock';
import { createLifecycle, type Lifecycle } from './lib/lifecycle';
import { keepNewFilesPrivate, PrivateDirectoryError } from './lib/private-files';
import { startMonitoring } from './monitoring/start-monitoring';
import { startWorker } from './start-worker';

// Starts one process: migrates, seeds an empty demo database, and serves HTTP unless it is
// only a worker (SMT_ROLE). SIGTERM drains it, then closes it; SIGINT closes it at once (both
// finish what they started). Whatever ends a start is one JSON log line, as everything else
// the server writes, never a bare stack.

// Everything this process writes (the embedded database above all) is its owner's only.
keepNewFilesPrivate();

const log = pino({ level: 'info' });

// Node prints its warnings (a deprecation, say) as bare text on stderr: they are log lines too.
process.removeAllListeners('warning');
process.on('warning', (warning) => {
  log.warn(
    { warning: { name: warning.name, code: (warning as { code?: string }).code } },
    warning.message,
  );
});

function fail(message: string, details: object = {}): never {
  log.fatal(details, message);
  process.exit(1);
}

process.on('uncaughtException', (error) => {
  fail(`SMT stopped: ${error.message}`, { err: error });
});

function checkReadiness(env: Env) {
  const readiness = productionReadiness(env);
  if (readiness.problems.length > 0) {
    fail(`SMT cannot start in production: ${readiness.problems.join('; ')}`, {
      problems: readiness.problems,
    });
  }
  for (const warning of readiness.warnings) log.warn(warning);
}

type StartHooks = {
  /** The process serves: what it started beside it may go on. */
  afterListen?: () => void;
  /** Everything of this process is closed: what it started beside it may end too. */
  afterClose?: () => Promise<void>;
};

/** Ends the process: drains for `graceSeconds` (readiness 503, still serving), then closes. */
type Shutdown = (reason: string, graceSeconds: number) => Promise<void>;

// What closing may take after the grace: the engine's jobs (5 s), open requests, the database.
const CLOSE_MS = 15_000;

async function start(env: Env, hooks: StartHooks = {}): Promise<Shutdown> {
  const database = await openDatabaseFromEnv(env, { log });
  const clock = new Clock();
  const lifecycle: Lifecycle = createLifecycle();
  const running = await (env.SMT_ROLE === 'worker'
    ? startWorkerProcess(env, database, clock, lifecycle)
    : startApiProcess(env, database, clock, lifecycle));
  watchDatabase(database, running.log);

  let closing = false;
  const shutdown: Shutdown = async (reason, graceSeconds) => {
    if (closing) return;
    closing = true;
    lifecycle.drain();
    const timer = setTimeout(
      () => fail('shutdown took too long; exiting'),
      graceSeconds * 1000 + CLOSE_MS,
    );
    timer.unref();
    try {
      // The engine takes no new job from now on and finishes (or, past its time, leaves to
      // expire for another worker) the ones it holds.
      const workStopped = running.stopWork();
      if (graceSeconds > 0) {
        running.log.info(
          { reason, graceSeconds },
          'draining: readiness answers 503 and requests are still served',
        );
        await sleep(graceSeconds * 1000);
      }
      running.log.info({ reason }, 'shutting down');
      await workStopped;
      await running.close();
      await database.close();
      await hooks.afterClose?.();
      process.exit(0);
    } catch (error) {
      fail('shutdown failed', { err: error });
    }
  };
  hooks.afterListen?.();
  return shutdown;
}

type RunningProcess = {
  log: FastifyBaseLogger;
  /** Stops the engine taking work; resolves once what it held is finished or left. */
  stopWork: () => Promise<void>;
  /** Stops listening and closes everything the process opened but its database. */
  close: () => Promise<void>;
};

/** A worker: the engine and the deliveries, and no HTTP app (start-worker.ts). */
async function startWorkerProcess(
  env: Env,
  database: Database,
  clock: Clock,
  lifecycle: Lifecycle,
): Promise<RunningProcess> {
  const { gds, worker } = await withStartupLock(database, async () => {
    const gds = await createGds(env, database);
    if (await seedIfEmpty(database, env)) log.info('demo organisation made');
    const worker = await startWorker({ env, database, gds, clock, log, lifecycle });
    return { gds, worker };
  });
  log.info(
    { role: env.SMT_ROLE, db: storeOf(database), metricsPort: env.METRICS_PORT ?? null },
    'worker started: monitoring engine only',
  );
  return {
    log,
    stopWork: worker.stopWork,
    async close() {
      await worker.close();
      await gds.close();
    },
  };
}

/** A process that serves the API, and monitors too unless it is only the API (SMT_ROLE=api). */
async function startApiProcess(
  env: Env,
  database: Database,
  clock: Clock,
  lifecycle: Lifecycle,
): Promise<RunningProcess> {
  const { app, monitoring } = await withStartupLock(database, async () => {
    const gds = await createGds(env, database);
    // Answers are written from their schemas unchecked: the tests check them (answer-serializer.ts).
    const app = await buildApp({ env, database, clock, gds, checkAnswers: false, lifecycle });
    if (await seedIfEmpty(database, env)) app.log.info('demo organisation made');
    // One messenger and one outgoing guard per process: the engine sends through the app's.
    const monitoring =
      env.SMT_ROLE === 'api'
        ? null
        : await startMonitoring({
            env,
            database,
            gds,
            registry: servicesOf(app).gdsRegistry,
            clock,
            log: app.log,
            messenger: servicesOf(app).messenger,
            outgoing: servicesOf(app).outgoing,
          });
    app.addHook('onClose', () => gds.close());
    return { app, monitoring };
  });
  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(
    {
      role: env.SMT_ROLE,
      db: storeOf(database),
      env: env.APP_ENV,
      host: env.HOST,
      port: env.PORT,
    },
    'SMT is up',
  );
  return {
    log: app.log,
    stopWork: async () => {
      await monitoring?.stop();
    },
    // Stops listening, ends the live streams, waits for the requests under way.
    close: () => app.close(),
  };
}

/**
 * SIGTERM (a supervisor, a rolling restart) drains a process that serves HTTP for
 * DRAIN_SECONDS first; a worker has no traffic to move and stops at once. SIGINT (Ctrl-C) does
 * not wait.
 */
function closeOnSignals(env: Env, shutdown: Shutdown) {
  const grace = env.SMT_ROLE === 'worker' ? 0 : env.DRAIN_SECONDS;
  process.on('SIGTERM', () => void shutdown('SIGTERM', grace));
  process.on('SIGINT', () => void shutdown('SIGINT', 0));
}

/**
 * The default start, with no DATABASE_URL: the embedded database and the engine in a process of
 * their own, reached over a private socket, so that this one's thread is left to HTTP
 * (decision 047). The API is then what it is beside PostgreSQL.
 */
async function startWithEmbeddedDatabase(env: Env) {
  const embedded = await startEmbeddedDatabaseProcess(log);
  embedded.onGivenUp((reason) => fail(`SMT stopped: ${reason}`));
  const shutdown = await start(
    { ...env, DATABASE_URL: embedded.url, SMT_ROLE: 'api' },
    { afterListen: embedded.apiUp, afterClose: embedded.stop },
  );
  closeOnSignals({ ...env, SMT_ROLE: 'api' }, shutdown);
}

/**
 * The embedded database's own process. A signal to the whole process group (a supervisor's
 * stop, Ctrl-C) reaches it too, but the database must outlive the API's drain: while the API
 * lives, this process stops when the API says, or when the API is gone.
 */
async function hostDatabaseAndEngine(env: Env) {
  let shutdown: Shutdown | null = null;
  let asked: string | null = null;
  // Asked before the engine is up (the API stopping at once), it stops as soon as it is.
  const stop = (reason: string) => {
    if (shutdown) void shutdown(reason, 0);
    else asked ??= reason;
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (!process.connected) stop(signal);
    });
  }
  process.on('message', (message: { type?: unknown }) => {
    if (message.type === 'stop') stop('stopped by the server');
  });
  const host = await hostEmbeddedDatabase(env, log);
  process.on('disconnect', () => stop('the server is gone'));
  shutdown = await start(host.workerEnv, { afterClose: host.close });
  if (asked !== null || !process.connected) stop(asked ?? 'the server is gone');
}

/** The database may go away and come back; the process stays up and takes it up again. */
function watchDatabase(
  database: Database,
  appLog: typeof log | { warn: typeof log.warn; error: typeof log.error },
) {
  database.onConnectionError((error) => appLog.warn({ err: error }, 'database connection lost'));
  // pg-boss 10 neither awaits nor catches its write of a finished job, so while the database is
  // away, or its disk is full, each job that ends leaves a rejection nobody holds; the job is
  // retried when it expires. Those are logged, and a full disk is remembered for readiness: no
  // background write ends a process. Any other unhandled rejection (a bug of ours) still ends
  // it, as by default.
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnreachable(reason)) {
      appLog.warn({ err: reason }, 'a background write could not reach the database');
      return;
    }
    if (database.storage.note(reason)) {
      appLog.warn(
        { err: reason },
        'a background write failed: the database has no disk space left',
      );
      return;
    }
    if (hasSqlState(reason)) {
      appLog.error({ err: reason }, 'a background write failed in the database');
      return;
    }
    throw reason;
  });
}

let env: Env;
try {
  env = loadEnv();
} catch (error) {
  if (error instanceof ConfigError) {
    fail(`Invalid configuration: ${error.problems.join('; ')}`, { problems: error.problems });
  }
  throw error;
}
log.level = env.LOG_LEVEL;
try {
  if (process.env[EMBEDDED_HOST_FLAG] === '1') {
    await hostDatabaseAndEngine(env);
  } else {
    checkReadiness(env);
    if (!env.DATABASE_URL && env.SMT_ROLE === 'all') await startWithEmbeddedDatabase(env);
    else closeOnSignals(env, await start(env));
  }
} catch (error) {
  // A refusal the server foresaw says all in its message; anything else keeps its stack, in
  // the line's JSON.
  const foreseen =
    error instanceof DataDirLockedError ||
    error instanceof DatabaseStartError ||
    error instanceof EmbeddedDatabaseError ||
    error instanceof PrivateDirectoryError;
  fail(
    `SMT could not start: ${error instanceof Error ? error.message : String(error)}`,
    foreseen ? {} : { err: error },
  );
}
