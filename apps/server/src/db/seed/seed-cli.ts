import { loadEnv } from '@/config/env';
import { openDatabaseFromEnv } from '@/db/open-from-env';
import {
  clearDatabase,
  isOrganisationEmpty,
  seedDemoOrganisation,
  seedDemoSubscriptions,
} from './seed';

// `npm run db:seed` fills an empty database with the demo organisation;
// `npm run db:seed -- --reset` empties the database first.
const reset = process.argv.includes('--reset');
const env = loadEnv();
if (env.APP_ENV === 'production' && reset) {
  console.error('Refusing to reset a production database.');
  process.exit(1);
}
const database = await openDatabaseFromEnv(env);
try {
  if (reset) await clearDatabase(database.db);
  if (reset || (await isOrganisationEmpty(database.db))) {
    await seedDemoOrganisation(database.db);
    await seedDemoSubscriptions(database.db);
    console.log(`Demo organisation made (${database.kind}).`);
  } else {
    console.log('The database already holds an organisation; nothing done. Use --reset.');
  }
} finally {
  await database.close();
}
