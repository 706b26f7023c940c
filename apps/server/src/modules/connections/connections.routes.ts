import { connectionCalls as calls } from '@smt/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeCall } from '@/lib/route-call';
import { authOf } from '@/plugins/auth';
import type { Caller } from '@/modules/management/organisation-admin.service';
import type { Connections } from './connections.service';

/** The Connections page's calls (issue 22): list, connect Duffel, change, test, disconnect. */
export const connectionsRoutes: FastifyPluginAsyncZod<{ connections: Connections }> = async (
  app,
  { connections },
) => {
  const tags = ['connections'];
  const callerOf = (request: FastifyRequest): Caller => {
    const { user, realUser, scope } = authOf(request);
    return { userId: user.id, realUserId: realUser.id, scope };
  };

  routeCall(
    app,
    calls.list,
    { tags, summary: "The connections of the caller's agencies (one agency with agencyId)" },
    async ({ query }, request) => ({
      items: await connections.list(callerOf(request), query.agencyId),
    }),
  );
  routeCall(
    app,
    calls.connectDuffel,
    {
      tags,
      summary:
        'Connects an agency to a Duffel account; the token is stored sealed and never answered',
    },
    async ({ body }, request) => connections.connectDuffel(callerOf(request), body),
  );
  routeCall(
    app,
    calls.update,
    {
      tags,
      summary: "Replaces a connection's token or webhook secret, or changes where orders land",
    },
    async ({ body }, request) => connections.update(callerOf(request), body),
  );
  routeCall(
    app,
    calls.test,
    { tags, summary: 'Tries the connection with one read and says what its token can see' },
    async ({ body }, request) => connections.test(callerOf(request), body.connectionId),
  );
  routeCall(
    app,
    calls.disconnect,
    {
      tags,
      summary: "Disconnects: the connection's bookings stop being watched, their history stays",
    },
    async ({ body }, request) => connections.disconnect(callerOf(request), body.connectionId),
  );
};
