import { z } from 'zod';
import { API_ROOT } from '../constants';
import { ROUTES } from '../routes';
import {
  ConnectDuffelBody,
  ConnectSabreBody,
  ConnectionIdBody,
  ConnectionItem,
  ConnectionList,
  ConnectionsQuery,
  ConnectionTestResult,
  ConnectionUpdateBody,
  SabreUpdateBody,
} from '../schemas/connections';
import { defineCall, pathOfCall, pathsOf } from './define-call';

// An agency's connections to reservation systems (issues 22 and 37), for whoever may open the
// Connections page: a list (GET), and JSON POSTs that connect, change, test and disconnect.

const CONNECTIONS = 'admin/connections';
const access = ROUTES.connections;

export const connectionCalls = {
  list: defineCall({
    method: 'GET',
    path: `${CONNECTIONS}/getList`,
    access,
    query: ConnectionsQuery,
    answer: ConnectionList,
    refusals: ['connections.agency-only'],
  }),
  connectDuffel: defineCall({
    method: 'POST',
    path: `${CONNECTIONS}/connectDuffel`,
    access,
    body: ConnectDuffelBody,
    encoding: 'json',
    answer: ConnectionItem,
    refusals: [
      'connections.agency-only',
      'connections.agency-outside',
      'connections.api-url-super-only',
      'connections.api-url-refused',
      'connections.branch-outside',
      'connections.already-connected',
    ],
  }),
  update: defineCall({
    method: 'POST',
    path: `${CONNECTIONS}/update`,
    access,
    body: ConnectionUpdateBody,
    encoding: 'json',
    answer: ConnectionItem,
    refusals: [
      'connections.agency-only',
      'connections.not-found',
      'connections.disconnected',
      'connections.wrong-provider',
      'connections.simulator-has-no-token',
      'connections.simulator-takes-no-payment',
      'connections.branch-outside',
    ],
  }),
  connectSabre: defineCall({
    method: 'POST',
    path: `${CONNECTIONS}/connectSabre`,
    access,
    body: ConnectSabreBody,
    encoding: 'json',
    answer: ConnectionItem,
    refusals: [
      'connections.agency-only',
      'connections.agency-outside',
      'connections.branch-outside',
      'connections.already-connected',
    ],
  }),
  updateSabre: defineCall({
    method: 'POST',
    path: `${CONNECTIONS}/updateSabre`,
    access,
    body: SabreUpdateBody,
    encoding: 'json',
    answer: ConnectionItem,
    refusals: [
      'connections.agency-only',
      'connections.not-found',
      'connections.disconnected',
      'connections.wrong-provider',
    ],
  }),
  test: defineCall({
    method: 'POST',
    path: `${CONNECTIONS}/test`,
    access,
    body: ConnectionIdBody,
    encoding: 'json',
    answer: ConnectionTestResult,
    refusals: ['connections.agency-only', 'connections.not-found', 'connections.disconnected'],
  }),
  disconnect: defineCall({
    method: 'POST',
    path: `${CONNECTIONS}/disconnect`,
    access,
    body: ConnectionIdBody,
    encoding: 'json',
    answer: ConnectionItem,
    refusals: ['connections.agency-only', 'connections.not-found', 'connections.disconnected'],
  }),
};

/** Each connection call's path under /api, for a caller that names it (a test, say). */
export const CONNECTION_CALLS = pathsOf(connectionCalls);

/**
 * Duffel's webhook deliveries for one connection: Duffel calls it, not our client, with a
 * signed JSON body the server reads as its raw text (its signature covers those bytes).
 */
export const duffelWebhookCall = defineCall({
  method: 'POST',
  path: 'webhooks/duffel/:connectionId',
  access: 'public',
  params: z.object({ connectionId: z.coerce.number().int().min(1).max(2_147_483_647) }),
  body: z.string(),
  answer: z.object({ ok: z.literal(true) }),
  refusals: ['connections.webhook-not-genuine', 'connections.webhook-not-duffel-event'],
});

/** Where Duffel delivers a connection's webhooks, under the API root. */
export const duffelWebhookPath = (connectionId: number) =>
  `${API_ROOT}/${pathOfCall(duffelWebhookCall, { connectionId })}`;
