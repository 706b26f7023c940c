import { openDatabase, type Database } from '@/db/client';
import { freshPostgres } from './fresh-postgres';

export type DatabaseLabel = 'PGlite' | 'PostgreSQL';

/** `BENCH_DATABASE=PGlite` or `=PostgreSQL` measures on that one only, to try a change out. */
const only = process.env.BENCH_DATABASE as DatabaseLabel | undefined;

/**
 * Measures on PGlite in memory (as the engine bench opens it), then on a fresh PostgreSQL
 * database through the pool the server opens by default, closing each after its turn.
 */
export async function onBothDatabases<T>(
  measure: (label: DatabaseLabel, database: Database) => Promise<T>,
): Promise<T[]> {
  const results: T[] = [];
  if (only !== 'PostgreSQL') {
    const pglite = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      results.push(await measure('PGlite', pglite));
    } finally {
      await pglite.close();
    }
  }
  if (only === 'PGlite') return results;
  const { database, drop } = await freshPostgres(10);
  try {
    results.push(await measure('PostgreSQL', database));
  } finally {
    await drop();
  }
  return results;
}
