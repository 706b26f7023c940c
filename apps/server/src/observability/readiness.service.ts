import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { errorMessages } from '@smt/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { isDatabaseUnreachable } from '@/db/database-unreachable';
import { MIGRATIONS_DIR } from '@/paths';
import { DeadlineError, withinMs } from './deadline';

/** How long the database has to answer before the process counts as not ready. */
export const READY_TIMEOUT_MS = 2_000;

export type Readiness =
  | { ready: true; migrations: number; newerMigrations: number }
  // `error`: what failed unexpectedly, for the log.
  | { ready: false; reason: string; error?: unknown };

type Journal = { entries: { when: number }[] };

// Drizzle records an applied migration with its journal entry's `when` as created_at.
let buildMigrations: Promise<number[]> | null = null;
function migrationsOfThisBuild(): Promise<number[]> {
  buildMigrations ??= readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8').then(
    (text) => (JSON.parse(text) as Journal).entries.map((entry) => entry.when),
  );
  return buildMigrations;
}

/** The newest migration the database records, and how many it has beyond `newest`. */
async function appliedMigrations(database: Database, newest: number) {
  const [table] = await queryRows<{ present: boolean }>(
    database.db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table?.present) return { last: null, newer: 0 };
  const [row] = await queryRows<{ last: number | null; newer: number }>(
    database.db,
    sql`select max(created_at)::float8 as last,
      (count(*) filter (where created_at > ${newest}))::int as newer
      from drizzle.__drizzle_migrations`,
  );
  return { last: row?.last ?? null, newer: row?.newer ?? 0 };
}

function notApplied(count: number): string {
  return count === 1
    ? '1 migration of this build is not applied to the database yet.'
    : `${count} migrations of this build are not applied to the database yet.`;
}

/**
 * Whether this process may take traffic: the database answers within the time allowed and
 * every migration of this build is applied, by drizzle's own rule (a migration counts as
 * applied when the newest one recorded is not older). Migrations a newer build applied
 * beyond ours do not make it unready (docs/decisions/027).
 */
export async function checkReadiness(
  database: Database,
  { timeoutMs = READY_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<Readiness> {
  const known = await migrationsOfThisBuild();
  const newest = Math.max(0, ...known);
  let applied: { last: number | null; newer: number };
  try {
    applied = await withinMs(timeoutMs, appliedMigrations(database, newest));
  } catch (error) {
    if (error instanceof DeadlineError) {
      return { ready: false, reason: `The database did not answer within ${timeoutMs / 1000} s.` };
    }
    if (isDatabaseUnreachable(error)) {
      return { ready: false, reason: errorMessages.databaseUnavailable };
    }
    return { ready: false, reason: 'The database failed the readiness check.', error };
  }
  const { last } = applied;
  const missing = known.filter((when) => last === null || when > last).length;
  if (missing > 0) return { ready: false, reason: notApplied(missing) };
  return { ready: true, migrations: known.length, newerMigrations: applied.newer };
}
