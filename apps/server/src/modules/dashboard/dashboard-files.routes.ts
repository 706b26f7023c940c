import { dashboardCalls as calls, utcDayOf } from '@smt/shared';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formulaSafe } from '@/lib/csv-cell';
import { routeCall } from '@/lib/route-call';
import { allInScope } from '@/modules/notifications';
import { xlsxOf, type Sheet } from '@/lib/xlsx-sheet';
import { authOf } from '@/plugins/auth';
import {
  ADM_COLUMNS,
  COMPLETED_COLUMNS,
  completedRows,
  notificationSheet,
  savingSheet,
} from './dashboard-sheets';
import { fail } from './dashboard.errors';
import { admPerAirline, completedVsTotal } from './dashboard.service';
import { monthlySheet } from './monthly-sheets';
import {
  SUBSCRIPTION_REPORT_COLUMNS,
  subscriptionCsvRecord,
  subscriptionReport,
} from './subscription-report';

/** 'PendingVsCompleted' → 'pending-vs-completed'. */
const kebab = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function sendCsv(
  reply: FastifyReply,
  filename: string,
  columns: { key: string; header: string }[],
  rows: Record<string, unknown>[],
) {
  const csv = stringify(rows, { header: true, columns, cast: { string: formulaSafe } });
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(csv);
}

async function sendXlsx(reply: FastifyReply, filename: string, sheet: Sheet) {
  return reply
    .type(XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(await xlsxOf(sheet));
}

/** The dashboard's downloads (SPEC §7.3): the subscription report, and each chart's file. */
export const dashboardFilesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['dashboard'];

  routeCall(
    app,
    calls.agentSubscriptionsCsv,
    {
      tags,
      summary: 'Which agent gets which process by e-mail and by push, as a CSV file',
      description:
        'One row per agent in scope (or of the agencies named) and process: EMAIL and PUSH ' +
        "are Yes when a subscription of the agent's branch, or of the agent, delivers it.",
      produces: ['text/csv'],
    },
    async ({ query }, request, reply) => {
      const { scope } = authOf(request);
      const agencyIds = query.agencies;
      if (!(await allInScope(db, scope, { agencyIds, branchIds: [], agentIds: [] }))) {
        throw fail('dashboard.agency-outside', 'You may not see the subscriptions of that agency.');
      }
      const rows = await subscriptionReport(db, scope, agencyIds);
      return sendCsv(
        reply,
        `agent-subscriptions-${utcDayOf(app.clock.now())}.csv`,
        [...SUBSCRIPTION_REPORT_COLUMNS],
        rows.map(subscriptionCsvRecord),
      );
    },
  );

  routeCall(
    app,
    calls.completedVsTotalCsv,
    {
      tags,
      summary: 'The Pending vs Completed figures as a CSV file',
      description: 'The rows of completed-vs-total-notifications, pending = total − completed.',
      produces: ['text/csv'],
    },
    async ({ query }, request, reply) => {
      const now = app.clock.now();
      const { entries, currencies } = await completedVsTotal(db, authOf(request), query, now);
      return sendCsv(
        reply,
        `pending-vs-completed-${utcDayOf(now)}.csv`,
        COMPLETED_COLUMNS(currencies),
        completedRows(entries),
      );
    },
  );

  routeCall(
    app,
    calls.admPerAirlineCsv,
    {
      tags,
      summary: 'ADM notifications per airline as a CSV file',
      description: 'The rows of adm-per-airline for the same filter and notifType.',
      produces: ['text/csv'],
    },
    async ({ query: asked }, request, reply) => {
      const now = app.clock.now();
      const { notifType, ...query } = asked;
      const { items } = await admPerAirline(db, authOf(request), query, notifType, now);
      return sendCsv(reply, `adm-per-airline-${utcDayOf(now)}.csv`, ADM_COLUMNS, items);
    },
  );

  routeCall(
    app,
    calls.savingXls,
    {
      tags,
      summary: "A saving chart's figures as an XLSX file",
      description:
        'report names the chart; the sheet holds its rows, typed, under a title naming the filter.',
      produces: [XLSX_TYPE],
    },
    async ({ query: asked }, request, reply) => {
      const now = app.clock.now();
      const { report, ...query } = asked;
      const sheet = await savingSheet(report, { db, caller: authOf(request), query, now });
      return sendXlsx(reply, `${kebab(report)}-${utcDayOf(now)}.xlsx`, sheet);
    },
  );

  routeCall(
    app,
    calls.notificationsXls,
    {
      tags,
      summary: "A notification chart's figures as an XLSX file",
      description:
        'report names the chart (notifType for the ADM one); the sheet holds its rows, typed.',
      produces: [XLSX_TYPE],
    },
    async ({ query: asked }, request, reply) => {
      const now = app.clock.now();
      const { report, notifType, ...query } = asked;
      const sheet = await notificationSheet(report, {
        db,
        caller: authOf(request),
        query,
        now,
        kind: notifType,
      });
      return sendXlsx(reply, `${kebab(report)}-${utcDayOf(now)}.xlsx`, sheet);
    },
  );

  routeCall(
    app,
    calls.monthlyXls,
    {
      tags,
      summary: "A monthly overview chart's figures as an XLSX file",
      description:
        'report names the chart of notification-monthly-stat; its window of departure ' +
        'months is the same, only the scope of the filter applies. Amounts are per currency.',
      produces: [XLSX_TYPE],
    },
    async ({ query: asked }, request, reply) => {
      const now = app.clock.now();
      const { report, ...query } = asked;
      const sheet = await monthlySheet(report, { db, caller: authOf(request), query, now });
      return sendXlsx(reply, `monthly-${kebab(report)}-${utcDayOf(now)}.xlsx`, sheet);
    },
  );
};
