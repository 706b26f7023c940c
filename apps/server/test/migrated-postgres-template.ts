import pg from 'pg';
import { openDatabase } from '@/db/client';
import { runMigrations } from '@/db/migrate';
import { migrationsKey } from './migrations-key';

// Every integration file makes its own PostgreSQL database and migrates it: some 0.5 s on two
// busy cores, for every one of them. A database made as a copy of a migrated one (CREATE
// DATABASE ... TEMPLATE) is ready in a fraction of that, so the first test process to need it
// makes a migrated template once per set of migrations, under an advisory lock, and every test
// database is copied from it. The template is left on the server for the next run; one made for
// earlier migrations is dropped when a new one is made.

const TEMPLATE_PREFIX = 'smt_test_template_';
// Any fixed number no other lock of the tests uses.
const TEMPLATE_LOCK_KEY = 727_001;

/** Runs `use` on a client of TEST_DATABASE_URL's server, closed after it. */
export const withAdmin = async <T>(adminUrl: string, use: (admin: pg.Client) => Promise<T>) => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await use(admin);
  } finally {
    await admin.end();
  }
};

const exists = async (admin: pg.Client, name: string) =>
  ((await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount ?? 0) > 0;

async function makeTemplate(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, async (admin) => {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    try {
      if (await exists(admin, name)) return;
      const { rows } = await admin.query<{ datname: string }>(
        'select datname from pg_database where datname like $1',
        [`${TEMPLATE_PREFIX}%`],
      );
      for (const { datname } of rows) {
        await admin.query(`alter database "${datname}" is_template false`);
        await admin.query(`drop database if exists "${datname}" with (force)`);
      }
      // Made under another name and renamed once migrated: no process copies half a template.
      const making = `${name}_making`;
      await admin.query(`drop database if exists "${making}" with (force)`);
      await admin.query(`create database "${making}"`);
      const url = new URL(adminUrl);
      url.pathname = `/${making}`;
      const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
      try {
        await runMigrations(database);
      } finally {
        await database.close();
      }
      await admin.query(`alter database "${making}" rename to "${name}"`);
      await admin.query(`alter database "${name}" is_template true allow_connections false`);
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
    }
  });
}

let template: Promise<string> | undefined;

/** The name of a migrated, empty database on TEST_DATABASE_URL's server to copy. */
export function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  template ??= (async () => {
    const name = `${TEMPLATE_PREFIX}${await migrationsKey()}`;
    const ready = await withAdmin(adminUrl, (admin) => exists(admin, name));
    if (!ready) await makeTemplate(adminUrl, name);
    return name;
  })();
  return template;
}
