import { UserDetails } from '@smt/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '@/lib/app-error';
import { userDetailsOf } from './user-details';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/getUserDetails',
    {
      schema: {
        tags: ['users'],
        summary: 'The signed-in user, with UI roles mapped from server roles',
        security: [{ accessToken: [] }],
        response: { 200: UserDetails },
      },
      preHandler: app.requireAuth,
    },
    async (request) => {
      if (!request.auth) throw new AppError('UNAUTHORIZED', 'Please sign in.');
      return userDetailsOf(request.auth);
    },
  );
};
