import { impersonationCalls as calls } from '@smt/shared';
import type { FastifyRequest } from 'fastify';
import { routeCalls } from '@/lib/route-call';
import { sendTokens } from '@/modules/auth/session-cookie';
import { authOf } from '@/plugins/auth';
import { routesUsing } from '@/routes-using';

const metaOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

/** Switch user and its exit (SPEC §7.2: admin/management/impersonate/*). */
export const impersonationRoutes = routesUsing(
  ['impersonation'],
  async (app, { impersonation }) => {
    routeCalls(app, { tags: ['impersonation'] }, calls, {
      switchUser: {
        summary: 'Starts acting as the user with this phone (username, E.164)',
        description:
          'A new session whose effective user is the target and real user the caller; the ' +
          'old session ends. 404 alike for an unknown phone and a user outside the scope.',
        handle: async ({ body }, request, reply) =>
          sendTokens(
            request,
            reply,
            await impersonation.switchTo(authOf(request), body.username, metaOf(request)),
          ),
      },
      switchUserExit: {
        summary: 'Stops impersonating: a new session as the real user',
        handle: async (_input, request, reply) =>
          sendTokens(request, reply, await impersonation.exit(authOf(request), metaOf(request))),
      },
    });
  },
);
