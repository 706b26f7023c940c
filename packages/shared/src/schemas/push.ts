import { z } from 'zod';

// Web push (its calls: calls/push-calls.ts): the key browsers subscribe with, and the
// subscription a browser hands over.

/** What the push calls answer when they refuse (the server's rules: docs/decisions/053). */
export const pushMessages = {
  endpointRefused:
    "This browser's push service is not one this server sends to: push cannot be turned on here",
  endpointTaken:
    "This browser's push subscription belongs to another account: turn push off and on again",
} as const;

const Endpoint = z.url({ protocol: /^https?$/ }).max(2048);
const Key = z
  .string()
  .min(1)
  .max(512)
  .regex(/^[\w-]+=*$/, 'must be base64url');

/** A form sends the subscription's keys flat, as `keys.p256dh` or `keys[p256dh]`. */
const nestKeys = (body: unknown) => {
  if (typeof body !== 'object' || body === null || 'keys' in body) return body;
  const flat = body as Record<string, unknown>;
  return {
    ...flat,
    keys: {
      p256dh: flat['keys.p256dh'] ?? flat['keys[p256dh]'],
      auth: flat['keys.auth'] ?? flat['keys[auth]'],
    },
  };
};

/** What the SPA's service worker hands over: the browser's PushSubscription as JSON. */
export const PushSubscribeBody = z.preprocess(
  nestKeys,
  z.object({ endpoint: Endpoint, keys: z.object({ p256dh: Key, auth: Key }) }),
);
export type PushSubscribeBody = z.infer<typeof PushSubscribeBody>;

export const PushUnsubscribeBody = z.object({ endpoint: Endpoint });

export const VapidPublicKeyResponse = z.object({ publicKey: z.string() });
export const PushSubscribeResponse = z.object({ ok: z.literal(true) });
export const PushUnsubscribeResponse = z.object({ ok: z.literal(true), removed: z.boolean() });
