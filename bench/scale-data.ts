import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/db/client';
import { isOrganisationEmpty, seedDemoOrganisation, seedDemoSubscriptions } from '@/db/seed/seed';
import { makeBookings } from './scale-bookings';
import { makeNotifications } from './scale-notifications';
import { hasScaleOrganisation, makeOrganisation, type ScalePerson } from './scale-organisation';

// A large organisation for the benches and the soak test (issue 12): agencies with their
// branches, agents and users, bookings drawn by the GDS simulator and recorded as booking sync
// records them, and the notifications the engine's detectors raised on them over the months,
// written by the engine's own writer. Seeded: the same options and the same moment make the
// same data.

export type { ScalePerson } from './scale-organisation';

export type ScaleOptions = {
  agencies: number;
  branchesPerAgency: number;
  agentsPerBranch: number;
  bookings: number;
  notifications: number;
  months: number;
};

/** Issue 12's large agency: 50 agencies, 500 agents, 100,000 bookings, 1,000,000 notifications. */
export const FULL_SCALE: ScaleOptions = {
  agencies: 50,
  branchesPerAgency: 2,
  agentsPerBranch: 5,
  bookings: 100_000,
  notifications: 1_000_000,
  months: 36,
};

export type ScaleWorld = {
  people: ScalePerson[];
  agencyIds: number[];
  branchIds: number[];
  agentIds: number[];
};

/** What a second scale organisation in one database is refused with. */
export class ScaleDataExists extends Error {
  constructor() {
    super(
      'This database already holds the scale organisation (agencies named "Scale Travel …"). ' +
        'Make it in a new database, or empty this one first (npm run db:seed -- --reset).',
    );
    this.name = 'ScaleDataExists';
  }
}

const SEED = 20_261_212;

function checked(options: ScaleOptions): ScaleOptions {
  for (const [name, value] of Object.entries(options)) {
    if (!Number.isInteger(value) || value < 1) {
      throw new Error(`scale option ${name} must be a whole number of at least 1, not ${value}`);
    }
  }
  if (options.agencies > 999 || options.branchesPerAgency > 99) {
    throw new Error('at most 999 agencies of 99 branches each: their PCCs are S<agency><branch>');
  }
  return options;
}

/** Reads back what was written, so a run that left anything out fails rather than misleads. */
async function verify(db: Db, world: ScaleWorld, options: ScaleOptions): Promise<void> {
  const scaleAgencies = sql`(${sql.join(
    world.agencyIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
  const [found] = await queryRows<{ bookings: number; notifications: number; users: number }>(
    db,
    sql`select
      (select count(*) from bookings where agency_id in ${scaleAgencies})::int as bookings,
      (select count(*) from notifications where agency_id in ${scaleAgencies})::int
        as notifications,
      (select count(*) from users where agency_id in ${scaleAgencies} and enabled)::int
        as users`,
  );
  const expected = {
    bookings: options.bookings,
    notifications: options.notifications,
    users: world.people.length,
  };
  if (
    found?.bookings !== expected.bookings ||
    found.notifications !== expected.notifications ||
    found.users !== expected.users
  ) {
    throw new Error(
      `the scale data is incomplete: found ${JSON.stringify(found)}, expected ${JSON.stringify(expected)}`,
    );
  }
}

/**
 * Gives a fresh load what autovacuum gives a live database: statistics for the planner, and
 * on PostgreSQL the visibility map that index-only scans need. PGlite runs ANALYZE only.
 */
async function settleTables(db: Db, log: (line: string) => void): Promise<void> {
  const tables = sql`bookings, booking_snapshots, notifications, price_quotes,
    notification_tallies, booking_tallies, agencies, branches, agents, users`;
  const [engine] = await queryRows<{ version: string }>(db, sql`select version()`);
  const pglite = /emscripten|wasm/i.test(engine?.version ?? '');
  await db.execute(pglite ? sql`analyze ${tables}` : sql`vacuum (analyze) ${tables}`);
  log(pglite ? 'analysed' : 'vacuumed and analysed');
}

/** Seeds the demo organisation first when the database is empty, then adds the scale organisation. */
export async function makeScaleData(
  db: Db,
  options: Partial<ScaleOptions> = {},
  log: (line: string) => void = () => undefined,
): Promise<ScaleWorld> {
  const scale = checked({ ...FULL_SCALE, ...options });
  const started = performance.now();
  const took = () => `${Math.round((performance.now() - started) / 1000)} s`;
  // Whole seconds, as the engine's clock writes them.
  const now = new Date(Math.floor(Date.now() / 1000) * 1000);
  if (await isOrganisationEmpty(db)) {
    await seedDemoOrganisation(db);
    await seedDemoSubscriptions(db);
    log('demo organisation made');
  }
  if (await hasScaleOrganisation(db)) throw new ScaleDataExists();

  const organisation = await makeOrganisation(db, scale, SEED);
  log(
    `organisation made: ${organisation.agencyIds.length} agencies, ${organisation.branchIds.length} branches, ${organisation.agents.length} agents, ${organisation.people.length} users (${took()})`,
  );
  const bookings = await makeBookings(db, scale, organisation.agents, SEED, now, log);
  log(`bookings made: ${bookings.length} (${took()})`);
  const totals = await makeNotifications(db, scale.notifications, bookings, SEED, now, log);
  log(`notifications made: ${JSON.stringify(totals)} (${took()})`);

  const world: ScaleWorld = {
    people: organisation.people,
    agencyIds: organisation.agencyIds,
    branchIds: organisation.branchIds,
    agentIds: organisation.agents.map((agent) => agent.agentId),
  };
  await verify(db, world, scale);
  await settleTables(db, log);
  log(`scale data made in ${took()}`);
  return world;
}
