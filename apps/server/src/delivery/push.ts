import webpush from 'web-push';
import type { Env } from '@/config/env';
import type { Db } from '@/db/client';
import { OutgoingRefused, type OutgoingGuard } from '@/lib/outgoing-address';
import { loadVapidKeys, type VapidKeys } from './vapid-keys';
import type { PushPayload } from './message';

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/**
 * 'gone' when the push service says the subscription no longer exists (404 or 410);
 * 'refused' when the outgoing guard would not reach its endpoint, so nothing was sent.
 */
export type PushOutcome = 'sent' | 'gone' | 'refused';

export type PushSender = {
  send: (target: PushTarget, payload: PushPayload) => Promise<PushOutcome>;
};

const TTL_SECONDS = 24 * 60 * 60;
/** What a push service answers is never used beyond its status: a little is read, no more. */
const MAX_ANSWER_BYTES = 64 * 1024;

export function createPushSender(deps: { env: Env; db: Db; outgoing: OutgoingGuard }): PushSender {
  let keys: Promise<VapidKeys> | null = null;
  const vapidKeys = () => {
    keys ??= loadVapidKeys(deps.db).catch((error: unknown) => {
      keys = null;
      throw error;
    });
    return keys;
  };

  return {
    async send(target, payload) {
      const { publicKey, privateKey } = await vapidKeys();
      // web-push encrypts and signs; the request goes out through the outgoing guard: the
      // endpoint is an address a person gave (docs/decisions/053).
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: `mailto:${deps.env.SUPPORT_EMAIL}`, publicKey, privateKey },
          TTL: TTL_SECONDS,
          contentEncoding: 'aes128gcm',
        },
      );
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      );
      let status: number;
      try {
        ({ status } = await deps.outgoing.send(
          request.endpoint,
          {
            method: request.method,
            headers,
            body: new Uint8Array(request.body),
            timeoutMs: 10_000,
            maxAnswerBytes: MAX_ANSWER_BYTES,
          },
          'push',
        ));
      } catch (error) {
        if (error instanceof OutgoingRefused) return 'refused';
        throw error;
      }
      if (status === 404 || status === 410) return 'gone';
      // A push service answers 201 (RFC 8030); a redirect is not followed, wherever it points.
      if (status >= 300 && status < 400)
        throw new Error(`push service answered ${status}: redirects are not followed`);
      if (status < 200 || status >= 300) throw new Error(`push service answered ${status}`);
      return 'sent';
    },
  };
}
