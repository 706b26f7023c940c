import { createHmac } from 'node:crypto';
import { safeEqual } from '@/lib/secrets';

// An access token names its session and its expiry and is signed by the server:
// `<session id>.<expiry in epoch seconds>.<signature>`. Checking one costs a hash and the
// session's row, so a revoked session stops its tokens at once.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function sign(secret: string, body: string): string {
  return createHmac('sha256', `access:${secret}`).update(body).digest('base64url');
}

export function issueAccessToken(secret: string, sessionId: string, expiresAt: Date): string {
  const body = `${sessionId}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${body}.${sign(secret, body)}`;
}

/** The session a token names, or null when it is malformed, forged or expired. */
export function readAccessToken(secret: string, token: string, now: Date): string | null {
  const [sessionId, expiry, signature, ...rest] = token.split('.');
  if (!sessionId || !expiry || !signature || rest.length > 0) return null;
  if (!UUID.test(sessionId) || !/^\d{1,12}$/.test(expiry)) return null;
  if (!safeEqual(signature, sign(secret, `${sessionId}.${expiry}`))) return null;
  if (Number(expiry) * 1000 <= now.getTime()) return null;
  return sessionId;
}
