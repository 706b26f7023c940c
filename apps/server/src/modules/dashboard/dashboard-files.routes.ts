import { AgentSubscriptionsQuery, DASHBOARD_CALLS, ROUTES } from '@smt/shared';
import { stringify } from 'csv-stringify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formulaSafe } from '@/lib/csv-cell';
import { forbidden } from '@/lib/app-error';
import { allInScope } from '@/modules/notifications/notification-list.repository';
import { authOf } from '@/plugins/auth';
import {
  SUBSCRIPTION_REPORT_COLUMNS,
  subscriptionCsvRecord,
  subscriptionReport,
} from './subscription-report';

const day = (now: Date) => now.toISOString().slice(0, 10);

/** The dashboard's downloads (SPEC §7.3): the subscription report, and each chart's file. */
export const dashboardFilesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['dashboard'];
  const config = { access: ROUTES.dashboard };

  app.get(
    `/api/${DASHBOARD_CALLS.agentSubscriptionsCsv}`,
    {
      config,
      schema: {
        tags,
        summary: 'Which agent gets which process by e-mail and by push, as a CSV file',
        description:
          'One row per agent in scope (or of the agencies named) and process: EMAIL and PUSH ' +
          "are Yes when a subscription of the agent's branch, or of the agent, delivers it.",
        querystring: AgentSubscriptionsQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { scope } = authOf(request);
      const agencyIds = request.query.agencies;
      if (!(await allInScope(db, scope, { agencyIds, branchIds: [], agentIds: [] }))) {
        throw forbidden('You may not see the subscriptions of that agency.');
      }
      const rows = await subscriptionReport(db, scope, agencyIds);
      const csv = stringify(rows.map(subscriptionCsvRecord), {
        header: true,
        columns: [...SUBSCRIPTION_REPORT_COLUMNS],
        cast: { string: formulaSafe },
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="agent-subscriptions-${day(app.clock.now())}.csv"`,
        )
        .send(csv);
    },
  );
};
