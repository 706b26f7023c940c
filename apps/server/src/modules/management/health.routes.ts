import { managementToolCalls as calls } from '@smt/shared';
import { routeCalls } from '@/lib/route-call';
import { routesUsing } from '@/routes-using';

/** The engine's state for the health page (super users only, as the page is). */
export const healthRoutes = routesUsing(['engineHealth'], async (app, { engineHealth }) => {
  routeCalls(app, { tags: ['management'] }, calls, {
    engineHealth: {
      summary: 'Bookings monitored, checks in the last minute, queue depth, errors, deliveries',
      handle: async () => engineHealth.status(),
    },
  });
});
