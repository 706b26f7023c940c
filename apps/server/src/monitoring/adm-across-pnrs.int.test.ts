import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { bookings, branches, notifications } from '@/db/schema';
import type { NewBooking } from '@/gds/gds-types';
import { type Simulator } from '@/gds/simulator/simulator';
import { Clock } from '@/lib/clock';
import { silentLog } from '../../test/silent-log';
import { createStillDemoWorld } from '../../test/still-demo-world';
import {
  createTestDatabase,
  TEST_DATABASE_KINDS,
  type TestDatabase,
} from '../../test/test-database';
import { syncBranch } from './booking-sync';
import { checkBooking, type EngineDeps } from './check-booking';
import { travellerBookingsQuery } from './monitored-bookings.repository';

// docs/decisions/063: a passenger's flight cancelled and booked again in new PNRs counts as
// churning across them, and a passenger in the air on two bookings' flights at once is an
// overlapping trip; both raised on the PNR that made the latest booking, within the agency.

const START = new Date('2026-03-02T06:00:00Z');
const MINUTE = 60_000;

type Leg = Pick<
  NewBooking['segments'][number],
  'airline' | 'flightNumber' | 'from' | 'to' | 'departure' | 'arrival'
>;
const LY7: Leg = {
  airline: 'LY',
  flightNumber: '7',
  from: 'TLV',
  to: 'JFK',
  departure: '2026-04-01 10:00',
  arrival: '2026-04-01 15:30',
};
// In the air from 12:00 in Tel Aviv until 18:00 in Newark, while LY7 flies.
const UA90: Leg = {
  airline: 'UA',
  flightNumber: '90',
  from: 'TLV',
  to: 'EWR',
  departure: '2026-04-01 12:00',
  arrival: '2026-04-01 18:00',
};

const request = (pcc: string, agentInitials: string, lastName: string, leg: Leg) =>
  ({
    pcc,
    agentInitials,
    type: 'REGULAR',
    passengers: [
      { title: 'MS', firstName: 'DINA', lastName, type: 'ADT', phone: null, email: null },
    ],
    contact: { name: `DINA ${lastName}`, phone: null, email: null },
    segments: [{ ...leg, flightClass: 'Y' }],
  }) satisfies NewBooking;

