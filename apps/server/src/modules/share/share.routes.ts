import {
  NOTIFICATION_CALLS,
  NotificationIdRequest,
  PublicShareResponse,
  ROUTES,
  ShareData,
} from '@smt/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicUrlOf } from '@/config/env';
import { loadServerSecret } from '@/modules/auth/server-secret';
import { authOf } from '@/plugins/auth';
import { createShareLinks } from './share-link';
import { createShareService } from './share.service';

const PublicShareParams = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  timestamp: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  // Any other token is simply not ours: 404 like a tampered one, not 400.
  token: z.string().max(200),
});

/** Sharing a notification by a signed public link (SPEC §2.12, §3 Share data). */
export const shareRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const share = createShareService({
    db,
    clock: app.clock,
    links: createShareLinks(await loadServerSecret(db, app.env)),
    publicUrl: publicUrlOf(app.env),
  });
  const tags = ['share'];

  app.post(
    `/api/${NOTIFICATION_CALLS.share}`,
    {
      config: { access: ROUTES.notificationDetails },
      schema: {
        tags,
        summary: 'A public link to the notification and the words to send it with',
        body: NotificationIdRequest,
        response: { 200: ShareData },
      },
    },
    async (request) => share.shareData(authOf(request).scope, request.body.notification_id),
  );

  app.get(
    `/api/${NOTIFICATION_CALLS.publicShare}/:id/:timestamp/:token`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'What a shared link shows, without signing in; 404 once it has expired',
        params: PublicShareParams,
        response: { 200: PublicShareResponse },
      },
    },
    async (request, reply) => {
      // The traveller's booking: no cache keeps a copy of it.
      reply.header('cache-control', 'no-store');
      return share.openLink(request.params);
    },
  );
};
