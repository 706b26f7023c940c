import { managementToolCalls as calls } from '@smt/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeCalls } from '@/lib/route-call';

/** The engine's state for the health page (super users only, as the page is). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  routeCalls(app, { tags: ['management'] }, calls, {
    engineHealth: {
      summary: 'Bookings monitored, checks in the last minute, queue depth, errors, deliveries',
      handle: async () => app.engineHealth.status(),
    },
  });
};
