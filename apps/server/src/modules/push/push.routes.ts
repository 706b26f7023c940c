import { pushCalls as calls } from '@smt/shared';
import { routeCalls } from '@/lib/route-call';
import { authOf } from '@/plugins/auth';
import { routesUsing } from '@/routes-using';

/** Web push: the key browsers subscribe with, and the service worker's (un)subscribe calls. */
export const pushRoutes = routesUsing(['pushSubscriptions'], async (app, { pushSubscriptions }) => {
  routeCalls(app, { tags: ['push'] }, calls, {
    vapidPublicKey: {
      summary: 'The VAPID public key browsers subscribe with',
      handle: async () => ({ publicKey: await pushSubscriptions.publicKey() }),
    },
    subscribe: {
      summary: "Registers this browser's push subscription for the signed-in user",
      handle: async ({ body }, request) => {
        const userAgent = request.headers['user-agent'] ?? null;
        await pushSubscriptions.subscribe(authOf(request).user.id, body, userAgent);
        return { ok: true as const };
      },
    },
    unsubscribe: {
      summary: "Removes this browser's push subscription of the signed-in user",
      handle: async ({ body }, request) => ({
        ok: true as const,
        removed: await pushSubscriptions.unsubscribe(authOf(request).user.id, body.endpoint),
      }),
    },
  });
});
