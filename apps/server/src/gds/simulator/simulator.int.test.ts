import type * as Timers from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryRows } from '@/db/client';
import type { NewBooking, TicketingResult } from '@/gds/gds-types';
import {
  createTestDatabase,
  TEST_DATABASE_KINDS,
  type TestDatabase,
} from '../../../test/test-database';
import { seedDemoBookings } from './demo-bookings';
import { planScheduleChange } from './evolve';
import { planDrop } from './fares';
import { HOUR } from './local-time';
import { rngFor } from './random';
import { createSimulator, type Simulator } from './simulator';
import { T0, testRecord, type TestBookingOptions } from './testing';
import { voidUntilOf } from './void-window';

// The pauses the simulator's gate asks for (rate limit, latency), recorded and not waited: what
// a caller would wait is what is asserted, whatever the machine's load.
const pauses = vi.hoisted((): number[] => []);
vi.mock('node:timers/promises', async (importOriginal) => ({
  ...(await importOriginal<typeof Timers>()),
  setTimeout: async (ms: number) => {
    pauses.push(ms);
  },
}));

const NEW_BOOKING: NewBooking = {
  pcc: 'TLV1',
  agentInitials: 'AA',
  type: 'OTA',
  passengers: [
    { title: 'MRS', firstName: 'NOA', lastName: 'COHEN', type: 'ADT', phone: null, email: null },
    { title: 'MSTR', firstName: 'BEN', lastName: 'COHEN', type: 'CHD', phone: null, email: null },
  ],
  contact: { name: 'NOA COHEN', phone: '+972501234567', email: 'noa.cohen@example.com' },
  segments: [
    {
      airline: 'LY',
      flightNumber: '315',
      from: 'TLV',
      to: 'LHR',
      departure: '2026-12-20 06:00',
      arrival: '2026-12-20 09:30',
      flightClass: 'M',
    },
  ],
};

