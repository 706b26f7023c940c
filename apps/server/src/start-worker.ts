import { BUILD_VERSION } from '@smt/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from './config/env';
import type { Database } from './db/client';
import type { Simulator } from './gds/simulator/simulator';
import type { Clock } from './lib/clock';
import type { Lifecycle } from './lib/lifecycle';
import { startMonitoring } from './monitoring/start-monitoring';
import { startWorkerListener } from './observability/worker-listener';
import { composeCore } from './services';

/**
 * A worker process (SMT_ROLE=worker): the process's core (services.ts), the monitoring engine
 * and the deliveries over it, and, on METRICS_PORT, a listener that answers health, readiness
 * and metrics only. It builds no HTTP app: nothing of the API is reachable from a worker.
 */
export async function startWorker(deps: {
  env: Env;
  database: Database;
  gds: Simulator;
  clock: Clock;
  log: FastifyBaseLogger;
  lifecycle: Lifecycle;
}) {
  const { env, database, gds, clock, log, lifecycle } = deps;
  const core = await composeCore({ env, database, gds, clock, log });
  const monitoring = await startMonitoring({
    env,
    database,
    gds,
    registry: core.gdsRegistry,
    clock,
    log,
    messenger: core.messenger,
    outgoing: core.outgoing,
  });
  const listener =
    env.METRICS_PORT === undefined
      ? null
      : await startWorkerListener({
          port: env.METRICS_PORT,
          host: env.HOST,
          database,
          log,
          appVersion: env.APP_VERSION ?? BUILD_VERSION,
          lifecycle,
        });
  return {
    /** Stops taking work; resolves when the jobs under way have finished or been left. */
    stopWork: () => monitoring.stop(),
    /** Closes what the worker opened, once its work has stopped. */
    async close() {
      await listener?.close();
      core.messenger.close();
    },
  };
}
