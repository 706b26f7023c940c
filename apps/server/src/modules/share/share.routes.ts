import { notificationCalls as calls } from '@smt/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicUrlOf } from '@/config/env';
import { routeCall } from '@/lib/route-call';
import { loadServerSecret } from '@/modules/auth/server-secret';
import { authOf } from '@/plugins/auth';
import { createShareLinks } from './share-link';
import { createShareService } from './share.service';

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

  routeCall(
    app,
    calls.share,
    { tags, summary: 'A public link to the notification and the words to send it with' },
    async ({ body }, request) => share.shareData(authOf(request).scope, body.notification_id),
  );

  routeCall(
    app,
    calls.publicShare,
    { tags, summary: 'What a shared link shows, without signing in; 404 once it has expired' },
    async ({ params }, _request, reply) => {
      // The traveller's booking: no cache keeps a copy of it.
      reply.header('cache-control', 'no-store');
      return share.openLink(params);
    },
  );
};
