import { homeCalls as calls } from '@smt/shared';
import { routeCalls } from '@/lib/route-call';
import { authOf } from '@/plugins/auth';
import { routesUsing } from '@/routes-using';

/** Home data (SPEC §2.3, §7.3): the caller's own, or their scope's at one filter level. */
export const homeRoutes = routesUsing(['home'], async (app, { home }) => {
  routeCalls(app, { tags: ['home'] }, calls, {
    userStats: {
      summary: "The caller's own pending notifications per group",
      handle: async (_input, request) => home.data(authOf(request), { personal: true }),
    },
    allStats: {
      summary: "Pending notifications per group across the caller's scope or part of it",
      handle: async ({ query }, request) => home.data(authOf(request), query),
    },
  });
});
