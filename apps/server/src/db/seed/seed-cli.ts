import { ConfigError, loadEnv } from '@/config/env';
import { DataDirLockedError } from '@/db/data-dir-lock';
import { DatabaseStartError, openDatabaseFromEnv } from '@/db/open-from-env';
import { withStartupLock } from '@/db/startup-lock';
import { keepNewFilesPrivate, PrivateDirectoryError } from '@/lib/private-files';
import {
  clearDatabase,
  isOrganisationEmpty,
  seedDemoOrganisation,
  seedDemoSubscriptions,
} from './seed';

// `npm run db:seed` fills an empty database with the demo organisation;
// `npm run db:seed -- --reset` empties the database first. On PGlite it refuses while a server
// holds the data directory; on PostgreSQL it takes its turn with servers that are starting.
keepNewFilesPrivate();
const reset = process.argv.includes('--reset');
let env;
try {
  env = loadEnv();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
if (env.APP_ENV === 'production' && reset) {
  console.error('Refusing to reset a production database.');
  process.exit(1);
}
let database;
try {
  database = await openDatabaseFromEnv(env);
} catch (error) {
  if (
    error instanceof DataDirLockedError ||
    error instanceof DatabaseStartError ||
    error instanceof PrivateDirectoryError
  ) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
try {
  await withStartupLock(database, async () => {
    if (reset) await clearDatabase(database.db);
    if (reset || (await isOrganisationEmpty(database.db))) {
      await seedDemoOrganisation(database.db);
      await seedDemoSubscriptions(database.db);
      console.log(`Demo organisation made (${database.kind}).`);
    } else {
      console.log('The database already holds an organisation; nothing done. Use --reset.');
    }
  });
} finally {
  await database.close();
}
