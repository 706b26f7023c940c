import { pnrCalls as calls } from '@smt/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isAnswered } from '@/lib/domain-error';
import { routeCall } from '@/lib/route-call';
import { authOf } from '@/plugins/auth';
import { pnrCsvFileName, pnrsCsv } from './pnr-list.csv';
import { checkDateLimits, createPnrList } from './pnr-list.service';
import { pnrDetails } from './pnr-details.service';
import { createPnrTicketing } from './pnr-ticketing.service';
import { fail } from './pnrs.errors';

/** My PNRs (SPEC §7.4): the agent's own bookings, their details, the CSV and ticketing. */
export const pnrsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = {
    db: app.database.db,
    gds: app.gds,
    registry: app.gdsRegistry,
    clock: app.clock,
  };
  const pnrs = createPnrList(deps);
  const sendToTicketing = createPnrTicketing(deps);
  const tags = ['pnrs'];

  routeCall(
    app,
    calls.list,
    {
      tags,
      summary: "A page of the caller's own bookings, filtered and sorted",
      description:
        'Bookings on the page that the engine has not checked for 15 minutes of GDS time are ' +
        'checked again at once: they answer updateWillAvailable and a syncJobId for pnrUpdates.',
    },
    async ({ body }, request) => pnrs.list(authOf(request), body),
  );

  routeCall(
    app,
    calls.updates,
    { tags, summary: 'The bookings of one refresh as they are now' },
    async ({ body }, request) => pnrs.updates(authOf(request), body.syncJobId),
  );

  routeCall(
    app,
    calls.details,
    {
      tags,
      summary: "One of the caller's bookings: passengers, contact, flights, hotels and cars",
    },
    async ({ query }, request) => {
      try {
        return await pnrDetails(deps, authOf(request), query.id);
      } catch (error) {
        if (isAnswered(error)) throw error;
        request.log.error({ err: error }, 'PNR details failed');
        throw fail(
          'pnrs.gds-failed',
          'The reservation system did not answer. Please try again later.',
        );
      }
    },
  );

  routeCall(
    app,
    calls.listCsv,
    {
      tags,
      summary: 'Every booking of a search, as a CSV file',
      description: 'The body holds the search (filter and sort) as JSON text in `request`.',
      produces: ['text/csv'],
    },
    async ({ body: search }, request, reply) => {
      checkDateLimits(search, app.clock.now());
      const csv = pnrsCsv(pnrs.allRows(authOf(request), search), (error) =>
        request.log.error({ err: error }, 'PNR CSV failed while streaming'),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${pnrCsvFileName(app.clock.now())}"`)
        .send(csv);
    },
  );

  routeCall(
    app,
    calls.ticketing,
    {
      tags,
      summary: "Sends one of the caller's OTA bookings to ticketing through the GDS",
      description:
        'Answers the GDS state: SUCCESS, PARTIAL_SUCCESS, LOCKED (a ticketing already runs), ' +
        'FAILURE or EXPIRED, with its error text. 409 when the booking cannot be ticketed.',
    },
    async ({ query }, request) => {
      const { user, realUser, scope } = authOf(request);
      return sendToTicketing({ user, scope, userId: user.id, realUserId: realUser.id }, query);
    },
  );
};
