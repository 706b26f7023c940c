import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches, notifications, users } from '@/db/schema';
import { seedDemoOrganisation } from '@/db/seed/seed';
import { DEMO_SCRIPT_HOURS, seedDemoBookings } from '@/gds/simulator/demo-bookings';
import { createSimulator, type Simulator } from '@/gds/simulator/simulator';
import { Clock } from '@/lib/clock';
import { silentLog } from '../../test/silent-log';
import {
  createTestDatabase,
  TEST_DATABASE_KINDS,
  type TestDatabase,
} from '../../test/test-database';
import { syncBranch } from './booking-sync';
import { checkBooking, type EngineDeps } from './check-booking';
import { claimDueBookings } from './monitored-bookings.repository';
import { ensureDefaultProcessSettings } from './process-settings';

// Issue 38: a newcomer signed in as the demo agent finds a completed notification under
// Ticketing Due, Reschedule and Waitlist, each completed by the engine from what the GDS did
// in the demo's scripted hours, not written by the seed.

const MINUTE = 60_000;
const START = new Date('2026-03-02T06:00:00Z');
/** The engine's shortest check interval (SC, HL, C, ADM: 30 minutes), as the demo runs it. */
const STEP = 30 * MINUTE;

type World = { database: TestDatabase; sim: Simulator; deps: EngineDeps };

async function runEngine({ database, sim, deps }: World) {
  const [branch] = await database.db
    .select({ id: branches.id, pcc: branches.pcc, gdsSyncedAt: branches.gdsSyncedAt })
    .from(branches)
    .where(eq(branches.pcc, 'TLV1'));
  if (!branch) throw new Error('no TLV1');
  await syncBranch(deps, branch);
  for (const id of await claimDueBookings(database.db, await sim.now(), 10_000, 5 * MINUTE))
    await checkBooking(deps, id);
}

describe.each(TEST_DATABASE_KINDS)("the demo agent's completed notifications on %s", (kind) => {
  let world: World;
  beforeAll(async () => {
    const database = await createTestDatabase(kind);
    await seedDemoOrganisation(database.db);
    await ensureDefaultProcessSettings(database.db);
    const sim = await createSimulator({
      database,
      seed: 7,
      speed: 0,
      startAt: START,
      latencyMs: 0,
      ratePerSecond: null,
    });
    await seedDemoBookings(sim, [{ pcc: 'TLV1', initials: 'AA' }]);
    world = {
      database,
      sim,
      deps: { db: database.db, gds: sim, clock: new Clock(), log: silentLog },
    };
    await runEngine(world);
    for (let t = STEP; t <= DEMO_SCRIPT_HOURS * 60 * MINUTE; t += STEP) {
      await sim.clock.advance(STEP);
      await runEngine(world);
    }
  }, 240_000);
  afterAll(async () => {
    await world.sim.close();
    await world.database.close();
  });

  it('should hold a Ticketing Due, a Reschedule and a Waitlist completed by the engine', async () => {
    const rows = await world.database.db
      .select({
        type: notifications.type,
        titleMessage: notifications.titleMessage,
        completedAt: notifications.completedAt,
      })
      .from(notifications)
      .innerJoin(users, eq(users.agentId, notifications.agentId))
      .where(and(eq(users.email, 'agent@demo.test'), eq(notifications.subtype, 'Complete')))
      .orderBy(asc(notifications.id));
    const byType = (type: string) => rows.filter((row) => row.type === type);

    expect(byType('TicketingDue')).toEqual([
      expect.objectContaining({ titleMessage: 'Withdrawn: the booking is ticketed' }),
    ]);
    expect(byType('Reschedule')).toEqual([
      expect.objectContaining({ titleMessage: 'Withdrawn: the airline took the change back' }),
    ]);
    expect(byType('HoldsWaitlist')).toEqual([
      expect.objectContaining({
        titleMessage: expect.stringMatching(/^Withdrawn: .+ is confirmed \(HK\)$/),
      }),
    ]);
    for (const row of rows) expect(row.completedAt).not.toBeNull();
  });
});
