import { META_FILE_PATH, MetaResponse, metaCalls } from '@smt/shared';
import { routeCalls } from '@/lib/route-call';
import { routesUsing } from '@/routes-using';

/** Liveness and the version file the SPA compares itself with. */
export const metaRoutes = routesUsing(['about'], async (app, { about }) => {
  routeCalls(app, { tags: ['meta'] }, metaCalls, {
    health: {
      summary: 'Liveness: the server answers',
      description:
        'Answers while the database is away too: the process is alive and comes back to it ' +
        'by itself, so nothing should restart it; meanwhile calls that need the database ' +
        'answer 503.',
      handle: async () => ({
        status: 'ok' as const,
        version: about.version,
        db: about.store,
      }),
    },
    config: {
      summary: 'What the SPA needs to know before anyone signs in',
      handle: async () => about.publicConfig,
    },
  });

  // Not a call under /api but a file beside the SPA, so no contract (META_FILE_PATH).
  app.get(
    META_FILE_PATH,
    {
      config: { access: 'public' },
      schema: {
        tags: ['meta'],
        summary: 'The version of the app being served',
        response: { 200: MetaResponse },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { version: about.version };
    },
  );
});
