import { notificationCalls as calls } from '@smt/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeCalls } from '@/lib/route-call';
import { authOf } from '@/plugins/auth';

/** Sharing a notification by a signed public link (SPEC §2.12, §3 Share data). */
export const shareRoutes: FastifyPluginAsyncZod = async (app) => {
  const { share } = app;
  routeCalls(app, { tags: ['share'] }, calls, {
    share: {
      summary: 'A public link to the notification and the words to send it with',
      handle: async ({ body }, request) =>
        share.shareData(authOf(request).scope, body.notification_id),
    },
    publicShare: {
      summary: 'What a shared link shows, without signing in; 404 once it has expired',
      handle: async ({ params }, _request, reply) => {
        // The traveller's booking: no cache keeps a copy of it.
        reply.header('cache-control', 'no-store');
        return share.openLink(params);
      },
    },
  });
};
