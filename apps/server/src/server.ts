import { buildApp } from './app';
import { ConfigError, loadEnv } from './config/env';
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
