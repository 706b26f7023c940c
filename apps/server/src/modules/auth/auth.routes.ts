import { authCalls, sessionCalls } from '@smt/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isDatabaseUnreachable } from '@/db/database-unreachable';
import { routeCall } from '@/lib/route-call';
import type { UserRow } from '@/modules/users';
import { clearSessionCookie, readSessionCookie, sendTokens } from './session-cookie';

/** The sign-in calls of CONTRACT.md: captcha, SMS code, e-mail link, refresh, logout. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['auth'];

  const startSession = async (
    request: FastifyRequest,
    reply: FastifyReply,
    user: UserRow,
    keepLoggedIn: boolean,
  ) => {
    const tokens = await app.sessions.start(user, {
      keepLoggedIn,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    return sendTokens(request, reply, tokens);
  };

  routeCall(
    app,
    authCalls.captcha,
    { tags, summary: 'A captcha challenge (ALTCHA v1)' },
    async (_input, _request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.captcha.challenge();
    },
  );

  routeCall(
    app,
    authCalls.validateUserDetails,
    { tags, summary: 'Checks the captcha before a code or link is asked for' },
    async ({ body }) => {
      await app.captcha.check(body.reCaptchaResponse, { consume: false });
      return { ok: true as const };
    },
  );

  routeCall(
    app,
    authCalls.sendSms,
    { tags, summary: 'Sends a 6-digit sign-in code by SMS' },
    async ({ body }, request) => {
      const { email, phone, captcha } = body;
      await app.captcha.check(captcha, { consume: true });
      return app.signIn.sendCode({ email, phone, ip: request.ip });
    },
  );

  routeCall(
    app,
    authCalls.sendEmail,
    { tags, summary: 'Sends a sign-in link by e-mail' },
    async ({ body }, request) => {
      const { email, phone, captcha } = body;
      await app.captcha.check(captcha, { consume: true });
      return app.signIn.sendLink({ email, phone, ip: request.ip });
    },
  );

  routeCall(
    app,
    authCalls.verifySms,
    { tags, summary: 'Signs in with the SMS code' },
    async ({ body }, request, reply) =>
      startSession(request, reply, await app.signIn.verifyCode(body), body.keepLoggedIn),
  );

  routeCall(
    app,
    authCalls.verifyEmail,
    { tags, summary: 'Signs in with the code of an e-mail link' },
    async ({ body }, request, reply) =>
      startSession(request, reply, await app.signIn.verifyLink(body), body.keepLoggedIn),
  );

  routeCall(
    app,
    sessionCalls.refresh,
    { tags, summary: 'A new access token from the session cookie; the cookie rotates' },
    async (_input, request, reply) => {
      try {
        return sendTokens(request, reply, await app.sessions.refresh(readSessionCookie(request)));
      } catch (error) {
        // A database out of reach says nothing of the session: it is kept for the next try.
        if (!isDatabaseUnreachable(error)) clearSessionCookie(request, reply);
        throw error;
      }
    },
  );

  routeCall(
    app,
    sessionCalls.logout,
    { tags, summary: 'Ends the session' },
    async (_input, request, reply) => {
      const token = request.headers['sa-regid'];
      await app.sessions.endByAccessToken(typeof token === 'string' ? token : undefined);
      await app.sessions.endByRefreshToken(readSessionCookie(request));
      clearSessionCookie(request, reply);
      return { ok: true as const };
    },
  );
};
