import { HEALTH_CALLS, ROUTES } from '@smt/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EngineStatus, engineStatus } from '@/monitoring/engine-status';

/** The engine's state for the health page (super users only, as the page is). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `/api/${HEALTH_CALLS.engine}`,
    {
      config: { access: ROUTES.health },
      schema: {
        tags: ['management'],
        summary: 'Bookings monitored, checks in the last minute, queue depth, errors, deliveries',
        response: { 200: EngineStatus },
      },
    },
    async () => engineStatus(app.database.db, app.gds, app.clock.now()),
  );
};
