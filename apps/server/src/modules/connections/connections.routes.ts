import { connectionCalls as calls } from '@smt/shared';
import { routeCalls } from '@/lib/route-call';
import { callerOf } from '@/plugins/auth';
import { routesUsing } from '@/routes-using';

/**
 * The Connections page's calls (issues 22 and 37): list, connect Duffel or Sabre, change,
 * test, disconnect.
 */
export const connectionsRoutes = routesUsing(['connections'], async (app, { connections }) => {
  routeCalls(app, { tags: ['connections'] }, calls, {
    list: {
      summary: "The connections of the caller's agencies (one agency with agencyId)",
      handle: async ({ query }, request) => ({
        items: await connections.list(callerOf(request), query.agencyId),
      }),
    },
    connectDuffel: {
      summary:
        'Connects an agency to a Duffel account; the token is stored sealed and never answered',
      handle: async ({ body }, request) => connections.connectDuffel(callerOf(request), body),
    },
    update: {
      summary: "Replaces a connection's token or webhook secret, or changes where orders land",
      handle: async ({ body }, request) => connections.update(callerOf(request), body),
    },
    connectSabre: {
      summary:
        'Connects an agency to Sabre: an EPR, the PCC it signs in to and its password (stored sealed, never answered), the environment, the DK and the queues read',
      handle: async ({ body }, request) => connections.connectSabre(callerOf(request), body),
    },
    updateSabre: {
      summary:
        "Changes a Sabre connection's sign-in, environment, DK or queues; without a password the stored one stays",
      handle: async ({ body }, request) => connections.updateSabre(callerOf(request), body),
    },
    test: {
      summary: 'Tries the connection with one read and says what its token can see',
      handle: async ({ body }, request) => connections.test(callerOf(request), body.connectionId),
    },
    disconnect: {
      summary: "Disconnects: the connection's bookings stop being watched, their history stays",
      handle: async ({ body }, request) =>
        connections.disconnect(callerOf(request), body.connectionId),
    },
  });
});
