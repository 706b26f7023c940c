import { managementToolCalls as calls } from '@smt/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeCalls } from '@/lib/route-call';
import { callerOf } from '@/plugins/auth';
import { createPnr } from './create-pnr.service';

/** The create PNR page (SPEC §2.11): a booking made in the GDS for an agent, super users only. */
export const createPnrRoutes: FastifyPluginAsyncZod = async (app) => {
  routeCalls(app, { tags: ['management'] }, calls, {
    createPnr: {
      summary:
        "Makes a booking in the agency's reservation system under an agent's sign and records it for monitoring at once",
      handle: async ({ body }, request) => createPnr(app.pnrCreation, callerOf(request), body),
    },
  });
};
