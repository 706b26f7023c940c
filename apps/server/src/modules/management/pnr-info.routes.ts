import { PNR_TOOL_CALLS, PnrInfo, PnrInfoQuery, ROUTES } from '@smt/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '@/plugins/auth';
import { pnrInfo } from './pnr-info.service';

/** The PNR info page (SPEC §2.11): any booking by its number, super users only. */
export const pnrInfoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `/api/${PNR_TOOL_CALLS.pnrInfo}`,
    {
      config: { access: ROUTES.pnrInfo },
      schema: {
        tags: ['management'],
        summary:
          "A booking by PNR number: its latest snapshot, the engine's recent checks with each detector's decision, and its notifications",
        querystring: PnrInfoQuery,
        response: { 200: PnrInfo },
      },
    },
    async (request) =>
      pnrInfo(
        { db: app.database.db, gds: app.gds, registry: app.gdsRegistry },
        authOf(request).scope,
        request.query.pnrNumber,
      ),
  );
};
