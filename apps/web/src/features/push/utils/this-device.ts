import {
  getVapidPublicKey,
  registerPushSubscription,
  unregisterPushSubscription,
} from '@/features/push/api/push-calls';
import { isRefusedFor } from '@/lib/api-client';
import {
  isPushSupported,
  keyBytes,
  SERVICE_WORKER_URL,
  serviceWorkerRegistration,
} from '@/features/push/utils/push-browser';

export type PushState = 'unsupported' | 'blocked' | 'off' | 'on';

/** This browser's push subscription, without registering anything when there is none. */
async function existingSubscription(): Promise<PushSubscription | null> {
  if (!isPushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function pushStateOfThisDevice(): Promise<PushState> {
  if (!isPushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  return (await existingSubscription()) ? 'on' : 'off';
}

/** The server refuses an endpoint another account of this browser registered. */
const isAnotherAccounts = (error: unknown) => isRefusedFor(error, 'push.endpoint-taken');

/** Asks for permission, subscribes this browser and tells the server; answers the new state. */
export async function turnPushOn(): Promise<PushState> {
  if (!isPushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const [registration, publicKey] = await Promise.all([
    serviceWorkerRegistration(),
    getVapidPublicKey(),
  ]);
  const subscribe = () =>
    registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    });
  const subscription = await subscribe();
  try {
    await registerPushSubscription(subscription.toJSON());
  } catch (error) {
    if (!isAnotherAccounts(error)) throw error;
    // Another account of this browser holds that subscription, and the server never moves one
    // between accounts: it is let go (its pushes stop) and a new one is made for this account.
    await subscription.unsubscribe();
    await registerPushSubscription((await subscribe()).toJSON());
  }
  return 'on';
}

/** The server forgets this browser first, so no push is sent to a subscription that is gone. */
export async function turnPushOff(): Promise<PushState> {
  const subscription = await existingSubscription();
  if (subscription) {
    await unregisterPushSubscription(subscription.endpoint);
    await subscription.unsubscribe();
  }
  return isPushSupported() ? 'off' : 'unsupported';
}

/**
 * A browser that kept its subscription from an earlier session: the server is told again, which
 * carries over a subscription the browser renewed. When another account made it (a shared
 * computer), the server refuses to move it, and the browser lets it go, so that account's
 * pushes stop appearing here; whoever is signed in now turns push on for themselves.
 */
export async function confirmPushOfThisDevice(): Promise<void> {
  if (!isPushSupported() || Notification.permission !== 'granted') return;
  const subscription = await existingSubscription();
  if (!subscription) return;
  try {
    await registerPushSubscription(subscription.toJSON());
  } catch (error) {
    if (!isAnotherAccounts(error)) throw error;
    await subscription.unsubscribe();
  }
}
