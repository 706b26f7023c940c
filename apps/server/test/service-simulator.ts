import { PGlite } from '@electric-sql/pglite';
import { devCalls } from '@smt/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { afterEach, beforeEach } from 'vitest';
import type { Database, Db } from '@/db/client';
import { bookings } from '@/db/schema';
import { createStorageCondition } from '@/db/storage-condition';
import { createSimulator, type Simulator } from '@/gds/simulator/simulator';
import type { Clock } from '@/lib/clock';
import { createDevTools } from '@/modules/dev/dev.service';
import { silentLog } from './silent-log';

// The embedded simulator for the service tests that reach a booking's GDS (the engine's checks,
// a booking made for an agent): over the worker's PGlite of service-database.ts, so the reset
// before each test empties its tables with the product's, and a new one starts from its seed.

/**
 * The simulator over a service test's database, its clock standing still at `startAt` and
 * answering at once, as `createStillDemoWorld` makes it for the HTTP tests.
 */
async function stillSimulatorOn(
  db: Db,
  options: { seed: number; startAt: Date },
): Promise<Simulator> {
  // The simulator makes its own schema with raw SQL, which only the driver underneath runs.
  const client = '$client' in db ? db.$client : null;
  if (!(client instanceof PGlite)) throw new Error('the service database is not a PGlite');
  const database: Database = {
    db,
    kind: 'pglite',
    client,
    exec: async (text) => {
      await client.exec(text);
    },
    // The worker's database outlives the simulator: service-database.ts keeps it.
    close: async () => undefined,
    onConnectionError: () => undefined,
    storage: createStorageCondition(),
  };
  return createSimulator({
    database,
    seed: options.seed,
    speed: 0,
    startAt: options.startAt,
    latencyMs: 0,
    ratePerSecond: null,
  });
}

/**
 * A still simulator for each test of the file that calls this, after `useServiceDatabase()`
 * (whose reset comes first) and with its answer: a fresh one per test, stopped after it.
 */
export function useServiceSimulator(
  database: { readonly db: Db },
  options: { seed: number; startAt: Date },
): { readonly sim: Simulator } {
  let current: Simulator | undefined;
  beforeEach(async () => {
    current = await stillSimulatorOn(database.db, options);
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return {
    get sim() {
      if (!current) throw new Error('the simulator is reached before a test');
      return current;
    },
  };
}

/**
 * A booking made in the simulator for a demo agent and recorded at once, as the dev route
 * `POST dev/gds/bookings` makes it: the engine has not looked at it yet.
 */
export async function aDevBooking(
  deps: { db: Db; sim: Simulator; clock: Clock },
  form: z.input<typeof devCalls.createBooking.body>,
): Promise<{ locator: string; bookingId: number }> {
  const { db, sim, clock } = deps;
  const tools = createDevTools({ db, gds: sim, clock });
  const { locator } = await tools.createBooking(devCalls.createBooking.body.parse(form), silentLog);
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.pnrNumber, locator));
  if (!row) throw new Error(`no booking ${locator}`);
  return { locator, bookingId: row.id };
}
