import { APP_BASE_PATH, notificationCalls as calls, PublicShareParams, ROUTES } from '@smt/shared';
import type { FastifyReply } from 'fastify';
import { DomainError } from '@/lib/domain-error';
import { routeCalls } from '@/lib/route-call';
import { authOf } from '@/plugins/auth';
import { errorPage, expiredPage, notificationPage } from './share.page';
import { routesUsing } from '@/routes-using';

// The page has no script and loads nothing: the policy says so, tighter than the SPA's.
const PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'none'",
  // The page's own <style> and any style attribute the agency's design keeps.
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

function sendPage(reply: FastifyReply, status: number, html: string) {
  return (
    reply
      .code(status)
      // The traveller's booking: no cache keeps a copy of it.
      .header('cache-control', 'no-store')
      .header('content-security-policy', PAGE_POLICY)
      .type('text/html; charset=utf-8')
      .send(html)
  );
}

/** Sharing a notification by a signed public link (SPEC §2.12, §3 Share data). */
export const shareRoutes = routesUsing(['share'], async (app, { share }) => {
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

  // The traveller's page itself, as finished HTML (SPEC §2.12; docs/decisions/078): answered here
  // before the SPA's catch-all, with the JSON call's statuses: 200, or 404 for a link that is
  // wrong, old or withdrawn. A malformed link is as wrong as a tampered one.
  app.get(
    `${APP_BASE_PATH}${ROUTES.share.path}`,
    { schema: { hide: true } },
    async (request, reply) => {
      const link = PublicShareParams.safeParse(request.params);
      if (!link.success) return sendPage(reply, 404, expiredPage());
      try {
        const { responseData, designProperties } = await share.openPage(link.data);
        return await sendPage(reply, 200, notificationPage(responseData, designProperties));
      } catch (error) {
        if (error instanceof DomainError && error.reason === 'share.link-expired') {
          return sendPage(reply, 404, expiredPage());
        }
        request.log.error({ err: error }, 'the share page could not be made');
        return sendPage(reply, 500, errorPage(request.url));
      }
    },
  );
});
