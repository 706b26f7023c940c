import { homeCalls as calls } from '@smt/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeCall } from '@/lib/route-call';
import { authOf } from '@/plugins/auth';
import { homeData } from './home.service';

/** Home data (SPEC §2.3, §7.3): the caller's own, or their scope's at one filter level. */
export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['home'];
  const db = app.database.db;

  routeCall(
    app,
    calls.userStats,
    { tags, summary: "The caller's own pending notifications per group" },
    async (_input, request) => homeData(db, authOf(request), { personal: true }),
  );

  routeCall(
    app,
    calls.allStats,
    { tags, summary: "Pending notifications per group across the caller's scope or part of it" },
    async ({ query }, request) => homeData(db, authOf(request), query),
  );
};
