import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@/db/client';

export const QUEUES = {
  checkBookings: 'check-bookings',
  syncBranches: 'sync-branches',
  deliver: 'deliver',
  deliverDead: 'deliver-dead',
} as const;

/** pg-boss on our own connection: PGlite's client in-process, or the PostgreSQL pool. */
function executorOf(database: Database): PgBoss.Db {
  if (database.kind === 'postgres') {
    return { executeSql: (text, values) => database.pool.query(text, values) };
  }
  const { client } = database;
  return {
    async executeSql(text, values) {
      // pg-boss sends its setup as several statements at once, which only exec runs.
      if (values !== undefined && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

export async function startJobQueue(database: Database, log: FastifyBaseLogger): Promise<PgBoss> {
  const boss = new PgBoss({
    db: executorOf(database),
    schema: 'pgboss',
    // Our own loops schedule the work; pg-boss's cron is not needed.
    schedule: false,
    supervise: true,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  await boss.createQueue(QUEUES.checkBookings, {
    name: QUEUES.checkBookings,
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 5 * 60,
  });
  await boss.createQueue(QUEUES.syncBranches, {
    name: QUEUES.syncBranches,
    policy: 'singleton',
    retryLimit: 1,
    expireInSeconds: 5 * 60,
  });
  // The dead-letter queue first: 'deliver' names it.
  await boss.createQueue(QUEUES.deliverDead, { name: QUEUES.deliverDead, retryLimit: 2 });
  await boss.createQueue(QUEUES.deliver, {
    name: QUEUES.deliver,
    // Stately: one waiting job per singleton key (the delivery id), so one delivery is one job.
    policy: 'stately',
    retryLimit: 4,
    retryDelay: 10,
    retryBackoff: true,
    expireInSeconds: 2 * 60,
    deadLetter: QUEUES.deliverDead,
  });
  return boss;
}
