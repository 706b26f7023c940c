import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random token with `bytes` bytes of entropy, URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Keyed hash of a secret: what the database keeps instead of a code or a token. */
export function hashSecret(key: string, secret: string): string {
  return createHmac('sha256', key).update(secret).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