describe.each(TEST_DATABASE_KINDS)('ADMs across PNRs on %s', (kind) => {
  let database: TestDatabase;
  let sim: Simulator;
  let deps: EngineDeps;
  const made: string[] = [];

  const idOf = async (pnr: string) => {
    const [row] = await database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.pnrNumber, pnr));
    return row!.id;
  };
  const syncAndCheck = async (...pnrs: string[]) => {
    for (const branch of await database.db.select().from(branches)) await syncBranch(deps, branch);
    for (const pnr of pnrs) await checkBooking(deps, await idOf(pnr));
  };
  /** Made in Demo Travel's Tel Aviv branch, checked, then cancelled and checked again. */
  const bookAndCancel = async (lastName: string) => {
    const { locator } = await sim.createBooking(request('TLV1', 'AA', lastName, LY7));
    made.push(locator);
    await syncAndCheck(locator);
    await sim.clock.advance(MINUTE);
    expect((await sim.cancelBooking(locator)).ok).toBe(true);
    await syncAndCheck(locator);
    await sim.clock.advance(MINUTE);
    return locator;
  };
  const alertsOf = async (pnr: string, type: 'Churning' | 'DuplicateBooking') =>
    (
      await database.db
        .select({
          title: notifications.title,
          titleMessage: notifications.titleMessage,
          payload: notifications.payload,
          dedupeKey: notifications.dedupeKey,
          subtype: notifications.subtype,
        })
        .from(notifications)
        .where(and(eq(notifications.bookingId, await idOf(pnr)), eq(notifications.type, type)))
        .orderBy(asc(notifications.id))
    ).map(({ payload, ...row }) => ({ ...row, alerts: payload.alerts }));

  beforeAll(async () => {
    ({ database, sim } = await createStillDemoWorld(kind, { seed: 7, startAt: START }));
    deps = { db: database.db, gds: sim, clock: new Clock(), log: silentLog };
  });
  afterAll(async () => {
    await sim.close();
    await database.close();
  });

  it('should raise nothing while the cancellations across PNRs stay under the churning line', async () => {
    await bookAndCancel('LEVI');
    // The same passenger as another agent typed her: case and punctuation differ.
    await bookAndCancel('Levi.');
    const { locator } = await sim.createBooking(request('TLV1', 'AA', 'LEVI', LY7));
    made.push(locator);
    await syncAndCheck(locator);

    expect(await alertsOf(locator, 'Churning')).toEqual([]);
  });

  it('should raise churning on the PNR that booked the flight again after a third cancellation', async () => {
    const third = made[2]!;
    await sim.clock.advance(MINUTE);
    expect((await sim.cancelBooking(third)).ok).toBe(true);
    await syncAndCheck(third);
    await sim.clock.advance(MINUTE);
    const { locator } = await sim.createBooking(request('TLV1', 'AA', 'LEVI', LY7));
    await syncAndCheck(locator);

    const across = [locator, ...[...made].sort()].join(', ');
    expect(await alertsOf(locator, 'Churning')).toEqual([
      {
        title: 'Churning',
        titleMessage: `LY7 on 01/04/2026 10:00 cancelled 3 times across PNRs ${across}`,
        alerts: [
          {
            text: `Flight LY7 on 01/04/2026 10:00 was booked and cancelled 3 times across PNRs ${across}: the airline may charge an ADM for churning`,
          },
        ],
        dedupeKey: 'ADM:LY7:2026-04-01:3',
        subtype: 'Pending',
      },
    ]);
    for (const earlier of made) expect(await alertsOf(earlier, 'Churning')).toEqual([]);
    made.push(locator);
  });

  it('should raise an overlapping trip on the later PNR, and nothing in another agency', async () => {
    const live = made[3]!;
    await sim.clock.advance(MINUTE);
    const { locator: overlapping } = await sim.createBooking(request('TLV1', 'AA', 'LEVI', UA90));
    // Globe Tours' Haifa branch: the same name in another agency is nobody's duplicate.
    const { locator: foreign } = await sim.createBooking(request('HFA1', 'GG', 'LEVI', UA90));
    await syncAndCheck(live, overlapping, foreign);

    expect(await alertsOf(overlapping, 'DuplicateBooking')).toEqual([
      {
        title: 'Overlapping trips',
        titleMessage: `UA90 on 01/04/2026 overlaps LY7 in ${live}`,
        alerts: [
          {
            text: `LEVI/DINA is booked on UA90 TLV-EWR departing 01/04/2026 12:00 and, in ${live}, on LY7 TLV-JFK departing 01/04/2026 10:00: nobody can fly both, and airlines bill overlapping bookings as duplicates. Cancel the one not travelled`,
          },
        ],
        dedupeKey: expect.stringMatching(new RegExp(`^DUPOV:.+:${live}:LY7:2026-04-01$`)),
        subtype: 'Pending',
      },
    ]);
    expect(await alertsOf(live, 'DuplicateBooking')).toEqual([]);
    expect(await alertsOf(foreign, 'DuplicateBooking')).toEqual([]);
  });
});

// PostgreSQL's planner is the one worth asking (as indexes.int.test.ts does).
describe.runIf(TEST_DATABASE_KINDS.includes('postgres'))(
  'traveller lookup plan on postgres',
  () => {
    let database: TestDatabase;

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      await database.exec(`
      insert into agencies (name) select 'Agency ' || g from generate_series(1, 40) g;
      insert into branches (agency_id, pcc, name) select id, 'P' || id, 'Branch' from agencies;
      insert into agents (branch_id, name, initials) select id, 'Agent', 'AA' from branches;
      insert into bookings (gds_id, pnr_number, agency_id, branch_id, agent_id, pnr_created_at,
        passenger_keys, is_cancelled, is_flown)
      select 'SIM', 'B' || g, b.agency_id, b.id, a.id, now() - (g % 90) * interval '1 day',
        array['levi/dina' || (g % 5000)], g % 7 = 0, g % 11 = 0
      from generate_series(1, 40000) g
      join branches b on b.id = 1 + g % 40
      join agents a on a.branch_id = b.id;
      analyze;
    `);
    });
    afterAll(() => database.close());

    it("should read the passenger keys' index, not the table", async () => {
      const query = travellerBookingsQuery(
        database.db,
        { id: 1, agencyId: 3 },
        ['levi/dina42'],
        new Date(Date.now() - 30 * 86_400_000),
      );
      const rows = await queryRows<{ 'QUERY PLAN': string }>(database.db, sql`explain ${query}`);
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');

      expect(plan).not.toMatch(/Seq Scan on bookings/);
      expect(plan).toMatch(/bookings_passenger_keys_idx|bookings_agency_created_idx/);
    });
  },
);
