import { pnrCalls as calls } from '@smt/shared';
import { CSV_TYPE, sendAttachment } from '@/lib/attachment';
import { isAnswered } from '@/lib/domain-error';
import { routeCalls } from '@/lib/route-call';
import { authOf, callerOf } from '@/plugins/auth';
import { pnrCsvFileName, pnrsCsv } from './pnr-list.csv';
import { checkDateLimits } from './pnr-list.service';
import { fail } from './pnrs.errors';
import { routesUsing } from '@/routes-using';

/** My PNRs (SPEC §7.4): the agent's own bookings, their details, the CSV and ticketing. */
export const pnrsRoutes = routesUsing(
  ['pnrList', 'pnrDetails', 'pnrTicketing', 'clock'],
  async (app, { pnrList, pnrDetails, pnrTicketing, clock }) => {
    routeCalls(app, { tags: ['pnrs'] }, calls, {
      list: {
        summary: "A page of the caller's own bookings, filtered and sorted",
        description:
          'Bookings on the page that nobody has asked the GDS about for 15 minutes are read again ' +
          'at once, after the answer: they answer updateWillAvailable and a syncJobId for pnrUpdates.',
        handle: async ({ body }, request) => pnrList.list(authOf(request), body),
      },
      updates: {
        summary: 'The bookings of one refresh as they are now',
        handle: async ({ body }, request) => pnrList.updates(authOf(request), body.syncJobId),
      },
      details: {
        summary: "One of the caller's bookings: passengers, contact, flights, hotels and cars",
        handle: async ({ query }, request) => {
          try {
            return await pnrDetails.read(authOf(request), query.id);
          } catch (error) {
            if (isAnswered(error) || (await pnrDetails.isDatabaseFault(error))) throw error;
            request.log.error({ err: error }, 'PNR details failed');
            throw fail(
              'pnrs.gds-failed',
              'The reservation system did not answer. Please try again later.',
            );
          }
        },
      },
      listCsv: {
        summary: 'Every booking of a search, as a CSV file',
        description: 'The body holds the search (filter and sort) as JSON text in `request`.',
        produces: ['text/csv'],
        handle: async ({ body: search }, request, reply) => {
          checkDateLimits(search, clock.now());
          return sendAttachment(reply, {
            type: CSV_TYPE,
            filename: pnrCsvFileName(clock.now()),
            body: pnrsCsv(pnrList.allRows(authOf(request), search), (error) =>
              request.log.error({ err: error }, 'PNR CSV failed while streaming'),
            ),
          });
        },
      },
      ticketing: {
        summary: "Sends one of the caller's OTA bookings to ticketing through the GDS",
        description:
          'Answers the GDS state: SUCCESS, PARTIAL_SUCCESS, LOCKED (a ticketing already runs), ' +
          'FAILURE or EXPIRED, with its error text. 409 when the booking cannot be ticketed.',
        handle: async ({ query }, request) =>
          pnrTicketing({ ...callerOf(request), user: authOf(request).user }, query),
      },
    });
  },
);
