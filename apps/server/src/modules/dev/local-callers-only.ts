import type { FastifyInstance } from 'fastify';
import { isLocalCaller } from '@/lib/peer';
import { fail } from './dev.errors';

export const LOCAL_ONLY_MESSAGE =
  "The dev routes answer only on the server's own machine: call them from a loopback address, " +
  'not through a proxy.';

const DESCRIPTION =
  'Local and staging only, and only to a caller on the same machine (a loopback address, not ' +
  'relayed by a proxy), whatever HOST the server listens on: anyone else gets 403. ' +
  "They read every sign-in code and move the system's time.";

/**
 * The dev routes (inbox, clocks, simulated bookings) read sign-in codes and move time: whoever
 * reaches them can sign in as anyone. In the plugin that registers them, this refuses every
 * caller but one on the server's own machine, and says so in each route's documentation.
 */
export function answerLocalCallersOnly(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, description: DESCRIPTION };
  });
  app.addHook('onRequest', async (request) => {
    if (!isLocalCaller(request)) throw fail('dev.not-local-caller', LOCAL_ONLY_MESSAGE);
  });
}
