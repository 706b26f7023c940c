import { creditCalls as calls } from '@smt/shared';
import { CSV_TYPE, sendAttachment } from '@/lib/attachment';
import { routeCalls } from '@/lib/route-call';
import { callerOf } from '@/plugins/auth';
import { creditCsvFileName, creditsCsv } from './credits.csv';
import { routesUsing } from '@/routes-using';

/** The Credits page (issue 36 point 4): the caller's credits, their CSV, entering and marking. */
export const creditsRoutes = routesUsing(['credits', 'clock'], async (app, { credits, clock }) => {
  routeCalls(app, { tags: ['credits'] }, calls, {
    list: {
      summary: "A page of the caller's credits, soonest to expire first",
      description:
        'Scoped as the notification lists are: an agent sees the credits of their own bookings, ' +
        'a manager those of their branch or agency, a super user all.',
      handle: async ({ query }, request) => credits.list(callerOf(request), query),
    },
    csv: {
      summary: 'Every credit the filter finds, as a CSV file',
      produces: ['text/csv'],
      handle: async ({ query }, request, reply) =>
        sendAttachment(reply, {
          type: CSV_TYPE,
          filename: creditCsvFileName(clock.now()),
          body: creditsCsv(credits.allRows(callerOf(request), query), (error) =>
            request.log.error({ err: error }, 'Credits CSV failed while streaming'),
          ),
        }),
    },
    create: {
      summary: 'Records a credit the agent holds for a passenger of one of their bookings',
      description:
        "The booking is found by its locator among the caller's; the passenger must be on it. " +
        '409 when the airline reference is already recorded in the agency.',
      handle: async ({ body }, request) => credits.create(callerOf(request), body),
    },
    setState: {
      summary: "Marks one of the caller's credits used, or open again",
      handle: async ({ params, body }, request) =>
        credits.setState(callerOf(request), params.id, body.state),
    },
  });
});
