import { managementToolCalls as calls } from '@smt/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeCall } from '@/lib/route-call';
import { authOf } from '@/plugins/auth';
import { createPnr } from './create-pnr.service';

/** The create PNR page (SPEC §2.11): a booking made in the GDS for an agent, super users only. */
export const createPnrRoutes: FastifyPluginAsyncZod = async (app) => {
  routeCall(
    app,
    calls.createPnr,
    {
      tags: ['management'],
      summary:
        "Makes a booking in the agency's reservation system under an agent's sign and records it for monitoring at once",
    },
    async ({ body }, request) => {
      const { user, realUser, scope } = authOf(request);
      return createPnr(
        { db: app.database.db, gds: app.gds, registry: app.gdsRegistry },
        { userId: user.id, realUserId: realUser.id, scope },
        body,
      );
    },
  );
};
