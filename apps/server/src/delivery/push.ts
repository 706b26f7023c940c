import webpush from 'web-push';
import type { Env } from '@/config/env';
import type { Db } from '@/db/client';
import { loadVapidKeys, type VapidKeys } from './vapid-keys';
import type { PushPayload } from './message';

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** 'gone' when the push service says the subscription no longer exists (404 or 410). */
export type PushOutcome = 'sent' | 'gone';

export type PushSender = {
  send: (target: PushTarget, payload: PushPayload) => Promise<PushOutcome>;
};

const TTL_SECONDS = 24 * 60 * 60;

export function createPushSender(deps: { env: Env; db: Db }): PushSender {
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
      // web-push encrypts and signs; the request goes out by fetch, which speaks plain HTTP
      // too (web-push's own sender is HTTPS only).
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
        Object.entries(request.headers)
          .filter(([name]) => name.toLowerCase() !== 'content-length')
          .map(([name, value]) => [name, String(value)]),
      );
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers,
        body: new Uint8Array(request.body),
        signal: AbortSignal.timeout(10_000),
      });
      await response.body?.cancel();
      if (response.status === 404 || response.status === 410) return 'gone';
      if (!response.ok) throw new Error(`push service answered ${response.status}`);
      return 'sent';
    },
  };
}
