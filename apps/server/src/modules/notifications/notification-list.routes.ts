import { notificationCalls as calls } from '@smt/shared';
import { CSV_TYPE, sendAttachment } from '@/lib/attachment';
import { routeCalls } from '@/lib/route-call';
import { authOf } from '@/plugins/auth';
import { csvFileName, notificationsCsv } from './notification-list.csv';
import { routesUsing } from '@/routes-using';

/** The notification lists of SPEC §7.1: a page, the whole list as CSV, the unread counters. */
export const notificationListRoutes = routesUsing(
  ['notificationList', 'clock'],
  async (app, { notificationList, clock }) => {
    routeCalls(app, { tags: ['notifications'] }, calls, {
      list: {
        summary: "A page of the caller's notifications, newest first",
        handle: async ({ body }, request) => notificationList.list(authOf(request), body),
      },
      listCsv: {
        summary: 'Every notification of a list, as a CSV file',
        produces: ['text/csv'],
        handle: async ({ body }, request, reply) => {
          const rows = await notificationList.allRows(authOf(request), body);
          return sendAttachment(reply, {
            type: CSV_TYPE,
            filename: csvFileName(clock.now()),
            body: notificationsCsv(rows, (error) =>
              request.log.error({ err: error }, 'notification CSV failed while streaming'),
            ),
          });
        },
      },
      unreadCounters: {
        summary: "Unread notifications per bucket and group, and the caller's newest id",
        handle: async ({ body }, request) => notificationList.unreadCounters(authOf(request), body),
      },
    });
  },
);
