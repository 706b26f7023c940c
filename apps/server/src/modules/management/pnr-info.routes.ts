import { managementToolCalls as calls } from '@smt/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeCall } from '@/lib/route-call';
import { authOf } from '@/plugins/auth';
import { pnrInfo } from './pnr-info.service';

/** The PNR info page (SPEC §2.11): any booking by its number, super users only. */
export const pnrInfoRoutes: FastifyPluginAsyncZod = async (app) => {
  routeCall(
    app,
    calls.pnrInfo,
    {
      tags: ['management'],
      summary:
        "A booking by PNR number: its latest snapshot, the engine's recent checks with each detector's decision, and its notifications",
    },
    async ({ query }, request) =>
      pnrInfo(
        { db: app.database.db, gds: app.gds, registry: app.gdsRegistry },
        authOf(request).scope,
        query.pnrNumber,
      ),
  );
};
