import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createLiveHub, type LiveHub } from '@/modules/live/live-hub';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live streams of this process (docs/decisions/045). */
    live: LiveHub;
  }
}

/**
 * The process's live hub, before the routes so that any of them (the session cache among them)
 * may hear of ended sessions. An API process listens once it serves HTTP; a worker never does.
 */
export const livePlugin = fp(async (app: FastifyInstance) => {
  // The clock is the auth plugin's, made after this one: read when a stream opens.
  const clock = { now: () => app.clock.now() };
  const hub = createLiveHub({ database: app.database, log: app.log, clock });
  app.decorate('live', hub);
  app.addHook('onListen', async () => {
    await hub.start().catch((error: unknown) => {
      app.log.error({ err: error }, 'live notifications could not start listening');
    });
  });
  // Before the server closes (onClose is too late): an open stream would keep it waiting.
  app.addHook('preClose', async () => hub.close());
});
