import { pushCalls } from '@smt/shared';
import { api } from '@/lib/api-client';

/** The key the server signs its pushes with; browsers subscribe against it. */
export async function getVapidPublicKey(): Promise<string> {
  return (await api.call(pushCalls.vapidPublicKey, {})).publicKey;
}

/** Tells the server where to push to for the signed-in user: the browser's subscription. */
export async function registerPushSubscription(subscription: PushSubscriptionJSON) {
  await api.call(pushCalls.subscribe, { body: subscription });
}

export async function unregisterPushSubscription(endpoint: string) {
  await api.call(pushCalls.unsubscribe, { body: { endpoint } });
}
