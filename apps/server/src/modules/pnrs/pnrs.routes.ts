import {
  PNR_CALLS,
  PnrCsvRequest,
  PnrDetails,
  PnrDetailsQuery,
  PnrListRequest,
  PnrListResponse,
  PnrUpdatesRequest,
  PnrUpdatesResponse,
  ROUTES,
  TicketingQuery,
  TicketingResponse,
} from '@smt/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '@/lib/app-error';
import { authOf } from '@/plugins/auth';
import { pnrCsvFileName, pnrsCsv } from './pnr-list.csv';
import { checkDateLimits, createPnrList } from './pnr-list.service';
import { pnrDetails } from './pnr-details.service';
import { createPnrTicketing } from './pnr-ticketing.service';

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
  const config = { access: ROUTES.myPnrs };
  const path = (call: string) => `/api/${call}`;

  app.post(
    path(PNR_CALLS.list),
    {
      config,
      schema: {
        tags,
        summary: "A page of the caller's own bookings, filtered and sorted",
        description:
          'Bookings on the page that the engine has not checked for 15 minutes of GDS time are ' +
          'checked again at once: they answer updateWillAvailable and a syncJobId for pnrUpdates.',
        body: PnrListRequest,
        response: { 200: PnrListResponse },
      },
    },
    async (request) => pnrs.list(authOf(request), request.body),
  );

  app.post(
    path(PNR_CALLS.updates),
    {
      config,
      schema: {
        tags,
        summary: 'The bookings of one refresh as they are now',
        body: PnrUpdatesRequest,
        response: { 200: PnrUpdatesResponse },
      },
    },
    async (request) => pnrs.updates(authOf(request), request.body.syncJobId),
  );

  app.get(
    path(PNR_CALLS.details),
    {
      config,
      schema: {
        tags,
        summary: "One of the caller's bookings: passengers, contact, flights, hotels and cars",
        querystring: PnrDetailsQuery,
        response: { 200: PnrDetails },
      },
    },
    async (request) => {
      try {
        return await pnrDetails(deps, authOf(request), request.query.id);
      } catch (error) {
        if (error instanceof AppError) throw error;
        request.log.error({ err: error }, 'PNR details failed');
        throw new AppError(
          'INTERNAL',
          'The reservation system did not answer. Please try again later.',
        );
      }
    },
  );

  app.post(
    path(PNR_CALLS.listCsv),
    {
      config,
      schema: {
        tags,
        summary: 'Every booking of a search, as a CSV file',
        description: 'The body holds the search (filter and sort) as JSON text in `request`.',
        body: PnrCsvRequest,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const search = request.body;
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

  app.get(
    path(PNR_CALLS.ticketing),
    {
      config,
      schema: {
        tags,
        summary: "Sends one of the caller's OTA bookings to ticketing through the GDS",
        description:
          'Answers the GDS state: SUCCESS, PARTIAL_SUCCESS, LOCKED (a ticketing already runs), ' +
          'FAILURE or EXPIRED, with its error text. 409 when the booking cannot be ticketed.',
        querystring: TicketingQuery,
        response: { 200: TicketingResponse },
      },
    },
    async (request) => {
      const { user, realUser, scope } = authOf(request);
      return sendToTicketing(
        { user, scope, userId: user.id, realUserId: realUser.id },
        request.query,
      );
    },
  );
};