describe.each(TEST_DATABASE_KINDS)('GDS simulator on %s', (kind) => {
  let database: TestDatabase;
  let sim: Simulator;

  const add = async (options: TestBookingOptions) => {
    const record = testRecord(options);
    expect(await sim.importBookings([record])).toBe(1);
    return record;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind, { migrate: false });
    sim = await createSimulator({
      database,
      seed: 42,
      speed: 0,
      startAt: new Date(T0),
      latencyMs: 0,
      ratePerSecond: null,
    });
  });
  afterAll(async () => {
    await sim.close();
    await database.close();
  });
  beforeEach(() => sim.clock.set(new Date(T0)));

  it('should keep its own tables in its own schema when it starts', async () => {
    const rows = await queryRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables
          where table_schema = 'gds_sim' order by table_name`,
    );
    expect(rows.map((r) => r.table_name)).toEqual(['bookings', 'scripts', 'state']);
    expect(await sim.now()).toEqual(new Date(T0));
  });

  it('should reveal a due event through retrieveBooking when the clock moves on', async () => {
    const record = await add({
      key: 'reveal',
      events: (r) => [
        { kind: 'TIME_CHANGE', at: T0 + HOUR, segmentId: r.booking.segments[0]!.id, minutes: 60 },
      ],
    });
    const locator = record.booking.locator;
    expect(await sim.retrieveBooking(locator)).toEqual(record.booking);
    await sim.clock.advance(HOUR - 1);
    expect((await sim.retrieveBooking(locator))?.version).toBe(1);
    await sim.clock.advance(1);
    const changed = await sim.retrieveBooking(locator);
    expect(changed?.version).toBe(2);
    expect(changed?.segments[0]?.status).toBe('TK');
    expect(await sim.retrieveBooking(locator)).toEqual(changed);
    expect(await sim.retrieveBooking('NOPE22')).toBeNull();
  });

  it('should list the bookings changed since a time when their events fall due', async () => {
    const moving = await add({
      key: 'list-a',
      pcc: 'LST1',
      events: (r) => [{ kind: 'CHURN', at: T0 + 2 * HOUR, segmentId: r.booking.segments[0]!.id }],
    });
    const still = await add({ key: 'list-b', pcc: 'LST1' });
    const both = [moving.booking.locator, still.booking.locator].sort();
    expect((await sim.listChangedBookings('LST1', null)).sort()).toEqual(both);
    expect(await sim.listChangedBookings('LST1', new Date(T0))).toEqual([]);
    await sim.clock.advance(3 * HOUR);
    expect(await sim.listChangedBookings('LST1', new Date(T0))).toEqual([moving.booking.locator]);
    // At the change's very instant it is still listed: the last look may have come just before.
    expect(await sim.listChangedBookings('LST1', new Date(T0 + 2 * HOUR))).toEqual([
      moving.booking.locator,
    ]);
    expect(await sim.listChangedBookings('LST1', new Date(T0 + 2 * HOUR + 1))).toEqual([]);
    expect(await sim.listChangedBookings('NONE', null)).toEqual([]);
  });

  it('should store the offered fare when repricing to it, and only once', async () => {
    const record = testRecord({ key: 'reprice', pcc: 'RPC1' });
    record.drops = [planDrop(rngFor(1, 'drop'), record, 'GENUINE', T0 + HOUR, T0 + 9 * HOUR)!];
    await sim.importBookings([record]);
    const locator = record.booking.locator;
    expect(await sim.shopLowerFares(locator)).toEqual([]);
    await sim.clock.advance(2 * HOUR);
    const [offer] = await sim.shopLowerFares(locator);
    expect(offer!.total).toBeLessThan(record.booking.storedFare!.total);
    const result = await sim.repriceTo(locator, offer!);
    expect(result).toMatchObject({ ok: true, booking: { storedFare: offer, version: 2 } });
    expect((await sim.retrieveBooking(locator))?.storedFare).toEqual(offer);
    expect(await sim.listChangedBookings('RPC1', new Date(T0 + HOUR))).toEqual([locator]);
    expect(await sim.repriceTo(locator, offer!)).toEqual({
      ok: false,
      message: expect.stringMatching(/no longer offered/),
    });
    expect(await sim.shopLowerFares('NOPE22')).toEqual([]);
  });

  it('should remove segments when cancelling them', async () => {
    const record = await add({ key: 'cancel-segments' });
    const [first, ...rest] = record.booking.segments;
    const result = await sim.cancelSegments(record.booking.locator, [first!.id]);
    expect(result.ok && result.booking.segments.map((s) => s.id)).toEqual(rest.map((s) => s.id));
    expect((await sim.retrieveBooking(record.booking.locator))?.history.at(-1)).toMatchObject({
      action: 'CANCELLED',
      flightNumber: first!.flightNumber,
    });
    expect(await sim.cancelSegments(record.booking.locator, ['S99'])).toMatchObject({ ok: false });
  });

  it('should cancel the booking when asked, and refuse a second time', async () => {
    const record = await add({ key: 'cancel-booking' });
    const result = await sim.cancelBooking(record.booking.locator);
    expect(result).toMatchObject({ ok: true, booking: { isCancelled: true, version: 2 } });
    expect(await sim.cancelBooking(record.booking.locator)).toMatchObject({ ok: false });
    expect(await sim.cancelBooking('NOPE22')).toEqual({
      ok: false,
      message: 'Booking NOPE22 was not found',
    });
  });

  it('should take the new flight when a schedule change is accepted', async () => {
    const record = await add({
      key: 'accept',
      events: (r) => [
        planScheduleChange(rngFor(3, 'sc'), r.booking.segments[0]!, 'REPLACED', T0 + HOUR),
      ],
    });
    const locator = record.booking.locator;
    expect(await sim.acceptScheduleChange(locator)).toMatchObject({ ok: false });
    await sim.clock.advance(HOUR);
    const changed = await sim.retrieveBooking(locator);
    expect(changed?.segments.map((s) => s.status).slice(0, 2)).toEqual(['UN', 'TK']);
    const result = await sim.acceptScheduleChange(locator);
    expect(result.ok && result.booking.segments.every((s) => s.status === 'HK')).toBe(true);
    expect(result.ok && result.booking.segments).toHaveLength(record.booking.segments.length);
  });

  it('should confirm a waitlist when it has cleared', async () => {
    const record = await add({
      key: 'waitlist',
      waitlisted: true,
      events: (r) => [
        {
          kind: 'WAITLIST_CLEARED',
          status: 'KL',
          at: T0 + HOUR,
          segmentId: r.booking.segments.find((s) => s.status === 'HL')!.id,
        },
      ],
    });
    const locator = record.booking.locator;
    expect(await sim.confirmWaitlist(locator)).toMatchObject({ ok: false });
    await sim.clock.advance(HOUR);
    const result = await sim.confirmWaitlist(locator);
    expect(result.ok && result.booking.segments.map((s) => s.status)).not.toContain('HL');
    expect(result.ok && result.booking.segments.map((s) => s.status)).not.toContain('KL');
    expect(result.ok && result.booking.version).toBe(3);
  });

  it('should answer every scripted ticketing outcome in order when scripted', async () => {
    const record = await add({ key: 'script', type: 'REGULAR' });
    const locator = record.booking.locator;
    const outcomes: TicketingResult[] = [
      { state: 'LOCKED', errorText: null },
      { state: 'FAILURE', errorText: 'Card declined' },
      { state: 'EXPIRED', errorText: null },
      { state: 'PARTIAL_SUCCESS', errorText: null },
      { state: 'SUCCESS', errorText: null },
    ];
    for (const outcome of outcomes) await sim.scriptTicketing(locator, outcome);
    const answers: TicketingResult[] = [];
    const ticketed: boolean[] = [];
    for (let i = 0; i < outcomes.length; i += 1) {
      answers.push(await sim.issueTickets(locator));
      ticketed.push((await sim.retrieveBooking(locator))!.isTicketed);
    }
    expect(answers).toEqual(outcomes);
    expect(ticketed).toEqual([false, false, false, true, true]);
    expect(await sim.issueTickets(locator)).toEqual({
      state: 'FAILURE',
      errorText: 'Booking is already ticketed',
    });
  });

  it('should ticket an online-agency booking when nothing is scripted', async () => {
    const ota = await add({ key: 'ota', type: 'OTA' });
    expect(await sim.issueTickets(ota.booking.locator)).toEqual({
      state: 'SUCCESS',
      errorText: null,
    });
    // Voidable as the ticket's drawn void terms say, and never for longer than a day.
    const voidable = voidUntilOf(ota.booking, T0) !== null;
    expect(await sim.retrieveBooking(ota.booking.locator)).toMatchObject({
      isTicketed: true,
      isVoidable: voidable,
      lastPurchaseAt: null,
      ticketedAt: new Date(T0).toISOString(),
    });
    await sim.clock.advance(24 * HOUR);
    expect((await sim.retrieveBooking(ota.booking.locator))?.isVoidable).toBe(false);
    const regular = await add({ key: 'regular', type: 'REGULAR' });
    expect((await sim.issueTickets(regular.booking.locator)).state).toBe('FAILURE');
  });

  it('should create a priced, confirmed booking with a new locator when asked', async () => {
    const created = await sim.createBooking(NEW_BOOKING);
    expect(created.locator).toMatch(/^[A-Z0-9]{6}$/);
    expect(created).toMatchObject({
      pcc: 'TLV1',
      type: 'OTA',
      ticketingSupported: true,
      createdAt: new Date(T0).toISOString(),
      version: 1,
    });
    expect(created.segments).toMatchObject([{ id: 'S1', status: 'HK', flightNumber: '315' }]);
    expect(created.storedFare?.total).toBeGreaterThan(0);
    expect(created.passengers.map((p) => p.id)).toEqual(['P1', 'P2']);
    expect(await sim.retrieveBooking(created.locator)).toEqual(created);
    const again = await sim.createBooking(NEW_BOOKING);
    expect(again.locator).not.toBe(created.locator);
    await expect(sim.createBooking({ ...NEW_BOOKING, segments: [] })).rejects.toThrow(/segment/);
  });

  it('should keep the ticketing time limit the agent sets when creating a booking', async () => {
    const limit = new Date(T0 + 20 * HOUR).toISOString();
    const created = await sim.createBooking({ ...NEW_BOOKING, ticketingTimeLimit: limit });
    expect(created.lastPurchaseAt).toBe(limit);
    expect((await sim.retrieveBooking(created.locator))?.lastPurchaseAt).toBe(limit);
    await expect(
      sim.createBooking({ ...NEW_BOOKING, ticketingTimeLimit: 'tomorrow' }),
    ).rejects.toThrow(/time limit/);
  });

  it('should answer fare rules when asked for a fare basis', async () => {
    expect((await sim.fareRules('QLX14NR'))?.penalty).toContain('NON-REFUNDABLE');
    expect(await sim.fareRules('')).toBeNull();
  });

  it('should add nothing when the demo is seeded twice', async () => {
    const agents = [{ pcc: 'DEM1', initials: 'AA' }];
    const first = await seedDemoBookings(sim, agents);
    expect(first.added).toBeGreaterThanOrEqual(30);
    await sim.clock.advance(5 * HOUR);
    expect(await seedDemoBookings(sim, agents)).toEqual({ added: 0, locators: first.locators });
    expect((await sim.listChangedBookings('DEM1', null)).sort()).toEqual(
      [...first.locators].sort(),
    );
    expect((await sim.listChangedBookings('DEM1', new Date(T0))).length).toBeGreaterThanOrEqual(8);
  });

  it('should apply both changes when two simulators change one booking at once', async () => {
    const other = await createSimulator({
      database,
      seed: 1,
      speed: 0,
      latencyMs: 0,
      ratePerSecond: null,
    });
    try {
      expect(other.seed).toBe(42);
      const record = await add({ key: 'race', waitlisted: true });
      const held = record.booking.segments.find((s) => s.status === 'HL')!;
      const others = record.booking.segments.filter((s) => s.id !== held.id).map((s) => s.id);
      const results = await Promise.all([
        sim.cancelSegments(record.booking.locator, others),
        other.cancelSegments(record.booking.locator, [held.id]),
      ]);
      expect(results.map((r) => r.ok)).toEqual([true, true]);
      const final = await sim.retrieveBooking(record.booking.locator);
      expect(final?.segments).toEqual([]);
      expect(final?.version).toBe(3);
    } finally {
      await other.close();
    }
  });

  it('should queue calls and add latency when a rate limit and latency are set', async () => {
    const limited = await createSimulator({
      database,
      seed: 42,
      speed: 0,
      latencyMs: 0,
      ratePerSecond: 5,
    });
    const slow = await createSimulator({
      database,
      seed: 42,
      speed: 0,
      latencyMs: 60,
      ratePerSecond: null,
    });
    try {
      // A second's worth goes at once; the rest queue a fifth of a second apart.
      pauses.length = 0;
      await Promise.all(Array.from({ length: 10 }, () => limited.fareRules('YHXFL')));
      expect(pauses.map((ms) => Math.round(ms / 100) * 100)).toEqual([200, 400, 600, 800, 1000]);
      pauses.length = 0;
      for (let i = 0; i < 3; i += 1) await slow.fareRules('YHXFL');
      expect(pauses).toEqual([60, 60, 60]);
      pauses.length = 0;
      await sim.fareRules('YHXFL');
      expect(pauses).toEqual([]);
    } finally {
      await limited.close();
      await slow.close();
    }
  });
});
