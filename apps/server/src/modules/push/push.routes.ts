import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadVapidKeys } from '@/delivery/vapid-keys';
import { authOf } from '@/plugins/auth';
import { deleteOwnPushSubscription, upsertPushSubscription } from './push.repository';
import {
  SubscribeBody,
  SubscribeResponse,
  UnsubscribeBody,
  UnsubscribeResponse,
  VapidPublicKeyResponse,
} from './push.schemas';

/** Web push: the key browsers subscribe with, and the service worker's (un)subscribe calls. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['push'];
  const db = app.database.db;
  app.get(
    '/api/push/vapid-public-key',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The VAPID public key browsers subscribe with',
        response: { 200: VapidPublicKeyResponse },
      },
    },
    async () => ({ publicKey: (await loadVapidKeys(db)).publicKey }),
  );

  app.post(
    '/api/push/subscribe',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "Registers this browser's push subscription for the signed-in user",
        body: SubscribeBody,
        response: { 200: SubscribeResponse },
      },
    },
    async (request) => {
      const userAgent = request.headers['user-agent'] ?? null;
      await upsertPushSubscription(db, authOf(request).user.id, request.body, userAgent);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/push/unsubscribe',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "Removes this browser's push subscription of the signed-in user",
        body: UnsubscribeBody,
        response: { 200: UnsubscribeResponse },
      },
    },
    async (request) => ({
      ok: true as const,
      removed: await deleteOwnPushSubscription(db, authOf(request).user.id, request.body.endpoint),
    }),
  );
};
