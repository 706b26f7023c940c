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

/** The queries each queue has sent and not yet seen answered. */
const underWay = new WeakMap<PgBoss, Set<Promise<unknown>>>();

/**
 * The executor, counting its queries under way. pg-boss's workers complete or fail a job
 * without awaiting it, so `stop` can return while that write is still in flight; the database
 * closed after it would make the write throw ("Cannot use a pool after calling end on the pool")
 * as an unhandled rejection.
 */
function countingQueries(executor: PgBoss.Db, queries: Set<Promise<unknown>>): PgBoss.Db {
  return {
    executeSql(text, values) {
      const query = executor.executeSql(text, values);
      queries.add(query);
      const done = () => queries.delete(query);
      query.then(done, done);
      return query;
    },
  };
}

export async function startJobQueue(database: Database, log: FastifyBaseLogger): Promise<PgBoss> {
  const queries = new Set<Promise<unknown>>();
  const boss = new PgBoss({
    db: countingQueries(executorOf(database), queries),
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
  underWay.set(boss, queries);
  return boss;
}

/**
 * Stops the queue: its workers are given `timeoutMs` to finish their jobs, and the queries they
 * sent are answered before this returns, so the database may be closed after it.
 */
export async function stopJobQueue(boss: PgBoss, timeoutMs: number): Promise<void> {
  await boss.stop({ graceful: true, timeout: timeoutMs, close: false });
  const queries = underWay.get(boss);
  // A settled query may let pg-boss send the next (a failed job's retry); wait for those too.
  while (queries !== undefined && queries.size > 0) {
    await Promise.allSettled([...queries]);
  }
}
