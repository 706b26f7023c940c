import type { Database } from './client';

// Beyond 32 bits, so it meets neither the 32-bit keys of the migrations (7310223) and the
// simulator's setup (7310224) nor any hashtext() key of the transaction locks.
const STARTUP_LOCK_KEY = 7_310_225_000_001;

/**
 * Runs a process's first-start work (the demo seed, the simulator's world, default settings,
 * the job queue's queues) while no other process of the same database does: processes
 * started together on an empty PostgreSQL database take turns, so the first makes the demo
 * organisation and the others find it made. PGlite has one process by construction.
 */
export async function withStartupLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.kind === 'pglite') return work();
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
    }
  } finally {
    client.release();
  }
}
