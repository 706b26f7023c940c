import { buildApp } from './app';
import { ConfigError, loadEnv } from './config/env';
import { isDatabaseUnreachable } from './db/database-unreachable';
import { openDatabaseFromEnv, seedIfEmpty } from './db/open-from-env';
import { createGds } from './gds/create-gds';
import { Clock } from './lib/clock';
import { startMonitoring } from './monitoring/start-monitoring';

// Starts one process: migrates, seeds an empty demo database, and serves HTTP unless it is
// only a worker (SMT_ROLE). SIGTERM and SIGINT close it gracefully.

let env;
try {
  env = loadEnv();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const database = await openDatabaseFromEnv(env);
const clock = new Clock();
const gds = await createGds(env, database);
const app = await buildApp({ env, database, clock, gds });
// The database may go away and come back; the process stays up and takes it up again.
database.onConnectionError((error) => app.log.warn({ err: error }, 'database connection lost'));
// pg-boss 10 neither awaits nor catches its write of a finished job, so while the database is
// away each job that ends leaves a rejection nobody holds; the job is retried when it expires.
// Those are logged. Any other unhandled rejection still ends the process, as by default.
process.on('unhandledRejection', (reason) => {
  if (!isDatabaseUnreachable(reason)) throw reason;
  app.log.warn({ err: reason }, 'a background write could not reach the database');
});
if (await seedIfEmpty(database, env)) app.log.info('demo organisation made');
const monitoring =
  env.SMT_ROLE === 'api'
    ? null
    : await startMonitoring({ env, database, gds, clock, log: app.log });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => {
    app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, 10_000);
  timer.unref();
  try {
    await monitoring?.stop();
    await app.close();
    await gds.close();
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

if (env.SMT_ROLE === 'worker') {
  await app.ready();
  app.log.info({ role: env.SMT_ROLE, db: database.kind }, 'worker started: monitoring engine only');
} else {
  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info({ role: env.SMT_ROLE, db: database.kind, env: env.APP_ENV }, 'SMT is up');
}
