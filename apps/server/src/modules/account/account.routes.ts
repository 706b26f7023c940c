import { accountCalls as calls } from '@smt/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeCall } from '@/lib/route-call';
import { clearSessionCookie, sendTokens } from '@/modules/auth/session-cookie';
import { authOf } from '@/plugins/auth';
import { createAccountService } from './account.service';

/** The profile page's calls (SPEC §7.2: xapi/user/profile, xapi/unregister/v1). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const account = createAccountService({
    db: app.database.db,
    clock: app.clock,
    sessions: app.sessions,
  });
  const tags = ['account'];

  routeCall(
    app,
    calls.profile,
    {
      tags,
      summary: "The signed-in user's profile and this session's keep-logged-in choice",
    },
    async (_input, request) => account.profile(authOf(request)),
  );

  routeCall(
    app,
    calls.updateProfile,
    {
      tags,
      summary: 'Renames the signed-in user and sets keep-logged-in for this session',
      description:
        'Keep-logged-in starts the session anew under the chosen rule (a permanent cookie ' +
        'and no inactivity limit, or a browser-session cookie and the inactivity limit); ' +
        'the answer carries a fresh access token, and the cookie is sent again when it changed.',
    },
    async ({ body }, request, reply) => {
      const { profile, tokens } = await account.updateProfile(authOf(request), body);
      return { ...sendTokens(request, reply, tokens), profile };
    },
  );

  routeCall(
    app,
    calls.unregister,
    {
      tags,
      summary: 'Deletes the signed-in user and ends their sessions',
      description: 'Refused (403) while impersonating, and (409) for the last enabled super user.',
    },
    async (_input, request, reply) => {
      await account.unregister(authOf(request));
      clearSessionCookie(request, reply);
      return { ok: true as const };
    },
  );
};
