import {
  NOTIFICATION_CALLS,
  NotificationCsvRequest,
  NotificationListRequest,
  NotificationListResponse,
  ROUTES,
  UnreadCountersRequest,
  UnreadCountersResponse,
} from '@smt/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
  const config = { access: ROUTES.notifications };

  app.post(
    `/api/${NOTIFICATION_CALLS.list}`,
    {
      config,
      schema: {
        tags,
        summary: "A page of the caller's notifications, newest first",
        body: NotificationListRequest,
        response: { 200: NotificationListResponse },
      },
    },
    async (request) => listNotifications(db, authOf(request), request.body),
  );

  app.post(
    `/api/${NOTIFICATION_CALLS.listCsv}`,
    {
      config,
      schema: {
        tags,
        summary: 'Every notification of a list, as a CSV file',
        body: NotificationCsvRequest,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const criteria = criteriaOf(request.body);
      const audience = await audienceOf(db, authOf(request), request.body);
      const csv = notificationsCsv(allListRows(db, audience, criteria), (error) =>
        request.log.error({ err: error }, 'notification CSV failed while streaming'),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName(app.clock.now())}"`)
        .send(csv);
    },
  );

  app.post(
    `/api/${NOTIFICATION_CALLS.unreadCounters}`,
    {
      config,
      schema: {
        tags,
        summary: "Unread notifications per bucket and group, and the caller's newest id",
        body: UnreadCountersRequest,
        response: { 200: UnreadCountersResponse },
      },
    },
    async (request) => unreadCounters(db, authOf(request), request.body),
  );
};
