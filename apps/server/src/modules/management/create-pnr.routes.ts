import { managementToolCalls as calls } from '@smt/shared';
import { routeCalls } from '@/lib/route-call';
import { callerOf } from '@/plugins/auth';
import { routesUsing } from '@/routes-using';

/** The create PNR page (SPEC §2.11): a booking made in the GDS for an agent, super users only. */
export const createPnrRoutes = routesUsing(['pnrMaker'], async (app, { pnrMaker }) => {
  routeCalls(app, { tags: ['management'] }, calls, {
    createPnr: {
      summary:
        "Makes a booking in the agency's reservation system under an agent's sign and records it for monitoring at once",
      handle: async ({ body }, request) => pnrMaker.create(callerOf(request), body),
    },
  });
});
