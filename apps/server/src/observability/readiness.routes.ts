import { ApiErrorBody, ReadyResponse } from '@smt/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storeOf, type Database } from '@/db/client';
import { DRAINING_REASON, type Lifecycle } from '@/lib/lifecycle';
import { checkReadiness, type Readiness } from './readiness.service';

/** Seconds a balancer or a client is asked to wait before it asks again. */
const NOT_READY_RETRY_AFTER_SECONDS = 5;

export type ReadinessRoutesOptions = {
  database: Database;
  appVersion: string;
  lifecycle: Lifecycle;
};

/** Readiness, beside the liveness of /api/health: whether to send this process traffic. */
export const readinessRoutes: FastifyPluginAsyncZod<ReadinessRoutesOptions> = async (
  app,
  { database, appVersion, lifecycle },
) => {
  // Probes that arrive together share one check: a flood of them asks the database once.
  let running: Promise<Readiness> | null = null;

  app.get(
    '/api/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['meta'],
        summary: 'Readiness: the database answers and its migrations are current',
        description:
          '503 with the reason while the database does not answer or a migration of this ' +
          'build is not applied. Liveness is /api/health, which answers without the database.',
        response: { 200: ReadyResponse, 503: ApiErrorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const notReady = (reason: string) =>
        reply
          .status(503)
          .header('retry-after', String(NOT_READY_RETRY_AFTER_SECONDS))
          .send({ code: 'INTERNAL' as const, message: reason });
      if (lifecycle.draining) return notReady(DRAINING_REASON);
      const full = await database.storage.fullReason();
      if (full) return notReady(full);
      running ??= checkReadiness(database).finally(() => {
        running = null;
      });
      const readiness = await running;
      if (!readiness.ready) {
        if (readiness.error) request.log.warn({ err: readiness.error }, 'readiness check failed');
        return notReady(readiness.reason);
      }
      return {
        status: 'ready' as const,
        version: appVersion,
        db: storeOf(database),
        migrations: readiness.migrations,
        newerMigrations: readiness.newerMigrations,
      };
    },
  );
};
