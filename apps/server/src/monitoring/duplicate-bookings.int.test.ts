import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { bookingChecks, bookings, branches, notifications, users } from '@/db/schema';
import { scopeOf } from '@/db/scope';
import type { NewBooking } from '@/gds/gds-types';
import { type Simulator } from '@/gds/simulator/simulator';
import { Clock } from '@/lib/clock';
import { createNotificationOperations } from '@/modules/notifications/notification-operations.service';
import { silentLog } from '../../test/silent-log';
import { createStillDemoWorld } from '../../test/still-demo-world';
import {
  createTestDatabase,
  TEST_DATABASE_KINDS,
  type TestDatabase,
} from '../../test/test-database';
import { syncBranch } from './booking-sync';
import { checkBooking, type EngineDeps } from './check-booking';
import { otherLiveBookingsQuery } from './monitored-bookings.repository';

// docs/decisions/040: the same passenger on the same flight and day in two live bookings of
// one agency is raised once, on the later booking; another agency's booking is not looked at.

const START = new Date('2026-03-02T06:00:00Z');
const MINUTE = 60_000;

const request = (pcc: string, agentInitials: string, firstName: string, lastName: string) =>
  ({
    pcc,
    agentInitials,
    type: 'REGULAR',
    passengers: [{ title: 'MR', firstName, lastName, type: 'ADT', phone: null, email: null }],
    contact: { name: `${firstName} ${lastName}`, phone: null, email: null },
    segments: [
      {
        airline: 'LY',
        flightNumber: '7',
        from: 'TLV',
        to: 'JFK',
        departure: '2026-04-01 10:00',
        arrival: '2026-04-01 22:00',
        flightClass: 'Y',
      },
    ],
  }) satisfies NewBooking;

