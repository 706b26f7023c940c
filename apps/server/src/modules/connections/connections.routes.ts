import {
  CONNECTION_CALLS as CALLS,
  ConnectDuffelBody,
  ConnectionIdBody,
  ConnectionItem,
  ConnectionList,
  ConnectionsQuery,
  ConnectionTestResult,
  ConnectionUpdateBody,
  ROUTES,
} from '@smt/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '@/plugins/auth';
import type { Caller } from '@/modules/management/organisation-admin.service';
import type { Connections } from './connections.service';

/** The Connections page's calls (issue 22): list, connect Duffel, change, test, disconnect. */
export const connectionsRoutes: FastifyPluginAsyncZod<{ connections: Connections }> = async (
  app,
  { connections },
) => {
  const tags = ['connections'];
  const path = (call: string) => `/api/${call}`;
  const access = ROUTES.connections;
  const callerOf = (request: FastifyRequest): Caller => {
    const { user, realUser, scope } = authOf(request);
    return { userId: user.id, realUserId: realUser.id, scope };
  };

  app.get(
    path(CALLS.list),
    {
      config: { access },
      schema: {
        tags,
        summary: "The connections of the caller's agencies (one agency with agencyId)",
        querystring: ConnectionsQuery,
        response: { 200: ConnectionList },
      },
    },
    async (request) => ({
      items: await connections.list(callerOf(request), request.query.agencyId),
    }),
  );
  app.post(
    path(CALLS.connectDuffel),
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Connects an agency to a Duffel account; the token is stored sealed and never answered',
        body: ConnectDuffelBody,
        response: { 200: ConnectionItem },
      },
    },
    async (request) => connections.connectDuffel(callerOf(request), request.body),
  );
  app.post(
    path(CALLS.update),
    {
      config: { access },
      schema: {
        tags,
        summary: "Replaces a connection's token or webhook secret, or changes where orders land",
        body: ConnectionUpdateBody,
        response: { 200: ConnectionItem },
      },
    },
    async (request) => connections.update(callerOf(request), request.body),
  );
  app.post(
    path(CALLS.test),
    {
      config: { access },
      schema: {
        tags,
        summary: 'Tries the connection with one read and says what its token can see',
        body: ConnectionIdBody,
        response: { 200: ConnectionTestResult },
      },
    },
    async (request) => connections.test(callerOf(request), request.body.connectionId),
  );
  app.post(
    path(CALLS.disconnect),
    {
      config: { access },
      schema: {
        tags,
        summary: "Disconnects: the connection's bookings stop being watched, their history stays",
        body: ConnectionIdBody,
        response: { 200: ConnectionItem },
      },
    },
    async (request) => connections.disconnect(callerOf(request), request.body.connectionId),
  );
};
