import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DbKind } from '@/db/client';
import type { NewBooking } from '@/gds/gds-types';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../../test/test-database';
import { HOUR } from './local-time';
import { createSimulator, type SimulatorOptions } from './simulator';
import { T0, testRecord } from './testing';

const NEW_BOOKING: NewBooking = {
  pcc: 'HFA1',
  agentInitials: 'GA',
  type: 'REGULAR',
  passengers: [
    { title: 'MR', firstName: 'ITAI', lastName: 'LEVI', type: 'ADT', phone: null, email: null },
  ],
  contact: { name: 'ITAI LEVI', phone: null, email: 'itai.levi@example.com' },
  segments: [
    {
      airline: 'LH',
      flightNumber: '687',
      from: 'TLV',
      to: 'FRA',
      departure: '2027-01-10 05:25',
      arrival: '2027-01-10 08:55',
      flightClass: 'K',
    },
  ],
};

const frozen = (database: Database, seed: number, startAt = T0): SimulatorOptions => ({
  database,
  seed,
  speed: 0,
  startAt: new Date(startAt),
  latencyMs: 0,
  ratePerSecond: null,
});

/** Opens one database twice in a row, as a restarted process would. */
async function reopenable(kind: DbKind) {
  if (kind === 'pglite') {
    const dir = await mkdtemp(path.join(tmpdir(), 'gds-sim-'));
    const dataDir = path.join(dir, 'pglite');
    return {
      open: () => openDatabase({ kind: 'pglite', dataDir }),
      dispose: () => rm(dir, { recursive: true, force: true }),
    };
  }
  const test = await createTestDatabase('postgres', { migrate: false });
  return {
    open: () => openDatabase({ kind: 'postgres', url: test.url!, poolSize: 2 }),
    dispose: () => test.close(),
  };
}

describe.each(TEST_DATABASE_KINDS)('GDS simulator restarts on %s', (kind) => {
  let place: Awaited<ReturnType<typeof reopenable>>;
  beforeAll(async () => {
    place = await reopenable(kind);
  });
  afterAll(() => place.dispose());

  it('should carry on with its seed, clock, bookings and scripts when reopened', async () => {
    const record = testRecord({
      key: 'restart',
      events: (r) => [
        {
          kind: 'TIME_CHANGE',
          at: T0 + 8 * HOUR,
          segmentId: r.booking.segments[0]!.id,
          minutes: 30,
        },
      ],
    });
    let database = await place.open();
    const first = await createSimulator(frozen(database, 7));
    const created = await first.createBooking(NEW_BOOKING);
    await first.importBookings([record]);
    await first.clock.advance(5 * HOUR);
    await first.scriptTicketing(created.locator, { state: 'LOCKED', errorText: null });
    await first.close();
    await database.close();

    database = await place.open();
    const second = await createSimulator(frozen(database, 999, T0 + 100 * 24 * HOUR));
    try {
      expect(second.seed).toBe(7);
      expect(second.clock.now()).toEqual(new Date(T0 + 5 * HOUR));
      expect(await second.retrieveBooking(created.locator)).toEqual(created);
      expect(await second.issueTickets(created.locator)).toEqual({
        state: 'LOCKED',
        errorText: null,
      });
      expect((await second.retrieveBooking(record.booking.locator))?.version).toBe(1);
      await second.clock.advance(3 * HOUR);
      expect((await second.retrieveBooking(record.booking.locator))?.segments[0]?.status).toBe(
        'TK',
      );
      expect((await second.createBooking(NEW_BOOKING)).locator).not.toBe(created.locator);
    } finally {
      await second.close();
      await database.close();
    }
  });
});

describe.each(TEST_DATABASE_KINDS)('GDS simulator segment instants on %s', (kind) => {
  it('should give segments their UTC instants when a booking is made and when one stored without them is read', async () => {
    const database = await createTestDatabase(kind, { migrate: false });
    const sim = await createSimulator(frozen(database, 5));
    try {
      const created = await sim.createBooking(NEW_BOOKING);
      // TLV is UTC+2 and Frankfurt UTC+1 in January.
      expect(created.segments[0]).toMatchObject({
        departsAt: '2027-01-10T03:25:00.000Z',
        arrivesAt: '2027-01-10T07:55:00.000Z',
      });

      // A booking stored before segments carried instants.
      const old = testRecord({ key: 'before-instants' });
      const withInstants = old.booking.segments.map((segment) => ({ ...segment }));
      for (const segment of old.booking.segments) {
        delete (segment as Partial<typeof segment>).departsAt;
        delete (segment as Partial<typeof segment>).arrivesAt;
      }
      await sim.importBookings([old]);

      const read = await sim.retrieveBooking(old.booking.locator);
      expect(read?.segments).toEqual(withInstants);
    } finally {
      await sim.close();
      await database.close();
    }
  });
});

describe.each(TEST_DATABASE_KINDS)('GDS simulator determinism on %s', (kind) => {
  it('should make the same booking on a fresh database when the seed and clock are the same', async () => {
    const made = [];
    for (let run = 0; run < 2; run += 1) {
      const database = await createTestDatabase(kind, { migrate: false });
      const sim = await createSimulator(frozen(database, 11));
      try {
        await sim.clock.advance(HOUR);
        const booking = await sim.createBooking(NEW_BOOKING);
        await sim.clock.advance(20 * 24 * HOUR);
        made.push({
          booking: await sim.retrieveBooking(booking.locator),
          offers: await sim.shopLowerFares(booking.locator),
        });
      } finally {
        await sim.close();
        await database.close();
      }
    }
    expect(made[0]).toEqual(made[1]);
    expect(made[0]?.booking?.locator).toMatch(/^[A-Z0-9]{6}$/);
  });

  it('should run faster than real time when a speed is set', async () => {
    const database = await createTestDatabase(kind, { migrate: false });
    let real = 1_000_000;
    const sim = await createSimulator({
      ...frozen(database, 3),
      speed: 60,
      realNow: () => real,
    });
    try {
      const record = testRecord({
        key: 'speed',
        events: (r) => [{ kind: 'CHURN', at: T0 + HOUR, segmentId: r.booking.segments[0]!.id }],
      });
      await sim.importBookings([record]);
      real += 59_000;
      expect((await sim.retrieveBooking(record.booking.locator))?.version).toBe(1);
      real += 1_000;
      expect(await sim.now()).toEqual(new Date(T0 + HOUR));
      expect((await sim.retrieveBooking(record.booking.locator))?.version).toBe(2);
    } finally {
      await sim.close();
      await database.close();
    }
  });
});
