import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { isDatabaseUnreachable } from './database-unreachable';
import { hasSqlState } from './storage-condition';

const PROBE_TIMEOUT_MS = 2_000;

/** Whether the database answers a trivial query now, within PROBE_TIMEOUT_MS. */
async function databaseAnswers(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      db.execute(sql`select 1`).then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether an error a call to a reservation system ended with is the database's, not the
 * system's: a SQLSTATE says so (a full disk, a refused write; the simulator's answers are SQL
 * too), and a lost connection is the database's when the database does not answer now. A
 * socket refused on its way to Duffel looks the same as one refused by PostgreSQL, so only
 * asking the database tells them apart (issue 33: an outage was told as 'the reservation
 * system did not answer').
 */
export async function isDatabaseFault(db: Db, error: unknown): Promise<boolean> {
  if (hasSqlState(error)) return true;
  if (!isDatabaseUnreachable(error)) return false;
  return !(await databaseAnswers(db));
}
