import type { PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import { portableDump } from './portable-dump';

// Every schema goes (the app's, drizzle's migrations, pg-boss's, the GDS simulator's), so a
// server started on the loaded database finds its migrations applied and its queue whole.
const PG_DUMP_ARGS = [
  // Whoever loads the dump owns what it makes: a site's role is seldom called postgres.
  '--no-owner',
  '--no-privileges',
  // Planner statistics load only into PostgreSQL 18 (pg_restore_relation_stats); ANALYZE
  // makes them again.
  '--no-statistics',
  // pg_dump of the embedded database writes INSERTs (pglite-tools adds --inserts); many rows
  // to a statement load far faster than one.
  '--rows-per-insert=100',
];

/** A plain SQL dump of the whole embedded database, as PostgreSQL 15 and newer load it. */
export async function dumpPglite(client: PGlite): Promise<string> {
  const file = await pgDump({ pg: client, args: PG_DUMP_ARGS });
  return portableDump(await file.text());
}
