import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { QUEUES } from '@/monitoring/job-queue';
import { withinMs } from './deadline';

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
export type QueueDepths = Record<QueueName, number>;

/** How old a reading may be before a scrape reads the database again. */
export const QUEUE_DEPTH_MAX_AGE_MS = 5_000;
// A scrape must not wait on a database that is away; the gauge is left out instead.
const READ_TIMEOUT_MS = 2_000;

const QUEUE_NAMES = Object.values(QUEUES);

async function readDepths(database: Database): Promise<QueueDepths> {
  const depths = Object.fromEntries(QUEUE_NAMES.map((name) => [name, 0])) as QueueDepths;
  // The queue lives in pg-boss's schema, which exists once a worker has started.
  const [schema] = await queryRows<{ present: boolean }>(
    database.db,
    sql`select to_regclass('pgboss.job') is not null as present`,
  );
  if (!schema?.present) return depths;
  const rows = await queryRows<{ name: string; depth: number }>(
    database.db,
    sql`select name, count(*)::int as depth from pgboss.job
      where state in ('created', 'retry') group by name`,
  );
  // Only our own queues: a label value never comes from what the table happens to hold.
  for (const row of rows) {
    if ((QUEUE_NAMES as string[]).includes(row.name)) depths[row.name as QueueName] = row.depth;
  }
  return depths;
}

/**
 * Jobs waiting in each queue, read on scrape. One reading serves every scrape for `maxAgeMs`,
 * so a storm of scrapes costs the database one query a few seconds; null while the database
 * cannot answer.
 */
export function createQueueDepthReader(
  database: Database,
  options: { maxAgeMs?: number; now?: () => number } = {},
) {
  const maxAgeMs = options.maxAgeMs ?? QUEUE_DEPTH_MAX_AGE_MS;
  const now = options.now ?? Date.now;
  let last: { at: number; depths: Promise<QueueDepths | null> } | null = null;
  return {
    read(): Promise<QueueDepths | null> {
      const at = now();
      if (last && at - last.at < maxAgeMs) return last.depths;
      const depths = withinMs(READ_TIMEOUT_MS, readDepths(database)).catch(() => null);
      last = { at, depths };
      return depths;
    },
  };
}

export type QueueDepthReader = ReturnType<typeof createQueueDepthReader>;
