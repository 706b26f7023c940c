import { sessionCalls } from '@smt/shared';
import { routeCalls } from '@/lib/route-call';
import { authOf } from '@/plugins/auth';
import { userDetailsOf } from './user-details';
import { routesUsing } from '@/routes-using';

export const usersRoutes = routesUsing([], async (app) => {
  routeCalls(app, { tags: ['users'] }, sessionCalls, {
    userDetails: {
      summary: 'The signed-in user, with UI roles mapped from server roles',
      handle: async (_input, request) => userDetailsOf(authOf(request)),
    },
  });
});
