import { describe, expect, it } from 'vitest';
import { catchUp, issue, planScheduleChange } from './evolve';
import { lowerFares, planDrop } from './fares';
import {
  acceptScheduleChange,
  cancelBooking,
  cancelSegments,
  confirmWaitlist,
  issueTickets,
  repriceTo,
} from './operations';
import { rngFor } from './random';
import { T0, hours, testRecord } from './testing';
import { voidUntilOf } from './void-window';

function withDrop() {
  const record = testRecord();
  record.drops = [planDrop(rngFor(1, 'drop'), record, 'GENUINE', hours(1), hours(10))!];
  return record;
}

describe('operations', () => {
  it('should store the quote and its class when repricing to an offered fare', () => {
    const record = withDrop();
    const [offer] = lowerFares(record, hours(2));
    expect(repriceTo(record, offer!, hours(2))).toBeNull();
    expect(record.booking.storedFare).toEqual(offer);
    expect(record.booking.lastPurchaseAt).toBe(offer!.lastPurchase);
    for (const id of offer!.segmentIds) {
      expect(record.booking.segments.find((s) => s.id === id)!.flightClass).toBe(
        offer!.flightClass,
      );
    }
    expect(lowerFares(record, hours(2))).toEqual([]);
  });

  it('should void and issue the tickets again at the new fare, while they are voidable', () => {
    const record = withDrop();
    issue(record, hours(1));
    record.booking.isVoidable = true;
    const [offer] = lowerFares(record, hours(2));

    expect(repriceTo(record, offer!, hours(2), { byVoid: true })).toBeNull();
    expect(record.booking.storedFare).toEqual(offer);
    expect(record.booking.ticketedAt).toBe(new Date(hours(2)).toISOString());
  });

  it('should refuse to void tickets no longer voidable, and change nothing', () => {
    const record = withDrop();
    issue(record, hours(1));
    record.booking.isVoidable = false;
    const before = record.booking.storedFare;
    const [offer] = lowerFares(record, hours(2));

    expect(repriceTo(record, offer!, hours(2), { byVoid: true })).toBe(
      `The tickets of booking ${record.booking.locator} can no longer be voided`,
    );
    expect(record.booking.storedFare).toBe(before);
  });

  it('should keep the booking time limit when the new fare allows ticketing later', () => {
    const record = testRecord({ lastPurchaseAt: hours(24) });
    record.drops = [planDrop(rngFor(1, 'drop'), record, 'GENUINE', hours(1), hours(10))!];
    const [offer] = lowerFares(record, hours(2));
    expect(Date.parse(offer!.lastPurchase!)).toBeGreaterThan(hours(24));

    expect(repriceTo(record, offer!, hours(2))).toBeNull();
    expect(record.booking.lastPurchaseAt).toBe(new Date(hours(24)).toISOString());
  });

  it('should refuse to reprice when the quote is no longer offered', () => {
    const record = withDrop();
    const [offer] = lowerFares(record, hours(2));
    expect(repriceTo(record, offer!, hours(11))).toMatch(/no longer offered/);
    expect(repriceTo(record, { ...offer!, total: offer!.total - 1 }, hours(2))).toMatch(
      /no longer offered/,
    );
  });

  it('should remove segments and record active ones as cancelled when cancelling segments', () => {
    const record = testRecord();
    const [first] = record.booking.segments;
    const history = record.booking.history.length;
    expect(cancelSegments(record, [first!.id], T0)).toBeNull();
    expect(record.booking.segments.map((s) => s.id)).not.toContain(first!.id);
    expect(record.booking.storedFare!.segmentIds).not.toContain(first!.id);
    expect(record.booking.history.slice(history)).toMatchObject([
      { action: 'CANCELLED', flightNumber: first!.flightNumber },
    ]);
    expect(cancelSegments(record, ['S99'], T0)).toMatch(/S99 is not in booking/);
    expect(cancelSegments(record, [], T0)).toMatch(/No segments/);
  });

  it('should cancel every segment when cancelling the booking, once', () => {
    const record = testRecord();
    expect(cancelBooking(record, T0)).toBeNull();
    expect(record.booking.isCancelled).toBe(true);
    expect(record.booking.segments.every((s) => s.status === 'HX')).toBe(true);
    expect(record.booking.lastPurchaseAt).toBeNull();
    expect(cancelBooking(record, T0)).toMatch(/is cancelled/);
  });

  it('should confirm the new flight and drop the old one when accepting a schedule change', () => {
    const record = testRecord();
    const old = record.booking.segments[0]!;
    record.events = [planScheduleChange(rngFor(2, 'sc'), old, 'REPLACED', hours(1))];
    catchUp(record, hours(1));
    const replacement = record.booking.segments[1]!;
    expect(acceptScheduleChange(record)).toBeNull();
    expect(record.booking.segments.map((s) => s.status)).toEqual(
      record.booking.segments.map(() => 'HK'),
    );
    expect(record.booking.segments.map((s) => s.id)).not.toContain(old.id);
    expect(record.booking.storedFare!.segmentIds).toContain(replacement.id);
    expect(record.booking.storedFare!.segmentIds).not.toContain(old.id);
    expect(acceptScheduleChange(record)).toMatch(/no schedule change/);
  });

  it('should accept only the change of the segments named, leaving another one pending', () => {
    // The first drawn booking with two flights.
    const record = ['a', 'b', 'c', 'd', 'e']
      .map((key) => testRecord({ key }))
      .find((each) => each.booking.segments.length === 2)!;
    const [out, back] = record.booking.segments;
    record.events = [
      { kind: 'TIME_CHANGE', at: hours(1), segmentId: out!.id, minutes: 30 },
      { kind: 'CANCELLED_BY_AIRLINE', at: hours(1), segmentId: back!.id },
    ];
    catchUp(record, hours(1));
    expect(record.booking.segments.map((s) => s.status)).toEqual(['TK', 'UN']);

    expect(acceptScheduleChange(record, [out!.id])).toBeNull();

    expect(record.booking.segments.map((s) => [s.id, s.status])).toEqual([
      [out!.id, 'HK'],
      [back!.id, 'UN'],
    ]);
    expect(acceptScheduleChange(record, [out!.id])).toMatch(/no schedule change/);
  });

  it.each(['KL', 'KK'] as const)(
    'should turn %s into HK when confirming a cleared waitlist',
    (cleared) => {
      const record = testRecord({ waitlisted: true });
      expect(confirmWaitlist(record)).toMatch(/no cleared waitlist/);
      const held = record.booking.segments.find((s) => s.status === 'HL')!;
      held.status = cleared;
      expect(confirmWaitlist(record)).toBeNull();
      expect(held.status).toBe('HK');
    },
  );

  it('should ticket an online-agency booking when issuing tickets', () => {
    const record = testRecord({ type: 'OTA' });
    expect(issueTickets(record, T0, null)).toEqual({
      result: { state: 'SUCCESS', errorText: null },
      changed: true,
    });
    // Voidable as the ticket's drawn void terms say (void-window.ts).
    expect(record.voidUntil).toBe(voidUntilOf(record.booking, T0));
    expect(record.booking).toMatchObject({
      isTicketed: true,
      isVoidable: record.voidUntil !== null,
      lastPurchaseAt: null,
    });
    expect(issueTickets(record, T0, null).result).toEqual({
      state: 'FAILURE',
      errorText: 'Booking is already ticketed',
    });
  });

  it('should fail or expire when the booking does not allow ticketing', () => {
    expect(issueTickets(testRecord(), T0, null).result.state).toBe('FAILURE');
    expect(issueTickets(null, T0, null).result.state).toBe('FAILURE');
    const late = testRecord({ type: 'OTA', lastPurchaseAt: hours(1) });
    expect(issueTickets(late, hours(2), null).result.state).toBe('EXPIRED');
  });

  it('should answer the scripted outcome and ticket only on success when one is queued', () => {
    const locked = testRecord();
    expect(issueTickets(locked, T0, { state: 'LOCKED', errorText: null })).toEqual({
      result: { state: 'LOCKED', errorText: null },
      changed: false,
    });
    const partial = testRecord();
    const scripted = { state: 'PARTIAL_SUCCESS' as const, errorText: 'Seat 12A failed' };
    expect(issueTickets(partial, T0, scripted)).toEqual({ result: scripted, changed: true });
    expect(partial.booking.isTicketed).toBe(true);
  });
});
