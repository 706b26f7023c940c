import { ACCOUNT_CALLS, ROUTES, SwitchUserBody, TokenResponse } from '@smt/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendTokens } from '@/modules/auth/session-cookie';
import { authOf } from '@/plugins/auth';
import { createImpersonationService } from './impersonation.service';

/** Switch user and its exit (SPEC §7.2: admin/management/impersonate/*). */
export const impersonationRoutes: FastifyPluginAsyncZod = async (app) => {
  const impersonation = createImpersonationService({ db: app.database.db, sessions: app.sessions });
  const tags = ['impersonation'];
  const metaOf = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });

  app.post(
    `/api/${ACCOUNT_CALLS.switchUser}`,
    {
      // Whoever may manage users may act as them: super users as anyone, managers as their
      // agency's people.
      config: { access: ROUTES.users },
      schema: {
        tags,
        summary: 'Starts acting as the user with this phone (username, E.164)',
        description:
          'A new session whose effective user is the target and real user the caller; the ' +
          'old session ends. 404 alike for an unknown phone and a user outside the scope.',
        body: SwitchUserBody,
        response: { 200: TokenResponse },
      },
    },
    async (request, reply) =>
      sendTokens(
        request,
        reply,
        await impersonation.switchTo(authOf(request), request.body.username, metaOf(request)),
      ),
  );

  app.post(
    `/api/${ACCOUNT_CALLS.switchUserExit}`,
    {
      // The effective user may be anyone, so any signed-in session may ask; only an
      // impersonating one is answered.
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Stops impersonating: a new session as the real user',
        response: { 200: TokenResponse },
      },
    },
    async (request, reply) =>
      sendTokens(request, reply, await impersonation.exit(authOf(request), metaOf(request))),
  );
};
