// `npm run bench:data` makes the large organisation of issue 12 in the database the server
// would open: PostgreSQL at DATABASE_URL, or else PGlite under DATA_DIR (./data by default),
// migrated first. Smaller runs take options as flags or variables:
//   npm run bench:data -- --bookings 10000 --notifications 100000
//   SCALE_BOOKINGS=10000 npm run bench:data
// Options: agencies, branches-per-agency, agents-per-branch, bookings, notifications, months.
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { ConfigError, loadEnv } from '@/config/env';
import { openDatabaseFromEnv } from '@/db/open-from-env';
import { FULL_SCALE, makeScaleData, ScaleDataExists, type ScaleOptions } from './scale-data';

const NAMES: Record<keyof ScaleOptions, string> = {
  agencies: 'agencies',
  branchesPerAgency: 'branches-per-agency',
  agentsPerBranch: 'agents-per-branch',
  bookings: 'bookings',
  notifications: 'notifications',
  months: 'months',
};

/** A flag wins over its variable (SCALE_BRANCHES_PER_AGENCY for --branches-per-agency). */
function optionsOf(argv: string[]): Partial<ScaleOptions> {
  const { values } = parseArgs({
    args: argv,
    options: Object.fromEntries(
      Object.values(NAMES).map((flag) => [flag, { type: 'string' as const }]),
    ),
    strict: true,
  });
  const options: Partial<ScaleOptions> = {};
  for (const [key, flag] of Object.entries(NAMES) as [keyof ScaleOptions, string][]) {
    const given =
      (values as Record<string, string | undefined>)[flag] ??
      process.env[`SCALE_${flag.toUpperCase().replaceAll('-', '_')}`];
    if (given === undefined) continue;
    const value = Number(given.replaceAll('_', ''));
    if (!Number.isInteger(value) || value < 1) {
      throw new Error(`--${flag} must be a whole number of at least 1, not '${given}'`);
    }
    options[key] = value;
  }
  return options;
}

let options: Partial<ScaleOptions>;
let env;
try {
  options = optionsOf(process.argv.slice(2));
  env = loadEnv();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
if (env.APP_ENV === 'production') {
  console.error('Refusing to add made-up agencies to a production database.');
  process.exit(1);
}

const scale = { ...FULL_SCALE, ...options };
const where = env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite under ${env.DATA_DIR}`;
console.log(`Making the scale organisation in ${where}: ${JSON.stringify(scale)}`);
const started = performance.now();
const database = await openDatabaseFromEnv(env);
let failed = false;
try {
  const world = await makeScaleData(database.db, options, (line) =>
    console.log(`[${Math.round((performance.now() - started) / 1000)} s] ${line}`),
  );
  const example = world.people.find((person) => person.role === 'Agent');
  console.log(
    `Done: ${world.people.length} users can sign in by SMS, e.g. ${example?.email} / ${example?.phone}.`,
  );
} catch (error) {
  failed = true;
  if (error instanceof ScaleDataExists || error instanceof ConfigError)
    console.error(error.message);
  else console.error(error);
} finally {
  await database.close();
}
process.exit(failed ? 1 : 0);
