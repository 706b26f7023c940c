import type { Env } from '../config/env';
import { openDatabase, type Database } from './client';
import { runMigrations } from './migrate';
import { isOrganisationEmpty, seedDemoOrganisation, seedDemoSubscriptions } from './seed/seed';
import path from 'node:path';

/** PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR; migrated either way. */
export async function openDatabaseFromEnv(env: Env): Promise<Database> {
  const database = env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(env.DATA_DIR, 'pglite') });
  await runMigrations(database);
  return database;
}

/** In local and staging an empty database gets the demo organisation, so there is someone to be. */
export async function seedIfEmpty(database: Database, env: Env): Promise<boolean> {
  if (env.APP_ENV === 'production') return false;
  if (!(await isOrganisationEmpty(database.db))) return false;
  await seedDemoOrganisation(database.db);
  await seedDemoSubscriptions(database.db);
  return true;
}
