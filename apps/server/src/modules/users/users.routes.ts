import { sessionCalls } from '@smt/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeCall } from '@/lib/route-call';
import { authOf } from '@/plugins/auth';
import { userDetailsOf } from './user-details';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  routeCall(
    app,
    sessionCalls.userDetails,
    {
      tags: ['users'],
      summary: 'The signed-in user, with UI roles mapped from server roles',
    },
    async (_input, request) => userDetailsOf(authOf(request)),
  );
};
