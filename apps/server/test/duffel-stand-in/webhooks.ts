import { signDuffelWebhook } from '@/gds/duffel/webhook-signature';

// Webhook deliveries as Duffel makes them: a JSON event posted with its signature in
// `X-Duffel-Signature`. The SDK has no type for an event; its fields follow the example of
// Duffel's Ruby client (created_at, data, id, live_mode, object, type).

export type DuffelWebhookEvent = {
  id: string;
  type: string;
  data: { object: unknown; changes?: unknown };
};

export type Delivery = { status: number; body: string };

/**
 * Posts the event to the url, signed with the secret at the time of each delivery; with
 * `duplicate`, delivers the same event twice, as Duffel may (at least once, never exactly once).
 */
export async function sendWebhook(options: {
  url: string;
  secret: string;
  event: DuffelWebhookEvent;
  duplicate?: boolean;
  now?: () => Date;
}): Promise<Delivery[]> {
  const now = options.now ?? (() => new Date());
  const body = JSON.stringify({
    ...options.event,
    created_at: now().toISOString(),
    live_mode: false,
    object: options.event.type.split('.')[0],
  });
  const deliveries: Delivery[] = [];
  for (let count = options.duplicate ? 2 : 1; count > 0; count -= 1) {
    const response = await fetch(options.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Duffel/webhooks',
        'x-duffel-signature': signDuffelWebhook(
          options.secret,
          body,
          Math.floor(now().getTime() / 1000),
        ),
      },
      body,
    });
    deliveries.push({ status: response.status, body: await response.text() });
  }
  return deliveries;
}
