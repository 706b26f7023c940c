import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Services } from '@/services';

/**
 * The process's live hub (services.ts) hears the database once the app serves HTTP, and stops
 * before the app closes; a worker, which never serves, never does.
 */
export const livePlugin = fp(
  async (app: FastifyInstance, { live: hub }: Pick<Services, 'live'>) => {
    app.addHook('onListen', async () => {
      await hub.start().catch((error: unknown) => {
        app.log.error({ err: error }, 'live notifications could not start listening');
      });
    });
    // Before the server closes (onClose is too late): an open stream would keep it waiting.
    app.addHook('preClose', async () => hub.close());
  },
);
