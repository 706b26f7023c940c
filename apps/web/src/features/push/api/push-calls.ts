import { z } from 'zod';
import { api } from '@/lib/api-client';

const VapidPublicKey = z.object({ publicKey: z.string().min(1) });

/** The key the server signs its pushes with; browsers subscribe against it. */
export async function getVapidPublicKey(): Promise<string> {
  return (await api.get('push/vapid-public-key', { schema: VapidPublicKey })).publicKey;
}

/** Tells the server where to push to for the signed-in user: the browser's subscription. */
export async function registerPushSubscription(subscription: PushSubscriptionJSON) {
  await api.postJson('push/subscribe', subscription);
}

export async function unregisterPushSubscription(endpoint: string) {
  await api.postJson('push/unsubscribe', { endpoint });
}
