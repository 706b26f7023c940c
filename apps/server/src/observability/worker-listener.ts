import { metaCalls } from '@smt/shared';
import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { storeOf, type Database } from '@/db/client';
import type { Lifecycle } from '@/lib/lifecycle';
import { routeCall } from '@/lib/route-call';
import { errorHandlerPlugin, rerouteFrameworkError } from '@/plugins/error-handler';
import { observabilityPlugin } from './observability.plugin';

export type WorkerListenerOptions = {
  port: number;
  host: string;
  database: Database;
  log: FastifyBaseLogger;
  appVersion: string;
  lifecycle: Lifecycle;
};

/**
 * What a worker process (SMT_ROLE=worker), which serves no API, answers on METRICS_PORT:
 * liveness, readiness and the metrics, with the API's handlers and the process's one registry.
 */
export async function startWorkerListener(
  options: WorkerListenerOptions,
): Promise<{ close: () => Promise<void> }> {
  const { database, appVersion } = options;
  const app = Fastify({
    loggerInstance: options.log,
    // Only probes and scrapes come here, every few seconds: a log line each would drown the rest.
    logController: new LogController({ disableRequestLogging: true }),
    frameworkErrors: rerouteFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandlerPlugin, { storage: database.storage });
  await app.register(observabilityPlugin, { database, appVersion, lifecycle: options.lifecycle });
  // The API's health call, answered the same (modules/meta/meta.routes.ts).
  routeCall(app, metaCalls.health, {}, async () => ({
    status: 'ok' as const,
    version: appVersion,
    db: storeOf(database),
  }));
  await app.listen({ port: options.port, host: options.host });
  return { close: () => app.close() };
}
