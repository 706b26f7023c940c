import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IssuedTokens } from './session.service';

export const SESSION_COOKIE = 'smt_session';
// API calls only: sign-out (/api/logout) must see it as well as the /api/auth calls.
const COOKIE_PATH = '/api';

export function readSessionCookie(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE];
}

/** Sends the tokens: the access token in the body, the refresh token as an httpOnly cookie. */
export function sendTokens(request: FastifyRequest, reply: FastifyReply, tokens: IssuedTokens) {
  if (tokens.refreshToken !== null) {
    reply.setCookie(SESSION_COOKIE, tokens.refreshToken, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: request.protocol === 'https',
      ...(tokens.cookieMaxAgeSeconds === null ? {} : { maxAge: tokens.cookieMaxAgeSeconds }),
    });
  }
  return { accessToken: tokens.accessToken, expiresAt: tokens.expiresAt.toISOString() };
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
  });
}
