import { openDatabase, type DbKind } from '@/db/client';
import { migratedPostgresTemplate, withAdmin } from './migrated-postgres-template';
import { createTestDatabase, type TestDatabase } from './test-database';

// A database built once and copied for each test file that needs it: a PGlite dump loaded
// into a new in-memory PGlite, or a PostgreSQL template copied by CREATE DATABASE ... TEMPLATE.
// One per worker process, so no process waits on another; the templates are named after the
// run's main process, whose global setup drops them at its end (world-images.global-setup.ts).

export type WorldImage = { image: Blob } | { template: string };

/** The prefix of the templates the run whose main process is `pid` makes. */
export const worldTemplatePrefix = (pid: number) => `smt_test_world_${pid}_`;

/** Builds a database with `build` and keeps it as an image to copy. */
export async function makeWorldImage(
  kind: DbKind,
  build: (database: TestDatabase) => Promise<void>,
): Promise<WorldImage> {
  if (kind === 'pglite') {
    const database = await createTestDatabase('pglite');
    try {
      await build(database);
      if (database.kind !== 'pglite') throw new Error('expected PGlite');
      return { image: await database.client.dumpDataDir('none') };
    } finally {
      await database.close();
    }
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  // The worker's parent is the run's main process (Vitest's forks pool).
  const name = `${worldTemplatePrefix(process.ppid)}${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const migrated = await migratedPostgresTemplate(adminUrl);
  await withAdmin(adminUrl, (admin) =>
    admin.query(`create database "${name}" template "${migrated}"`),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const opened = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
  try {
    await build({ ...opened, url: url.toString() });
  } finally {
    await opened.close();
  }
  await withAdmin(adminUrl, (admin) =>
    admin.query(`alter database "${name}" is_template true allow_connections false`),
  );
  return { template: name };
}

/** Drops the templates of the run whose main process is `pid`. */
export async function dropWorldTemplates(adminUrl: string, pid: number): Promise<void> {
  await withAdmin(adminUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${worldTemplatePrefix(pid)}%`],
    );
    for (const { datname } of rows) {
      await admin.query(`alter database "${datname}" is_template false`);
      await admin.query(`drop database if exists "${datname}" with (force)`);
    }
  });
}
