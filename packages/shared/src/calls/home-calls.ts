import { ROUTES } from '../routes';
import { AllStatsQuery, HomeData } from '../schemas/home';
import { defineCall, pathsOf } from './define-call';

// Home's calls (SPEC §2.3, §7.3): its figures, for whoever may open home. Only zod/mini
// schemas here: the SPA asks for them from its first script (see schemas/home.ts).

export const homeCalls = {
  userStats: defineCall({
    method: 'GET',
    path: 'admin/stats/userNotifications',
    access: ROUTES.home,
    answer: HomeData,
    refusals: ['notifications.audience-outside'],
  }),
  allStats: defineCall({
    method: 'GET',
    path: 'admin/stats/allNotifications',
    access: ROUTES.home,
    query: AllStatsQuery,
    answer: HomeData,
    refusals: ['notifications.audience-outside'],
  }),
};

/** Each home call's path under /api, for a caller that names it (a test, say). */
export const HOME_CALLS = pathsOf(homeCalls);
