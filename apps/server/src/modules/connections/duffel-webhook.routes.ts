import { duffelWebhookCall } from '@smt/shared';
import { routeCall } from '@/lib/route-call';
import { routesUsing } from '@/routes-using';

/** Duffel's webhook deliveries to a connection, taken as the bytes Duffel signed. */
export const duffelWebhookRoutes = routesUsing(
  ['duffelWebhook'],
  async (app, { duffelWebhook }) => {
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
        const signature = request.headers['x-duffel-signature']?.toString();
        const delivery = await duffelWebhook.take(params.connectionId, body, signature);
        request.log.info(delivery, 'duffel webhook');
        return { ok: true as const };
      },
    );
  },
);
