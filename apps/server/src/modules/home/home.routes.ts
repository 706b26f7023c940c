import { AllStatsQuery, HomeData, NOTIFICATION_CALLS, ROUTES } from '@smt/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '@/plugins/auth';
import { homeData } from './home.service';

/** Home data (SPEC §2.3, §7.3): the caller's own, or their scope's at one filter level. */
export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['home'];
  const db = app.database.db;
  const config = { access: ROUTES.home };

  app.get(
    `/api/${NOTIFICATION_CALLS.userStats}`,
    {
      config,
      schema: {
        tags,
        summary: "The caller's own pending notifications per group",
        response: { 200: HomeData },
      },
    },
    async (request) => homeData(db, authOf(request), { personal: true }),
  );

  app.get(
    `/api/${NOTIFICATION_CALLS.allStats}`,
    {
      config,
      schema: {
        tags,
        summary: "Pending notifications per group across the caller's scope or part of it",
        querystring: AllStatsQuery,
        response: { 200: HomeData },
      },
    },
    async (request) => homeData(db, authOf(request), request.query),
  );
};
