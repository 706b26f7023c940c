import { pushMessages as messages, type PushSubscribeBody } from '@smt/shared';
import type { Db } from '@/db/client';
import { loadVapidKeys } from '@/delivery/vapid-keys';
import { OutgoingRefused, type OutgoingGuard } from '@/lib/outgoing-address';
import { fail } from './push.errors';
import * as repo from './push.repository';

// The rules of a browser's push subscription (docs/decisions/053): its endpoint is an address
// the workers will POST to, so it is a browser's push service or passes the outgoing guard; a
// user keeps a handful; an endpoint stays with the user who first gave it.

/**
 * How many browsers one user gets push on. Past it the browser not seen for longest goes: a
 * browser reset or thrown away never says goodbye, and refusing the newest would leave its
 * owner without push on the one they use now.
 */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 10;

/**
 * The push services browsers subscribe with, on https's own port: FCM (Chrome, Edge on Android,
 * Opera, Samsung Internet and other Chromium browsers; `android.googleapis.com` for older
 * Chrome), Mozilla's autopush (Firefox), Apple's (Safari) and Microsoft's WNS (Edge on Windows).
 */
const BROWSER_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
];
const BROWSER_PUSH_HOST_SUFFIXES = ['.notify.windows.com'];

export function isBrowserPushService(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.port !== '' || url.username || url.password) return false;
  return (
    BROWSER_PUSH_HOSTS.includes(url.hostname) ||
    BROWSER_PUSH_HOST_SUFFIXES.some((suffix) => url.hostname.endsWith(suffix))
  );
}

export function createPushSubscriptions(deps: { db: Db; outgoing: Pick<OutgoingGuard, 'check'> }) {
  const { db, outgoing } = deps;

  return {
    /** The VAPID public key browsers subscribe with. */
    publicKey: async () => (await loadVapidKeys(db)).publicKey,

    /** Keeps this browser's subscription for the user, or refuses it with nothing stored. */
    async subscribe(
      userId: number,
      subscription: PushSubscribeBody,
      userAgent: string | null,
    ): Promise<void> {
      if (!isBrowserPushService(subscription.endpoint)) {
        try {
          await outgoing.check(subscription.endpoint);
        } catch (error) {
          if (!(error instanceof OutgoingRefused)) throw error;
          // The same words whatever the reason: what a name resolves to inside the site's
          // network is not told to whoever asks.
          throw fail('push.endpoint-refused', messages.endpointRefused, {
            endpoint: messages.endpointRefused,
          });
        }
      }
      const kept = await repo.keepPushSubscription(
        db,
        userId,
        subscription,
        userAgent,
        MAX_PUSH_SUBSCRIPTIONS_PER_USER,
      );
      if (!kept) throw fail('push.endpoint-taken', messages.endpointTaken);
    },

    /** Removes the user's own subscription; answers whether there was one. */
    unsubscribe: (userId: number, endpoint: string) =>
      repo.deleteOwnPushSubscription(db, userId, endpoint),
  };
}
