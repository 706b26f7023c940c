import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '@/db/client';
import type { Lifecycle } from '@/lib/lifecycle';
import { watchDatabase } from './database-metrics';
import { httpMetricsPlugin } from './http-metrics.plugin';
import { metricsRoutes } from './metrics.routes';
import { readinessRoutes } from './readiness.routes';

export type ObservabilityOptions = { database: Database; appVersion: string; lifecycle: Lifecycle };

/** Readiness, the Prometheus scrape and the HTTP timings, for an API app or a worker's listener. */
export const observabilityPlugin = fp(
  async (app: FastifyInstance, options: ObservabilityOptions) => {
    await app.register(httpMetricsPlugin);
    await app.register(metricsRoutes);
    await app.register(readinessRoutes, options);
    const unwatch = watchDatabase(options.database);
    app.addHook('onClose', async () => unwatch());
  },
);
