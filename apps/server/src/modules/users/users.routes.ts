import { UserDetails } from '@smt/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '@/plugins/auth';
import { userDetailsOf } from './user-details';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/getUserDetails',
    {
      schema: {
        tags: ['users'],
        summary: 'The signed-in user, with UI roles mapped from server roles',
        response: { 200: UserDetails },
      },
      config: { access: 'signedIn' },
    },
    async (request) => userDetailsOf(authOf(request)),
  );
};
