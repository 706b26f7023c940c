import { managementToolCalls as calls } from '@smt/shared';
import { routeCalls } from '@/lib/route-call';
import { authOf } from '@/plugins/auth';
import { routesUsing } from '@/routes-using';

/** The PNR info page (SPEC §2.11): any booking by its number, super users only. */
export const pnrInfoRoutes = routesUsing(['pnrInfo'], async (app, { pnrInfo }) => {
  routeCalls(app, { tags: ['management'] }, calls, {
    pnrInfo: {
      summary:
        "A booking by PNR number: its latest snapshot, the engine's recent checks with each detector's decision, and its notifications",
      handle: async ({ query }, request) => pnrInfo.find(authOf(request).scope, query.pnrNumber),
    },
  });
});