describe.each(TEST_DATABASE_KINDS)('duplicate bookings on %s', (kind) => {
  let database: TestDatabase;
  let sim: Simulator;
  let deps: EngineDeps;
  // Made in this order, a minute apart: Demo Travel's Tel Aviv and Jerusalem branches, then
  // Globe Tours' Haifa branch, each holding Ari Gold on LY7 on 1 April.
  const locator = { first: '', second: '', foreign: '' };
  const idOf: Record<string, number> = {};

  const checkAll = async () => {
    for (const pnr of [locator.first, locator.second, locator.foreign]) {
      await checkBooking(deps, idOf[pnr]!);
    }
  };
  const duplicatesOf = (pnr: string) =>
    database.db
      .select({
        title: notifications.title,
        titleMessage: notifications.titleMessage,
        group: notifications.group,
        dedupeKey: notifications.dedupeKey,
        subtype: notifications.subtype,
      })
      .from(notifications)
      .where(
        and(eq(notifications.bookingId, idOf[pnr]!), eq(notifications.type, 'DuplicateBooking')),
      )
      .orderBy(asc(notifications.id));

  /** Why the duplicate detector raised nothing on the booking's latest check. */
  const lastReason = async (pnr: string) => {
    const [check] = await database.db
      .select({ decisions: bookingChecks.decisions })
      .from(bookingChecks)
      .where(eq(bookingChecks.bookingId, idOf[pnr]!))
      .orderBy(desc(bookingChecks.checkedAt))
      .limit(1);
    return check?.decisions.find((d) => d.detector === 'DuplicateBooking');
  };

  beforeAll(async () => {
    ({ database, sim } = await createStillDemoWorld(kind, { seed: 5, startAt: START }));
    deps = { db: database.db, gds: sim, clock: new Clock(), log: silentLog };
    locator.first = (await sim.createBooking(request('TLV1', 'AA', 'ARI', 'GOLD'))).locator;
    await sim.clock.advance(MINUTE);
    // The same person as the agent typed him in another branch: case and spacing differ.
    locator.second = (await sim.createBooking(request('JRS1', 'BB', 'Ari ', 'gold'))).locator;
    await sim.clock.advance(MINUTE);
    locator.foreign = (await sim.createBooking(request('HFA1', 'GG', 'ARI', 'GOLD'))).locator;
    for (const branch of await database.db.select().from(branches)) await syncBranch(deps, branch);
    for (const row of await database.db
      .select({ id: bookings.id, pnr: bookings.pnrNumber })
      .from(bookings)) {
      idOf[row.pnr] = row.id;
    }
    await checkAll();
  });
  afterAll(async () => {
    await sim.close();
    await database.close();
  });

  it('should raise one DuplicateBooking, on the later booking of the agency', async () => {
    expect(await duplicatesOf(locator.first)).toEqual([]);
    expect(await duplicatesOf(locator.second)).toEqual([
      {
        title: 'Duplicate booking',
        titleMessage: `LY7 on 01/04/2026 also held in ${locator.first}`,
        group: 'ADM',
        dedupeKey: `DUP:LY7:2026-04-01:gold/ari:${[locator.first, locator.second].sort().join(',')}`,
        subtype: 'Pending',
      },
    ]);
  });

  it("should not look at another agency's booking of the same passenger and flight", async () => {
    expect(await duplicatesOf(locator.foreign)).toEqual([]);
    expect(await lastReason(locator.foreign)).toMatchObject({
      outcome: 'nothing',
      reason: 'no other live booking of the agency holds these passengers on these flights',
    });
  });

  it('should raise nothing again when the bookings are checked again', async () => {
    await sim.clock.advance(MINUTE);
    await checkAll();

    expect(await duplicatesOf(locator.second)).toHaveLength(1);
    expect(await lastReason(locator.second)).toMatchObject({ outcome: 'nothing' });
    expect(await duplicatesOf(locator.first)).toEqual([]);
    // The earlier booking, checked once the later one had a snapshot, says where the alert is.
    expect((await lastReason(locator.first))?.reason).toBe(
      `LY7 on 01/04/2026 is also held in ${locator.second}: raised on the later booking ${locator.second}`,
    );
  });

  it('should find no duplicate once the earlier booking is cancelled', async () => {
    expect((await sim.cancelBooking(locator.first)).ok).toBe(true);
    await sim.clock.advance(MINUTE);
    await checkAll();

    expect((await lastReason(locator.second))?.reason).toBe(
      'no other live booking of the agency holds these passengers on these flights',
    );
    // The alert already raised waits for the agent to confirm the cancellation.
    expect(await duplicatesOf(locator.second)).toHaveLength(1);
  });

  it('should complete the alert when the agency manager confirms it', async () => {
    const [maya] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, 'manager@demo.test'));
    const manager = { userId: maya!.id, realUserId: maya!.id, scope: scopeOf(maya!) };
    const [alert] = await database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.type, 'DuplicateBooking'));
    const operations = createNotificationOperations({
      db: database.db,
      gds: sim,
      clock: new Clock(),
    });

    const { header } = await operations.execute(manager, alert!.id, 'A');

    expect(header).toMatchObject({
      type: 'DuplicateBooking',
      subtype: 'Complete',
      title: 'Confirmed',
      title_message: 'The duplicate booking warning is acknowledged',
    });
  });
});

// PostgreSQL's planner is the one worth asking (as indexes.int.test.ts does).
describe.runIf(TEST_DATABASE_KINDS.includes('postgres'))(
  'duplicate lookup plan on postgres',
  () => {
    let database: TestDatabase;

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      await database.exec(`
      insert into agencies (name) select 'Agency ' || g from generate_series(1, 40) g;
      insert into branches (agency_id, pcc, name) select id, 'P' || id, 'Branch' from agencies;
      insert into agents (branch_id, name, initials) select id, 'Agent', 'AA' from branches;
      insert into bookings (gds_id, pnr_number, agency_id, branch_id, agent_id, pnr_created_at,
        flights, is_cancelled, is_departed)
      select 'SIM', 'B' || g, b.agency_id, b.id, a.id, now(),
        array['LY' || (g % 400), 'UA' || (g % 90)], g % 7 = 0, g % 11 = 0
      from generate_series(1, 40000) g
      join branches b on b.id = 1 + g % 40
      join agents a on a.branch_id = b.id;
      analyze;
    `);
    });
    afterAll(() => database.close());

    it("should read an index for the agency's live bookings on the flights, not the table", async () => {
      const query = otherLiveBookingsQuery(database.db, { id: 1, agencyId: 3 }, ['LY7', 'UA7']);
      const rows = await queryRows<{ 'QUERY PLAN': string }>(database.db, sql`explain ${query}`);
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');

      expect(plan).not.toMatch(/Seq Scan on bookings/);
      expect(plan).toMatch(/bookings_live_flights_idx|bookings_agency_created_idx/);
    });
  },
);
