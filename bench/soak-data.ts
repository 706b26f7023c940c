import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from '@/db/client';
import { runMigrations } from '@/db/migrate';
import { DEMO } from '../apps/server/test/sign-in';
import { freshPostgres } from './fresh-postgres';
import { FULL_SCALE, makeScaleData, type ScaleOptions, type ScalePerson } from './scale-data';
import type { Person } from './soak-user';

// The soak's database and its people: a fresh PostgreSQL database filled with the scale data,
// or one `npm run bench:data` made, and who among its users the simulated people are.

/**
 * The organisation of the full scale, with a fifth of its bookings and notifications: the full
 * load takes long enough on this machine that a soak run would mostly be its loading.
 */
export const SOAK_DATA: Partial<ScaleOptions> = { bookings: 20_000, notifications: 200_000 };
/** Managers among the simulated people, besides the demo ones. */
const MANAGER_SHARE = 0.15;

export type Prepared = {
  database: Database;
  url: string;
  people: ScalePerson[];
  drop?: () => Promise<void>;
};

/** The agents and managers already in a database (a reused one: its users are the world). */
async function peopleIn(database: Database): Promise<ScalePerson[]> {
  const rows = await queryRows<ScalePerson & { roles: string[] }>(
    database.db,
    sql`select name, email, phone, roles, agency_id as "agencyId", branch_id as "branchId",
        agent_id as "agentId"
      from users
      where enabled and activated and roles && array['ROLE_SA_AGENT_USER', 'ROLE_SA_MANAGER_USER']::text[]
      order by id`,
  );
  return rows.map(({ roles, ...person }) => ({
    ...person,
    role: roles.includes('ROLE_SA_MANAGER_USER') ? 'Manager' : 'Agent',
  }));
}

export async function prepare(full: boolean, reuse: string | undefined): Promise<Prepared> {
  if (reuse) {
    const database = await openDatabase({ kind: 'postgres', url: reuse, poolSize: 2 });
    await runMigrations(database);
    console.log('soak: reusing the database of SOAK_DATABASE_URL');
    return { database, url: reuse, people: await peopleIn(database) };
  }
  const { database, url, drop } = await freshPostgres(4);
  await runMigrations(database);
  const options = { ...FULL_SCALE, ...(full ? {} : SOAK_DATA) };
  console.log(`soak: making the ${full ? 'full' : 'soak'} scale data in a fresh database`);
  const world = await makeScaleData(database.db, options, (line) => console.log(`  ${line}`));
  return { database, url, people: world.people, drop };
}

/** The demo users, then managers and agents spread evenly over the organisation. */
export function choosePeople(scale: ScalePerson[], count: number): Person[] {
  const demo: Person[] = Object.values(DEMO);
  const known = new Set(demo.map((p) => p.phone));
  const others = scale.filter((p) => !known.has(p.phone));
  const spread = <T>(items: T[], n: number) =>
    n <= 0
      ? []
      : Array.from(
          { length: Math.min(n, items.length) },
          (_, i) => items[Math.floor((i * items.length) / Math.min(n, items.length))]!,
        );
  const left = Math.max(0, count - demo.length);
  const managers = spread(
    others.filter((p) => p.role === 'Manager'),
    Math.round(left * MANAGER_SHARE),
  );
  const agents = spread(
    others.filter((p) => p.role === 'Agent'),
    left - managers.length,
  );
  return [...demo, ...managers, ...agents].slice(0, count);
}

export type Totals = {
  version: string;
  agencies: number;
  agents: number;
  users: number;
  bookings: number;
  notifications: number;
};

export async function totalsOf(database: Database): Promise<Totals> {
  const [row] = await queryRows<Totals>(
    database.db,
    sql`select split_part(current_setting('server_version'), ' ', 1) as version,
      (select count(*) from agencies)::int as agencies, (select count(*) from agents)::int as agents,
      (select count(*) from users)::int as users, (select count(*) from bookings)::int as bookings,
      (select count(*) from notifications)::int as notifications`,
  );
  if (!row) throw new Error('no totals');
  return row;
}
