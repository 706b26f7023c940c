import { createHmac, timingSafeEqual } from 'node:crypto';

// Duffel signs each webhook as its Ruby client checks it (duffel-api-ruby,
// lib/duffel_api/webhook_event.rb): `X-Duffel-Signature: t=<unix seconds>,v1=<hex>`, the hex
// being the lowercase HMAC-SHA256, keyed with the webhook's secret, of '<t>.<raw body>'.

const HEADER = /^t=(\d{1,15}),v1=([0-9a-f]{64})$/;

const hmacOf = (secret: string, timestamp: string, body: string | Buffer) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest();

/** The `X-Duffel-Signature` header Duffel would send with this body at this time. */
export function signDuffelWebhook(
  secret: string,
  body: string | Buffer,
  timestampSeconds: number,
): string {
  const timestamp = String(Math.floor(timestampSeconds));
  return `t=${timestamp},v1=${hmacOf(secret, timestamp, body).toString('hex')}`;
}

/**
 * Whether the body came from Duffel: signed with the secret, at a time within the tolerance
 * of now either way. The Ruby client checks the signature only; the time check keeps a
 * captured delivery from being replayed later.
 */
export function isGenuineDuffelWebhook(
  secret: string,
  rawBody: string | Buffer,
  header: string | null | undefined,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const match = HEADER.exec(header?.trim() ?? '');
  if (!match) return false;
  const [, timestamp = '', hex = ''] = match;
  if (Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds) return false;
  const expected = hmacOf(secret, timestamp, rawBody);
  const given = Buffer.from(hex, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
