import { duffelWebhookCall } from '@smt/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isGenuineDuffelWebhook } from '@/gds/duffel/webhook-signature';
import { routeCall } from '@/lib/route-call';
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

/**
 * Duffel's webhooks for one connection: signed with its secret, at least once and in any
 * order. An event only makes its booking due for a check, which reads the order afresh, so
 * order of arrival cannot matter; a redelivered event id changes nothing. An order not yet
 * watched is found by the connection's periodic catch-up.
 */
export const duffelWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sealingKey } = app;
  const db = app.database.db;
  // The signature covers the body's bytes as sent: they are checked before any parsing.
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 256 * 1024 },
    (_request, body, done) => done(null, body),
  );

  routeCall(
    app,
    duffelWebhookCall,
    {
      tags: ['connections'],
      summary: "Duffel's webhook deliveries for a connection (signed with its secret)",
    },
    async ({ params, body }, request) => {
      const connection = await findDuffelConnection(db, params.connectionId);
      const secret =
        connection?.sealedWebhookSecret &&
        openSecret(sealingKey, connection.sealedWebhookSecret, `agency:${connection.agencyId}`);
      const now = app.clock.now();
      const genuine =
        connection &&
        secret &&
        isGenuineDuffelWebhook(
          secret,
          body,
          request.headers['x-duffel-signature']?.toString(),
          Math.floor(now.getTime() / 1000),
        );
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
      request.log.info(
        { connectionId: connection.id, eventId: event.id, type: event.type, fresh },
        'duffel webhook',
      );
      return { ok: true as const };
    },
  );
};

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
