import type { FastifyPluginAsync } from 'fastify';
import { isSiteCaller } from '@/lib/peer';
import { registry } from './metrics';

/**
 * The Prometheus scrape, outside /api and the OpenAPI document. It answers only a caller inside
 * the site's network talking to the process itself; through the public entrance it does not
 * exist (docs/decisions/027).
 */
export const metricsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!isSiteCaller(request)) return reply.callNotFound();
    const text = await registry.metrics();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
  });
};
