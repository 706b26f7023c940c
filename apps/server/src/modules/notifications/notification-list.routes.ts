import { notificationCalls as calls } from '@smt/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CSV_TYPE, sendAttachment } from '@/lib/attachment';
import { routeCalls } from '@/lib/route-call';
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
  const db = app.database.db;
  routeCalls(app, { tags: ['notifications'] }, calls, {
    list: {
      summary: "A page of the caller's notifications, newest first",
      handle: async ({ body }, request) =>
        listNotifications(db, authOf(request), body, app.clock.now()),
    },
    listCsv: {
      summary: 'Every notification of a list, as a CSV file',
      produces: ['text/csv'],
      handle: async ({ body }, request, reply) => {
        const criteria = criteriaOf(body);
        const audience = await audienceOf(db, authOf(request), body);
        return sendAttachment(reply, {
          type: CSV_TYPE,
          filename: csvFileName(app.clock.now()),
          body: notificationsCsv(allListRows(db, audience, criteria), (error) =>
            request.log.error({ err: error }, 'notification CSV failed while streaming'),
          ),
        });
      },
    },
    unreadCounters: {
      summary: "Unread notifications per bucket and group, and the caller's newest id",
      handle: async ({ body }, request) => unreadCounters(db, authOf(request), body),
    },
  });
};
