import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { httpRequestDuration } from './metrics';

/** The route label of a request no route matched: one label, whatever the address. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Times every answer by its route's template, never the raw URL: ids would explode the labels. */
export const httpMetricsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onResponse', async (request, reply) => {
    httpRequestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
});
