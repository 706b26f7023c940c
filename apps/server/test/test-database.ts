import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database, type DbKind } from '@/db/client';
import { runMigrations } from '@/db/migrate';
import { borrowMigratedPglite } from './pglite-pool';
import { migratedPostgresTemplate } from './migrated-postgres-template';

/** PGlite always; PostgreSQL as well when TEST_DATABASE_URL names a server to test on. */
export const TEST_DATABASE_KINDS: DbKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export type TestDatabase = Database & { url: string | null };

/**
 * A new, empty database of the given kind: in-memory PGlite, or a fresh PostgreSQL database
 * created beside TEST_DATABASE_URL's and dropped on close, so test files never share rows.
 */
export async function createTestDatabase(
  kind: DbKind,
  {
    migrate = true,
    from,
  }: {
    migrate?: boolean;
    /** A copy of this instead of the migrated empty database: a PGlite image, a template's name. */
    from?: { image: Blob } | { template: string };
  } = {},
): Promise<TestDatabase> {
  let database: TestDatabase;
  if (kind === 'pglite') {
    // Started from a migrated image or lent emptied (pglite-pool.ts), the migrations below find
    // nothing left to run.
    const opened =
      migrate && !from
        ? await borrowMigratedPglite()
        : await openDatabase({
            kind: 'pglite',
            dataDir: null,
            image: from && 'image' in from ? from.image : undefined,
          });
    database = { ...opened, url: null };
  } else {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
    const name = `smt_test_${randomBytes(6).toString('hex')}`;
    // Copied from a migrated template, the migrations below find nothing left to run.
    const template =
      from && 'template' in from
        ? from.template
        : migrate
          ? await migratedPostgresTemplate(adminUrl)
          : null;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(
      template ? `create database "${name}" template "${template}"` : `create database "${name}"`,
    );
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const opened = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
    database = {
      ...opened,
      url: url.toString(),
      close: async () => {
        await opened.close();
        const dropper = new pg.Client({ connectionString: adminUrl });
        await dropper.connect();
        await dropper.query(`drop database if exists "${name}" with (force)`);
        await dropper.end();
      },
    };
  }
  if (migrate) await runMigrations(database);
  return database;
}
