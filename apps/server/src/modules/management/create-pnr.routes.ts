import { CreatePnrBody, CreatePnrResponse, PNR_TOOL_CALLS, ROUTES } from '@smt/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '@/plugins/auth';
import { createPnr } from './create-pnr.service';

/** The create PNR page (SPEC §2.11): a booking made in the GDS for an agent, super users only. */
export const createPnrRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    `/api/${PNR_TOOL_CALLS.createPnr}`,
    {
      config: { access: ROUTES.createPnr },
      schema: {
        tags: ['management'],
        summary:
          "Makes a booking in the agency's reservation system under an agent's sign and records it for monitoring at once",
        body: CreatePnrBody,
        response: { 200: CreatePnrResponse },
      },
    },
    async (request) => {
      const { user, realUser, scope } = authOf(request);
      return createPnr(
        { db: app.database.db, gds: app.gds, registry: app.gdsRegistry },
        { userId: user.id, realUserId: realUser.id, scope },
        request.body,
      );
    },
  );
};
