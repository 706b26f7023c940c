import { pino } from 'pino';
import { buildApp } from './app';
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
import { createGds } from './gds/create-gds';
import { Clock } from './lib/clock';
import { startMonitoring } from './monitoring/start-monitoring';
import { startWorkerListener } from './observability/worker-listener';

// Starts one process: migrates, seeds an empty demo database, and serves HTTP unless it is
// only a worker (SMT_ROLE). SIGTERM and SIGINT close it gracefully. Whatever ends a start is
// one JSON log line, as everything else the server writes, never a bare stack.

const log = pino({ level: 'info' });

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

async function start(env: Env, hooks: StartHooks = {}) {
  const database = await openDatabaseFromEnv(env, { log });
  const clock = new Clock();
  // Processes started together on one empty database take turns at their first-start work.
  const { app, monitoring } = await withStartupLock(database, async () => {
    const gds = await createGds(env, database);
    // Answers are written from their schemas unchecked: the tests check them (answer-serializer.ts).
    const app = await buildApp({ env, database, clock, gds, checkAnswers: false });
    if (await seedIfEmpty(database, env)) app.log.info('demo organisation made');
    const monitoring =
      env.SMT_ROLE === 'api'
        ? null
        : await startMonitoring({
            env,
            database,
            gds,
            registry: app.gdsRegistry,
            clock,
            log: app.log,
          });
    app.addHook('onClose', () => gds.close());
    return { app, monitoring };
  });
  watchDatabase(database, app.log);

  let workerListener: { close: () => Promise<void> } | null = null;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => fail('shutdown took too long; exiting'), 10_000);
    timer.unref();
    try {
      await monitoring?.stop();
      await workerListener?.close();
      await app.close();
      await database.close();
      await hooks.afterClose?.();
      process.exit(0);
    } catch (error) {
      fail('shutdown failed', { err: error });
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // The embedded database's process ends with the API process that started it.
  process.on('disconnect', () => void shutdown('disconnect'));

  if (env.SMT_ROLE === 'worker') {
    await app.ready();
    if (env.METRICS_PORT !== undefined) {
      workerListener = await startWorkerListener({
        port: env.METRICS_PORT,
        host: env.HOST,
        database,
        log: app.log,
        appVersion: app.appVersion,
      });
    }
    app.log.info(
      { role: env.SMT_ROLE, db: storeOf(database), metricsPort: env.METRICS_PORT ?? null },
      'worker started: monitoring engine only',
    );
  } else {
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
  }
  hooks.afterListen?.();
}

/**
 * The default start, with no DATABASE_URL: the embedded database and the engine in a process of
 * their own, reached over a private socket, so that this one's thread is left to HTTP
 * (decision 047). The API is then what it is beside PostgreSQL.
 */
async function startWithEmbeddedDatabase(env: Env) {
  const embedded = await startEmbeddedDatabaseProcess();
  embedded.onUnexpectedExit((code) =>
    fail(`SMT stopped: the embedded database's process ended (exit ${code ?? 'by a signal'})`),
  );
  await start(
    { ...env, DATABASE_URL: embedded.url, SMT_ROLE: 'api' },
    { afterListen: embedded.apiUp, afterClose: embedded.stop },
  );
}

async function hostDatabaseAndEngine(env: Env) {
  const host = await hostEmbeddedDatabase(env, log);
  await start(host.workerEnv, { afterClose: host.close });
}

/** The database may go away and come back; the process stays up and takes it up again. */
function watchDatabase(database: Database, appLog: typeof log | { warn: typeof log.warn }) {
  database.onConnectionError((error) => appLog.warn({ err: error }, 'database connection lost'));
  // pg-boss 10 neither awaits nor catches its write of a finished job, so while the database is
  // away each job that ends leaves a rejection nobody holds; the job is retried when it expires.
  // Those are logged. Any other unhandled rejection still ends the process, as by default.
  process.on('unhandledRejection', (reason) => {
    if (!isDatabaseUnreachable(reason)) throw reason;
    appLog.warn({ err: reason }, 'a background write could not reach the database');
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
    else await start(env);
  }
} catch (error) {
  // A refusal the server foresaw says all in its message; anything else keeps its stack, in
  // the line's JSON.
  const foreseen =
    error instanceof DataDirLockedError ||
    error instanceof DatabaseStartError ||
    error instanceof EmbeddedDatabaseError;
  fail(
    `SMT could not start: ${error instanceof Error ? error.message : String(error)}`,
    foreseen ? {} : { err: error },
  );
}
