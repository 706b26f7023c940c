import { describe, expect, it } from 'vitest';
import {
  addEvents,
  catchUp,
  nextEventAt,
  planRandomFuture,
  planScheduleChange,
  ticket,
} from './evolve';
import { firstDeparture } from './fares';
import { DAY, HOUR } from './local-time';
import { generateBooking } from './make-booking';
import { locatorFor, rngFor } from './random';
import type { SimRecord } from './sim-types';
import { T0, hours, testRecord } from './testing';
import { voidUntilOf } from './void-window';
import { departureInstant } from './world';

const statuses = (record: SimRecord) => record.booking.segments.map((s) => s.status).join(' ');

function randomRecord(seed: number): SimRecord {
  const locator = locatorFor(seed, 'created', 1);
  const record = generateBooking(rngFor(seed, 'booking', locator), {
    locator,
    pcc: 'JRS1',
    agentInitials: 'BB',
    type: 'OTA',
    createdAt: T0,
    departure: T0 + 40 * DAY,
    extraWaitlist: true,
  });
  planRandomFuture(rngFor(seed, 'future', locator), record, { from: T0, agentHabits: true });
  return record;
}

describe('evolve', () => {
  it('should make the same booking and future when the seed is the same', () => {
    expect(JSON.stringify(randomRecord(3))).toBe(JSON.stringify(randomRecord(3)));
    expect(JSON.stringify(randomRecord(3))).not.toBe(JSON.stringify(randomRecord(4)));
  });

  it('should evolve the same way when the same clock moves are made', () => {
    const a = randomRecord(8);
    const b = randomRecord(8);
    for (let h = 1; h <= 40 * 24; h += 7) catchUp(a, hours(h));
    catchUp(b, hours(40 * 24));
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it('should apply events in order and only when their time has come', () => {
    const record = testRecord({
      events: (r) => {
        const id = r.booking.segments[0]!.id;
        return [
          { kind: 'CHURN', at: hours(1), segmentId: id },
          { kind: 'TIME_CHANGE', at: hours(2), segmentId: id, minutes: 90 },
          { kind: 'CANCELLED_BY_AIRLINE', at: hours(3), segmentId: id },
        ];
      },
    });
    expect(catchUp(record, hours(0.5))).toBeNull();
    expect(nextEventAt(record)).toBe(hours(1));
    expect(catchUp(record, hours(2.5))).toBe(hours(2));
    expect(record.applied).toBe(2);
    expect(record.booking.version).toBe(3);
    expect(record.booking.segments[0]!.status).toBe('TK');
    expect(catchUp(record, hours(3))).toBe(hours(3));
    expect(record.booking.segments[0]!.status).toBe('UN');
    expect(record.booking.version).toBe(4);
  });

  it('should shift both times and mark TK when the airline changes the schedule', () => {
    const record = testRecord({
      events: (r) => [
        { kind: 'TIME_CHANGE', at: hours(1), segmentId: r.booking.segments[0]!.id, minutes: 75 },
      ],
    });
    const before = { ...record.booking.segments[0]! };
    catchUp(record, hours(1));
    const after = record.booking.segments[0]!;
    expect(after.status).toBe('TK');
    expect(departureInstant(after) - departureInstant(before)).toBe(75 * 60_000);
    expect(after.id).toBe(before.id);
  });

  it('should give the segment a new flight number when the airline renumbers it', () => {
    const record = testRecord();
    const segment = record.booking.segments[0]!;
    addEvents(record, [
      planScheduleChange(rngFor(1, 'x'), segment, 'FLIGHT_NUMBER_CHANGE', hours(1)),
    ]);
    const oldNumber = segment.flightNumber;
    catchUp(record, hours(1));
    expect(record.booking.segments[0]!.flightNumber).not.toBe(oldNumber);
    expect(record.booking.segments[0]!.flightNumber).toMatch(/^\d{1,4}$/);
    expect(record.booking.segments[0]!.status).toBe('TK');
  });

  it('should add a TK replacement beside an UN segment when the airline replaces a flight', () => {
    const record = testRecord();
    const segment = record.booking.segments[0]!;
    const count = record.booking.segments.length;
    addEvents(record, [planScheduleChange(rngFor(1, 'y'), segment, 'REPLACED', hours(1))]);
    catchUp(record, hours(1));
    const [cancelled, replacement] = record.booking.segments;
    expect(record.booking.segments).toHaveLength(count + 1);
    expect(cancelled).toMatchObject({ id: segment.id, status: 'UN' });
    expect(replacement).toMatchObject({ status: 'TK', from: segment.from, to: segment.to });
    expect(replacement!.id).not.toBe(segment.id);
    expect(record.replaces[replacement!.id]).toBe(segment.id);
  });

  it('should move HL to KL when a waitlist clears', () => {
    const record = testRecord({
      waitlisted: true,
      events: (r) => {
        const held = r.booking.segments.find((s) => s.status === 'HL')!;
        return [{ kind: 'WAITLIST_CLEARED', at: hours(1), segmentId: held.id, status: 'KL' }];
      },
    });
    expect(statuses(record)).toContain('HL');
    catchUp(record, hours(1));
    expect(statuses(record)).toContain('KL');
    expect(statuses(record)).not.toContain('HL');
  });

  it('should put a time change back, HK at the old times, when the airline takes it back', () => {
    const record = testRecord({
      events: (r) => {
        const segmentId = r.booking.segments[0]!.id;
        return [
          { kind: 'TIME_CHANGE', at: hours(1), segmentId, minutes: 75 },
          { kind: 'CHANGE_TAKEN_BACK', at: hours(2), segmentId, minutes: 75 },
        ];
      },
    });
    const before = { ...record.booking.segments[0]! };
    catchUp(record, hours(2) - 1);
    expect(record.booking.segments[0]!.status).toBe('TK');
    catchUp(record, hours(2));
    expect(record.booking.segments[0]).toEqual(before);
  });

  it('should take back nothing on a segment the airline has not changed (not TK)', () => {
    const record = testRecord({
      events: (r) => [
        {
          kind: 'CHANGE_TAKEN_BACK',
          at: hours(1),
          segmentId: r.booking.segments[0]!.id,
          minutes: 75,
        },
      ],
    });
    const before = { ...record.booking.segments[0]! };
    catchUp(record, hours(1));
    expect(record.booking.segments[0]).toEqual(before);
  });

  it('should confirm cleared seats (KL to HK) when the agent takes them, and nothing still HL', () => {
    const record = testRecord({
      waitlisted: true,
      events: (r) => {
        const held = r.booking.segments.find((s) => s.status === 'HL')!;
        return [
          { kind: 'SEATS_ACCEPTED', at: hours(1), segmentId: held.id },
          { kind: 'WAITLIST_CLEARED', at: hours(2), segmentId: held.id, status: 'KL' },
          { kind: 'SEATS_ACCEPTED', at: hours(3), segmentId: held.id },
        ];
      },
    });
    const held = record.booking.segments.find((s) => s.status === 'HL')!.id;
    const statusOf = () => record.booking.segments.find((s) => s.id === held)!.status;
    catchUp(record, hours(1));
    expect(statusOf()).toBe('HL');
    catchUp(record, hours(2));
    expect(statusOf()).toBe('KL');
    catchUp(record, hours(3));
    expect(statusOf()).toBe('HK');
  });

  it('should record a cancel and a sell of the same flight each time a booking churns', () => {
    const record = testRecord({
      events: (r) =>
        [1, 2, 3].map((h) => ({
          kind: 'CHURN' as const,
          at: hours(h),
          segmentId: r.booking.segments[0]!.id,
        })),
    });
    const sold = record.booking.history.length;
    catchUp(record, hours(3));
    const added = record.booking.history.slice(sold);
    expect(added.map((h) => h.action)).toEqual([
      'CANCELLED',
      'SOLD',
      'CANCELLED',
      'SOLD',
      'CANCELLED',
      'SOLD',
    ]);
    expect(new Set(added.map((h) => `${h.airline}${h.flightNumber}${h.departure}`)).size).toBe(1);
    expect(record.booking.segments[0]!.status).toBe('HK');
  });

  it('should leave an inactive segment in the booking when the airline refuses a waitlist', () => {
    const record = testRecord({
      extraWaitlist: true,
      events: (r) => {
        const held = r.booking.segments.find((s) => s.status === 'HL')!;
        return [{ kind: 'INACTIVE', at: hours(1), segmentId: held.id, status: 'HX' }];
      },
    });
    catchUp(record, hours(1));
    expect(record.booking.segments.filter((s) => s.status === 'HX')).toHaveLength(1);
  });

  it('should be voidable until its drawn window closes and then ticketed when the booking is ticketed', () => {
    let voidable = 0;
    for (let seed = 1; seed <= 30; seed += 1) {
      const record = testRecord({ seed, events: () => [{ kind: 'TICKETED', at: hours(1) }] });
      catchUp(record, hours(2));
      const until = voidUntilOf(record.booking, hours(1));
      expect(record.voidUntil).toBe(until);
      expect(record.booking).toMatchObject({
        isTicketed: true,
        isVoidable: until !== null && until > hours(2),
        lastPurchaseAt: null,
        ticketedAt: new Date(hours(1)).toISOString(),
      });
      if (until === null || until <= hours(2)) continue;
      voidable += 1;
      expect(nextEventAt(record)).toBe(until);
      expect(catchUp(record, until)).toBe(until);
      expect(record.booking.isVoidable).toBe(false);
    }
    expect(voidable).toBeGreaterThan(0);
  });

  it('should be voidable for a day when the booking is ticketed directly, outside the plan', () => {
    const record = testRecord();
    ticket(record.booking, hours(1));
    expect(record.booking.isVoidable).toBe(true);
    expect(nextEventAt(record)).toBe(hours(25));
    catchUp(record, hours(25));
    expect(record.booking.isVoidable).toBe(false);
  });

  it('should depart and change nothing more when the first flight leaves', () => {
    const record = testRecord({
      events: (r) => [
        { kind: 'CANCELLED_BY_AIRLINE', at: T0 + 30 * DAY, segmentId: r.booking.segments[0]!.id },
      ],
    });
    record.booking.lastPurchaseAt = null;
    const departure = firstDeparture(record.booking)!;
    expect(catchUp(record, departure - HOUR)).toBeNull();
    expect(catchUp(record, departure)).toBe(departure);
    expect(record.departed).toBe(true);
    const version = record.booking.version;
    catchUp(record, T0 + 31 * DAY);
    expect(record.booking.version).toBe(version);
    expect(statuses(record)).not.toContain('UN');
    expect(nextEventAt(record)).toBeNull();
  });

  it('should cancel the unticketed segments at the ticketing time limit, as airlines do', () => {
    const record = testRecord({ lastPurchaseAt: T0 + 5 * DAY });
    const before = statuses(record);

    expect(catchUp(record, T0 + 5 * DAY - 60_000)).toBeNull();
    expect(statuses(record)).toBe(before);
    expect(catchUp(record, T0 + 5 * DAY)).toBe(T0 + 5 * DAY);
    expect(statuses(record)).toMatch(/^HX( HX)*$/);
    // The time limit line stays, so the engine can say which deadline was missed.
    expect(record.booking.lastPurchaseAt).toBe(new Date(T0 + 5 * DAY).toISOString());
    const version = record.booking.version;
    expect(catchUp(record, T0 + 6 * DAY)).toBeNull();
    expect(record.booking.version).toBe(version);
  });

  it('should leave a booking ticketed before its time limit as it is', () => {
    const record = testRecord({
      lastPurchaseAt: T0 + 5 * DAY,
      events: () => [{ kind: 'TICKETED', at: T0 + 5 * DAY }],
    });
    const before = statuses(record);

    catchUp(record, T0 + 6 * DAY);
    expect(record.booking.isTicketed).toBe(true);
    expect(statuses(record)).toBe(before);
  });

  it('should skip events without a new version when the booking is cancelled', () => {
    const record = testRecord({
      events: (r) => [
        { kind: 'TIME_CHANGE', at: hours(1), segmentId: r.booking.segments[0]!.id, minutes: 30 },
      ],
    });
    record.booking.isCancelled = true;
    expect(catchUp(record, hours(2))).toBeNull();
    expect(record.booking.version).toBe(1);
    expect(record.applied).toBe(1);
  });
});
