import { dashboardCalls as calls, utcDayOf } from '@smt/shared';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import { CSV_TYPE, sendAttachment } from '@/lib/attachment';
import { formulaSafe } from '@/lib/csv-cell';
import { routeCalls } from '@/lib/route-call';
import { xlsxOf, type Sheet } from '@/lib/xlsx-sheet';
import { authOf } from '@/plugins/auth';
import { ADM_COLUMNS, COMPLETED_COLUMNS, completedRows } from './dashboard-sheets';
import { SUBSCRIPTION_REPORT_COLUMNS, subscriptionCsvRecord } from './subscription-report';
import { routesUsing } from '@/routes-using';

/** 'PendingVsCompleted' → 'pending-vs-completed'. */
const kebab = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Rows as a CSV file named `<stem>-<day>.csv`, every string cell formula-safe. */
const sendCsv = (
  reply: FastifyReply,
  file: { stem: string; now: Date; columns: { key: string; header: string }[] },
  rows: Record<string, unknown>[],
) =>
  sendAttachment(reply, {
    type: CSV_TYPE,
    filename: `${file.stem}-${utcDayOf(file.now)}.csv`,
    body: stringify(rows, { header: true, columns: file.columns, cast: { string: formulaSafe } }),
  });

/** A chart's sheet as an XLSX file named `<stem>-<day>.xlsx`. */
const sendSheet = async (reply: FastifyReply, stem: string, now: Date, sheet: Promise<Sheet>) =>
  sendAttachment(reply, {
    type: XLSX_TYPE,
    filename: `${stem}-${utcDayOf(now)}.xlsx`,
    body: await xlsxOf(await sheet),
  });

/** The dashboard's downloads (SPEC §7.3): the subscription report, and each chart's file. */
export const dashboardFilesRoutes = routesUsing(
  ['dashboard', 'dashboardFiles', 'clock'],
  async (app, { dashboard, dashboardFiles, clock }) => {
    routeCalls(app, { tags: ['dashboard'] }, calls, {
      agentSubscriptionsCsv: {
        summary: 'Which agent gets which process by e-mail and by push, as a CSV file',
        description:
          'One row per agent in scope (or of the agencies named) and process: EMAIL and PUSH ' +
          "are Yes when a subscription of the agent's branch, or of the agent, delivers it.",
        produces: ['text/csv'],
        handle: async ({ query }, request, reply) => {
          const rows = await dashboardFiles.subscriptions(authOf(request).scope, query.agencies);
          const file = {
            stem: 'agent-subscriptions',
            now: clock.now(),
            columns: [...SUBSCRIPTION_REPORT_COLUMNS],
          };
          return sendCsv(reply, file, rows.map(subscriptionCsvRecord));
        },
      },
      completedVsTotalCsv: {
        summary: 'The Pending vs Completed figures as a CSV file',
        description: 'The rows of completed-vs-total-notifications, pending = total − completed.',
        produces: ['text/csv'],
        handle: async ({ query }, request, reply) => {
          const now = clock.now();
          const caller = authOf(request);
          const { entries, currencyKinds } = await dashboard.completedVsTotal(caller, query, now);
          const columns = COMPLETED_COLUMNS(currencyKinds);
          const file = { stem: 'pending-vs-completed', now, columns };
          return sendCsv(reply, file, completedRows(entries));
        },
      },
      admPerAirlineCsv: {
        summary: 'ADM notifications per airline as a CSV file',
        description: 'The rows of adm-per-airline for the same filter and notifType.',
        produces: ['text/csv'],
        handle: async ({ query: { notifType, ...query } }, request, reply) => {
          const now = clock.now();
          const { items } = await dashboard.admPerAirline(authOf(request), query, notifType, now);
          return sendCsv(reply, { stem: 'adm-per-airline', now, columns: ADM_COLUMNS }, items);
        },
      },
      savingXls: {
        summary: "A saving chart's figures as an XLSX file",
        description:
          'report names the chart; the sheet holds its rows, typed, under a title naming the filter.',
        produces: [XLSX_TYPE],
        handle: async ({ query: { report, ...query } }, request, reply) => {
          const now = clock.now();
          const sheet = dashboardFiles.savingSheet(report, { caller: authOf(request), query, now });
          return sendSheet(reply, kebab(report), now, sheet);
        },
      },
      notificationsXls: {
        summary: "A notification chart's figures as an XLSX file",
        description:
          'report names the chart (notifType for the ADM one); the sheet holds its rows, typed.',
        produces: [XLSX_TYPE],
        handle: async ({ query: { report, notifType: kind, ...query } }, request, reply) => {
          const now = clock.now();
          const caller = authOf(request);
          const sheet = dashboardFiles.notificationSheet(report, { caller, query, now, kind });
          return sendSheet(reply, kebab(report), now, sheet);
        },
      },
      monthlyXls: {
        summary: "A monthly overview chart's figures as an XLSX file",
        description:
          'report names the chart of notification-monthly-stat; its window of departure ' +
          'months is the same, only the scope of the filter applies. Amounts are per currency.',
        produces: [XLSX_TYPE],
        handle: async ({ query: { report, ...query } }, request, reply) => {
          const now = clock.now();
          const sheet = dashboardFiles.monthlySheet(report, {
            caller: authOf(request),
            query,
            now,
          });
          return sendSheet(reply, `monthly-${kebab(report)}`, now, sheet);
        },
      },
    });
  },
);
