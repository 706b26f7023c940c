import { accountCalls as calls } from '@smt/shared';
import { routeCalls } from '@/lib/route-call';
import { clearSessionCookie, sendTokens } from '@/modules/auth/session-cookie';
import { authOf } from '@/plugins/auth';
import { routesUsing } from '@/routes-using';

/** The profile page's calls (SPEC §7.2: xapi/user/profile, xapi/unregister/v1). */
export const accountRoutes = routesUsing(['account'], async (app, { account }) => {
  routeCalls(app, { tags: ['account'] }, calls, {
    profile: {
      summary: "The signed-in user's profile and this session's keep-logged-in choice",
      handle: async (_input, request) => account.profile(authOf(request)),
    },
    updateProfile: {
      summary: 'Renames the signed-in user and sets keep-logged-in for this session',
      description:
        'Keep-logged-in starts the session anew under the chosen rule (a permanent cookie ' +
        'and no inactivity limit, or a browser-session cookie and the inactivity limit); ' +
        'the answer carries a fresh access token, and the cookie is sent again when it changed.',
      handle: async ({ body }, request, reply) => {
        const { profile, tokens } = await account.updateProfile(authOf(request), body);
        return { ...sendTokens(request, reply, tokens), profile };
      },
    },
    unregister: {
      summary: 'Deletes the signed-in user and ends their sessions',
      description: 'Refused (403) while impersonating, and (409) for the last enabled super user.',
      handle: async (_input, request, reply) => {
        await account.unregister(authOf(request));
        clearSessionCookie(request, reply);
        return { ok: true as const };
      },
    },
  });
});
