import { notificationCalls as calls } from '@smt/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeCall } from '@/lib/route-call';
import { authOf } from '@/plugins/auth';
import { audienceOf } from './notification-list.audience';
import { csvFileName, notificationsCsv } from './notification-list.csv';
import {
  allListRows,
  criteriaOf,
  listNotifications,
  unreadCounters,
} from './notification-list.service';

/** The notification lists of SPEC §7.1: a page, the whole list as CSV, the unread counters. */
export const notificationListRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['notifications'];
  const db = app.database.db;

  routeCall(
    app,
    calls.list,
    { tags, summary: "A page of the caller's notifications, newest first" },
    async ({ body }, request) => listNotifications(db, authOf(request), body),
  );

  routeCall(
    app,
    calls.listCsv,
    { tags, summary: 'Every notification of a list, as a CSV file', produces: ['text/csv'] },
    async ({ body }, request, reply) => {
      const criteria = criteriaOf(body);
      const audience = await audienceOf(db, authOf(request), body);
      const csv = notificationsCsv(allListRows(db, audience, criteria), (error) =>
        request.log.error({ err: error }, 'notification CSV failed while streaming'),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName(app.clock.now())}"`)
        .send(csv);
    },
  );

  routeCall(
    app,
    calls.unreadCounters,
    { tags, summary: "Unread notifications per bucket and group, and the caller's newest id" },
    async ({ body }, request) => unreadCounters(db, authOf(request), body),
  );
};
