import { authCalls, sessionCalls, type CallRequest } from '@smt/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnreachable } from '@/db/database-unreachable';
import { routeCalls } from '@/lib/route-call';
import type { UserRow } from '@/modules/users';
import { clearSessionCookie, readSessionCookie, sendTokens } from './session-cookie';
import { routesUsing } from '@/routes-using';

type SendBody = CallRequest<typeof authCalls.sendSms>['body'];

/** The sign-in calls of CONTRACT.md: captcha, SMS code, e-mail link, refresh, logout. */
export const authRoutes = routesUsing(
  ['captcha', 'signIn', 'sessions'],
  async (app, { captcha, signIn, sessions }) => {
    const tags = ['auth'];

    const startSession = async (
      request: FastifyRequest,
      reply: FastifyReply,
      user: UserRow,
      keepLoggedIn: boolean,
    ) => {
      const tokens = await sessions.start(user, {
        keepLoggedIn,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return sendTokens(request, reply, tokens);
    };

    // A code or a link goes out once the captcha is solved, and uses it up.
    const sendingBy =
      (send: typeof signIn.sendCode) =>
      async ({ body }: { body: SendBody }, request: FastifyRequest) => {
        const { email, phone, captcha: solved } = body;
        await captcha.check(solved, { consume: true });
        return send({ email, phone, ip: request.ip });
      };

    routeCalls(app, { tags }, authCalls, {
      captcha: {
        summary: 'A captcha challenge (ALTCHA v1)',
        handle: async (_input, _request, reply) => {
          reply.header('cache-control', 'no-store');
          return captcha.challenge();
        },
      },
      validateUserDetails: {
        summary: 'Checks the captcha before a code or link is asked for',
        handle: async ({ body }) => {
          await captcha.check(body.reCaptchaResponse, { consume: false });
          return { ok: true as const };
        },
      },
      sendSms: {
        summary: 'Sends a 6-digit sign-in code by SMS',
        handle: sendingBy((to) => signIn.sendCode(to)),
      },
      sendEmail: {
        summary: 'Sends a sign-in link by e-mail',
        handle: sendingBy((to) => signIn.sendLink(to)),
      },
      verifySms: {
        summary: 'Signs in with the SMS code',
        handle: async ({ body }, request, reply) =>
          startSession(request, reply, await signIn.verifyCode(body), body.keepLoggedIn),
      },
      verifyEmail: {
        summary: 'Signs in with the code of an e-mail link',
        handle: async ({ body }, request, reply) =>
          startSession(request, reply, await signIn.verifyLink(body), body.keepLoggedIn),
      },
    });

    routeCalls(app, { tags }, sessionCalls, {
      refresh: {
        summary: 'A new access token from the session cookie; the cookie rotates',
        handle: async (_input, request, reply) => {
          try {
            return sendTokens(request, reply, await sessions.refresh(readSessionCookie(request)));
          } catch (error) {
            // A database out of reach says nothing of the session: it is kept for the next try.
            if (!isDatabaseUnreachable(error)) clearSessionCookie(request, reply);
            throw error;
          }
        },
      },
      logout: {
        summary: 'Ends the session',
        handle: async (_input, request, reply) => {
          const token = request.headers['sa-regid'];
          await sessions.endByAccessToken(typeof token === 'string' ? token : undefined);
          await sessions.endByRefreshToken(readSessionCookie(request));
          clearSessionCookie(request, reply);
          return { ok: true as const };
        },
      },
    });
  },
);
