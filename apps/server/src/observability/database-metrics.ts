import type pg from 'pg';
import { Gauge } from 'prom-client';
import type { Database } from '@/db/client';
import { registry } from './metrics';
import { createQueueDepthReader, type QueueDepthReader } from './queue-depth';

// The databases this process serves, with how many apps use each: an API app and a worker's
// listener share one. The gauges below read them when scraped.
const watched = new Map<Database, { users: number; queueDepth: QueueDepthReader }>();

/** Lets the scrape read this database's pool and job queue; the answer stops that. */
export function watchDatabase(database: Database): () => void {
  const entry = watched.get(database) ?? { users: 0, queueDepth: createQueueDepthReader(database) };
  entry.users += 1;
  watched.set(database, entry);
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    entry.users -= 1;
    if (entry.users === 0) watched.delete(database);
  };
}

const POOL_HELP = "PostgreSQL's pool; always 0 on PGlite, which runs in the process with no pool.";

/** A pool figure summed over the PostgreSQL databases watched. */
function poolGauge(name: string, help: string, figure: (pool: pg.Pool) => number) {
  return new Gauge({
    name,
    help: `${help} ${POOL_HELP}`,
    registers: [registry],
    collect() {
      let total = 0;
      for (const database of watched.keys()) {
        if (database.kind === 'postgres') total += figure(database.pool);
      }
      this.set(total);
    },
  });
}

poolGauge('smt_db_pool_clients', 'Connections the pool holds, idle or lent.', (p) => p.totalCount);
poolGauge('smt_db_pool_idle_clients', 'Connections the pool holds unused.', (p) => p.idleCount);
poolGauge(
  'smt_db_pool_waiting_requests',
  'Queries waiting for a connection of the pool.',
  (p) => p.waitingCount,
);
poolGauge('smt_db_pool_max_clients', 'Connections the pool may open.', (p) => p.options.max ?? 0);

new Gauge({
  name: 'smt_job_queue_depth',
  help:
    'Jobs waiting in the job queue (created or to retry), by queue; read from the database at ' +
    'most every few seconds, left out while it does not answer.',
  labelNames: ['queue'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    // Every app of a process serves the same database; the newest one watched is read.
    const newest = [...watched.values()].at(-1);
    const depths = await newest?.queueDepth.read();
    if (!depths) return;
    for (const [queue, depth] of Object.entries(depths)) this.set({ queue }, depth);
  },
});
