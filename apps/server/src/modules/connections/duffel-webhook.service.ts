import { z } from 'zod';
import type { Db } from '@/db/client';
import { isGenuineDuffelWebhook } from '@/gds/duffel/webhook-signature';
import type { Clock } from '@/lib/clock';
import { openSecret } from '@/lib/sealed-secret';
import { fail } from './connections.errors';
import { findDuffelConnection, markOrderDue, takeEvent } from './duffel-webhook.repository';

// Duffel's event envelope (duffel.com/docs/api/webhooks): only what routing an event needs.
const DuffelEvent = z.object({
  id: z.string().min(1).max(100),
  type: z.string().min(1).max(100),
  data: z.object({ object: z.record(z.string(), z.unknown()).nullish() }).nullish(),
});

/** The order an event is about: the order itself, or an object that names it. */
function orderIdOf(event: z.infer<typeof DuffelEvent>): string | null {
  const object = event.data?.object;
  if (!object) return null;
  const named = object.order_id;
  if (typeof named === 'string') return named;
  return typeof object.id === 'string' && object.id.startsWith('ord_') ? object.id : null;
}

const refused = () =>
  fail('connections.webhook-not-genuine', 'The webhook signature does not match');

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** An event taken, as the log tells it: `fresh` is false for a redelivery. */
type DuffelDelivery = { connectionId: number; eventId: string; type: string; fresh: boolean };

/**
 * Duffel's webhooks for one connection: signed with its secret, at least once and in any
 * order. An event only makes its booking due for a check, which reads the order afresh, so
 * order of arrival cannot matter; a redelivered event id changes nothing. An order not yet
 * watched is found by the connection's periodic catch-up.
 */
export function createDuffelWebhook(deps: { db: Db; clock: Clock; sealingKey: Buffer }) {
  const { db, clock, sealingKey } = deps;

  return {
    /** Takes one delivery: the body's bytes as sent, and the signature Duffel sent with them. */
    async take(
      connectionId: number,
      body: string,
      signature: string | undefined,
    ): Promise<DuffelDelivery> {
      const connection = await findDuffelConnection(db, connectionId);
      const secret =
        connection?.sealedWebhookSecret &&
        openSecret(sealingKey, connection.sealedWebhookSecret, `agency:${connection.agencyId}`);
      const now = clock.now();
      const genuine =
        connection &&
        secret &&
        isGenuineDuffelWebhook(secret, body, signature, Math.floor(now.getTime() / 1000));
      // One answer for an unknown connection and a bad signature: ids are not probed.
      if (!connection || !genuine) throw refused();
      const parsed = DuffelEvent.safeParse(safeJson(body));
      if (!parsed.success)
        throw fail('connections.webhook-not-duffel-event', 'The event is not a Duffel event');
      const event = parsed.data;
      const fresh = await takeEvent(db, {
        connectionId: connection.id,
        eventId: event.id,
        type: event.type,
      });
      const orderId = orderIdOf(event);
      // Due by the real clock, which claims a real provider's bookings (the engine may run in
      // a process of its own); the server's clock is moved ahead only in local and staging.
      if (fresh && orderId) await markOrderDue(db, connection.id, orderId, new Date());
      return { connectionId: connection.id, eventId: event.id, type: event.type, fresh };
    },
  };
}
