import {
  SendSignInBody,
  SendSignInResponse,
  TokenResponse,
  ValidateUserDetailsBody,
  VerifyCodeBody,
  VerifyLinkBody,
} from '@smt/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isDatabaseUnreachable } from '@/db/database-unreachable';
import type { UserRow } from '@/modules/users';
import { z } from 'zod';
import { clearSessionCookie, readSessionCookie, sendTokens } from './session-cookie';

const Ok = z.object({ ok: z.literal(true) });
const Challenge = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number().optional(),
  salt: z.string(),
  signature: z.string(),
});

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

  app.get(
    '/api/auth/captcha',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'A captcha challenge (ALTCHA v1)', response: { 200: Challenge } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.captcha.challenge();
    },
  );

  app.post(
    '/api/validateUserDetails',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Checks the captcha before a code or link is asked for',
        body: ValidateUserDetailsBody,
        response: { 200: Ok },
      },
    },
    async (request) => {
      await app.captcha.check(request.body.reCaptchaResponse, { consume: false });
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/sms/send',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Sends a 6-digit sign-in code by SMS',
        body: SendSignInBody,
        response: { 200: SendSignInResponse },
      },
    },
    async (request) => {
      const { email, phone, captcha } = request.body;
      await app.captcha.check(captcha, { consume: true });
      return app.signIn.sendCode({ email, phone, ip: request.ip });
    },
  );

  app.post(
    '/api/auth/email/send',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Sends a sign-in link by e-mail',
        body: SendSignInBody,
        response: { 200: SendSignInResponse },
      },
    },
    async (request) => {
      const { email, phone, captcha } = request.body;
      await app.captcha.check(captcha, { consume: true });
      return app.signIn.sendLink({ email, phone, ip: request.ip });
    },
  );

  app.post(
    '/api/auth/sms/verify',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Signs in with the SMS code',
        body: VerifyCodeBody,
        response: { 200: TokenResponse },
      },
    },
    async (request, reply) =>
      startSession(
        request,
        reply,
        await app.signIn.verifyCode(request.body),
        request.body.keepLoggedIn,
      ),
  );

  app.post(
    '/api/auth/email/verify',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Signs in with the code of an e-mail link',
        body: VerifyLinkBody,
        response: { 200: TokenResponse },
      },
    },
    async (request, reply) =>
      startSession(
        request,
        reply,
        await app.signIn.verifyLink(request.body),
        request.body.keepLoggedIn,
      ),
  );

  app.post(
    '/api/auth/refresh',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A new access token from the session cookie; the cookie rotates',
        response: { 200: TokenResponse },
      },
    },
    async (request, reply) => {
      try {
        return sendTokens(request, reply, await app.sessions.refresh(readSessionCookie(request)));
      } catch (error) {
        // A database out of reach says nothing of the session: it is kept for the next try.
        if (!isDatabaseUnreachable(error)) clearSessionCookie(request, reply);
        throw error;
      }
    },
  );

  app.get(
    '/api/logout',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Ends the session', response: { 200: Ok } },
    },
    async (request, reply) => {
      const token = request.headers['sa-regid'];
      await app.sessions.endByAccessToken(typeof token === 'string' ? token : undefined);
      await app.sessions.endByRefreshToken(readSessionCookie(request));
      clearSessionCookie(request, reply);
      return { ok: true as const };
    },
  );
};
