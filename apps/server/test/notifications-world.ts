import { asc, sql } from 'drizzle-orm';
import type { DbKind } from '@/db/client';
import { queryRows } from '@/db/client';
import { buildApp, type App } from '@/app';
import { loadEnv } from '@/config/env';
import { branches } from '@/db/schema';
import { seedDemoOrganisation } from '@/db/seed/seed';
import { seedDemoBookings } from '@/gds/simulator/demo-bookings';
import { createSimulator, type Simulator } from '@/gds/simulator/simulator';
import { T0 } from '@/gds/simulator/testing';
import { syncBranch } from '@/monitoring/booking-sync';
import { checkBooking, type EngineDeps } from '@/monitoring/check-booking';
import { ensureDefaultProcessSettings } from '@/monitoring/process-settings';
import { DEMO, signIn, type DemoPerson, type SignedIn } from './sign-in';
import { createTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from './test-database';
import { sharedWorldImage, type WorldImage } from './notifications-world-image';

const HOUR = 3_600_000;

/** Every demo user who books, by PCC and initials (CONTRACT's organisation). */
export const DEMO_AGENT_SIGNS = [
  { pcc: 'TLV1', initials: 'MM' },
  { pcc: 'TLV1', initials: 'AA' },
  { pcc: 'TLV1', initials: 'BA' },
  { pcc: 'JRS1', initials: 'BB' },
  { pcc: 'HFA1', initials: 'GG' },
  { pcc: 'HFA1', initials: 'GA' },
];

export type NotificationsWorld = {
  app: App;
  database: TestDatabase;
  sim: Simulator;
  /** The engine's loops, once: every branch synced, every booking checked. */
  runEngine: () => Promise<void>;
  /** Signs a demo person in once and keeps their headers for the file's tests. */
  headersOf: (person: DemoPerson) => Promise<Record<string, string>>;
  close: () => Promise<void>;
};

/** The product over `database`: the simulator on it, the app and the engine's loops, once. */
async function openWorld(database: TestDatabase) {
  const sim = await createSimulator({
    database,
    seed: 7,
    speed: 0,
    // Where a new simulator starts; one on a copy of the world continues the world's clock.
    startAt: new Date(T0),
    latencyMs: 0,
    ratePerSecond: null,
  });
  const env = loadEnv({ APP_ENV: 'local', LOG_LEVEL: 'silent' });
  const app = await buildApp({ env, database, gds: sim, logger: false, webDistDir: '/none' });
  await app.ready();

  const deps: EngineDeps = { db: database.db, gds: sim, clock: app.clock, log: app.log };
  const runEngine = async () => {
    const all = await database.db.select().from(branches).orderBy(asc(branches.id));
    for (const branch of all) await syncBranch(deps, branch);
    const ids = await queryRows<{ id: number }>(
      database.db,
      sql`select id from bookings order by id`,
    );
    for (const { id } of ids) await checkBooking(deps, id);
  };
  return { sim, app, runEngine };
}

/**
 * Builds the world on `database`: the demo organisation, every demo agent's bookings in the
 * simulator and what the engine raises on them.
 */
async function buildWorld(database: TestDatabase): Promise<void> {
  await seedDemoOrganisation(database.db);
  await ensureDefaultProcessSettings(database.db);
  const { sim, app, runEngine } = await openWorld(database);
  await seedDemoBookings(sim, DEMO_AGENT_SIGNS);
  // The first look finds the offered fares; hours on, schedule changes, cleared waitlists,
  // removed segments and the second ticketing deadline have come up too.
  await runEngine();
  await sim.clock.advance(5 * HOUR);
  await runEngine();
  await sim.clock.advance(3 * HOUR);
  await runEngine();
  await app.close();
  await sim.close();
}

/**
 * The built world's database, made once per run and kind and copied for each file
 * (notifications-world-image.ts): building it runs the engine over every demo booking three
 * times, some 25 s of a core on PGlite and 10 on PostgreSQL, which every worker paid for each
 * database when each made its own.
 */
const images = new Map<DbKind, Promise<WorldImage>>();

function worldImage(kind: DbKind): Promise<WorldImage> {
  let image = images.get(kind);
  if (!image) {
    // While another process builds this one, this one builds the other database's.
    const buildOthers = () => {
      for (const other of TEST_DATABASE_KINDS) {
        if (!images.has(other)) void worldImage(other).catch(() => undefined);
      }
    };
    image = sharedWorldImage(kind, buildWorld, buildOthers);
    images.set(kind, image);
  }
  return image;
}

/**
 * The whole product over a fresh database, with the simulator holding every demo agent's
 * bookings and the engine having raised what they bring: pending notifications of every group
 * for every agent, as CONTRACT's demo has them. Time stands still unless a test moves the
 * simulator's clock.
 */
export async function createNotificationsWorld(kind: DbKind): Promise<NotificationsWorld> {
  const database = await createTestDatabase(kind, { from: await worldImage(kind) });
  const { sim, app, runEngine } = await openWorld(database);

  const signedIn = new Map<string, Promise<SignedIn>>();
  const headersOf = async (person: DemoPerson) => {
    let session = signedIn.get(person.email);
    if (!session) {
      session = signIn(app, person);
      signedIn.set(person.email, session);
    }
    return (await session).headers;
  };

  return {
    app,
    database,
    sim,
    runEngine,
    headersOf,
    close: async () => {
      await app.close();
      await sim.close();
      await database.close();
    },
  };
}

export { DEMO };
