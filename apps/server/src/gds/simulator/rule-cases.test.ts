import { describe, expect, it } from 'vitest';
import { applyEvent, catchUp, planRandomFuture } from './evolve';
import { DAY, HOUR } from './local-time';
import { rebooked } from './make-booking';
import { rngFor } from './random';
import { RULE_CASE_RATES, aircraftFor, planRuleCases } from './rule-cases';
import type { SimEvent, SimRecord } from './sim-types';
import { T0, hours, testRecord } from './testing';

const first = (record: SimRecord) => record.booking.segments[0]!;
const apply = (record: SimRecord, event: SimEvent) => {
  const changed = applyEvent(record, event);
  return { changed, segment: record.booking.segments.find((s) => s.id === first(record).id)! };
};

describe('the events of the rule cases', () => {
  it('should swap the aircraft, lower the cabin, move the airport and hand the flight over, each as TK', () => {
    const at = hours(1);
    const record = testRecord();
    const id = first(record).id;

    expect(
      apply(record, { kind: 'EQUIPMENT_CHANGE', at, segmentId: id, aircraft: '77W' }),
    ).toMatchObject({
      changed: true,
      segment: { aircraft: '77W', status: 'TK' },
    });
    expect(
      apply(record, { kind: 'DOWNGRADE', at, segmentId: id, flightClass: 'Y' }).segment.flightClass,
    ).toBe('Y');
    expect(
      apply(record, { kind: 'AIRPORT_CHANGE', at, segmentId: id, end: 'to', airport: 'EWR' })
        .segment.to,
    ).toBe('EWR');
    expect(
      apply(record, { kind: 'OPERATOR_CHANGE', at, segmentId: id, operatingAirline: 'UA' }).segment
        .operatingAirline,
    ).toBe('UA');
  });

  it('should leave a segment no longer confirmed unchanged', () => {
    const record = testRecord();
    first(record).status = 'HX';

    expect(
      applyEvent(record, {
        kind: 'DOWNGRADE',
        at: hours(1),
        segmentId: first(record).id,
        flightClass: 'Y',
      }),
    ).toBe(false);
    expect(first(record).status).toBe('HX');
  });

  it('should sell a segment in its place by departure, with its history line, and only once', () => {
    const record = testRecord();
    const earlier = { ...first(record), id: 'S9', status: 'HN' as const };
    const event: SimEvent = { kind: 'SOLD', at: hours(1), segment: earlier };

    expect(applyEvent(record, event)).toBe(true);
    expect(applyEvent(record, event)).toBe(false);
    expect(record.booking.segments.filter((s) => s.id === 'S9')).toHaveLength(1);
    expect(record.booking.segments.findIndex((s) => s.id === 'S9')).toBeLessThan(2);
    expect(record.booking.history.at(-1)).toMatchObject({
      action: 'SOLD',
      flightNumber: earlier.flightNumber,
    });
  });

  it('should answer a request (HN) only, a TL or TN at new times', () => {
    const record = testRecord();
    const asked = { ...first(record), id: 'S9', status: 'HN' as const };
    applyEvent(record, { kind: 'SOLD', at: hours(1), segment: asked });
    const reply: SimEvent = {
      kind: 'AIRLINE_REPLY',
      at: hours(2),
      segmentId: 'S9',
      status: 'TL',
      minutes: 60,
    };

    expect(applyEvent(record, reply)).toBe(true);
    const answered = record.booking.segments.find((s) => s.id === 'S9')!;
    expect(answered.status).toBe('TL');
    expect(Date.parse(answered.departsAt) - Date.parse(asked.departsAt)).toBe(HOUR);
    expect(applyEvent(record, { ...reply, status: 'KK' })).toBe(false);
  });
});

describe('planRuleCases', () => {
  it('should name the aircraft of every flight by its time in the air', () => {
    const record = testRecord();
    planRuleCases(rngFor(1, 'cases', 'x'), record, T0);

    for (const segment of record.booking.segments)
      expect(segment.aircraft).toBe(aircraftFor(segment));
    expect(
      aircraftFor({
        from: 'TLV',
        to: 'JFK',
        departure: '2027-01-10 00:45',
        arrival: '2027-01-10 06:45',
      }),
    ).toBe('789');
    expect(
      aircraftFor({
        from: 'TLV',
        to: 'ATH',
        departure: '2027-01-10 07:15',
        arrival: '2027-01-10 09:15',
      }),
    ).toBe('320');
  });

  // Hundreds of bookings priced: seconds on a loaded machine.
  it(
    'should plan each case at about its rate, between the booking and 6 hours before it leaves',
    { timeout: 30_000 },
    () => {
      const kinds = new Map<string, number>();
      const runs = 500;
      let business = 0;
      for (let i = 0; i < runs; i += 1) {
        const record = testRecord({
          seed: i,
          departure: T0 + 60 * DAY,
          family: undefined,
        });
        if (['J', 'C', 'D'].includes(first(record).flightClass)) business += 1;
        planRuleCases(rngFor(i, 'cases'), record, T0);
        const leaves = Date.parse(first(record).departsAt);
        for (const event of record.events) {
          expect(event.at).toBeGreaterThan(T0);
          expect(event.at).toBeLessThanOrEqual(leaves - 6 * HOUR);
          kinds.set(event.kind, (kinds.get(event.kind) ?? 0) + 1);
        }
      }
      const share = (kind: string, of = runs) => (kinds.get(kind) ?? 0) / of;

      expect(share('EQUIPMENT_CHANGE')).toBeCloseTo(RULE_CASE_RATES.equipment, 1);
      expect(share('DOWNGRADE', business)).toBeCloseTo(RULE_CASE_RATES.downgrade, 1);
      // A request sells one segment and a double sale another.
      expect(share('SOLD')).toBeCloseTo(RULE_CASE_RATES.request + RULE_CASE_RATES.doubleSold, 1);
      expect(share('AIRLINE_REPLY')).toBeLessThan(share('SOLD'));
      expect(share('AIRPORT_CHANGE')).toBeGreaterThan(0);
      expect(share('OPERATOR_CHANGE')).toBeGreaterThan(0);
    },
  );

  it('should leave the rest of the future as it was without the cases', () => {
    const plain = testRecord({ seed: 5, departure: T0 + 60 * DAY });
    planRandomFuture(rngFor(5, 'future'), plain, { from: T0, agentHabits: true });
    const withCases = testRecord({ seed: 5, departure: T0 + 60 * DAY });
    planRandomFuture(rngFor(5, 'future'), withCases, { from: T0, agentHabits: true });
    planRuleCases(rngFor(5, 'cases'), withCases, T0);
    const theirs = new Set([
      'EQUIPMENT_CHANGE',
      'DOWNGRADE',
      'AIRPORT_CHANGE',
      'OPERATOR_CHANGE',
      'SOLD',
      'AIRLINE_REPLY',
    ]);

    expect(withCases.events.filter((e) => !theirs.has(e.kind))).toEqual(plain.events);
  });
});

describe('rebooked', () => {
  it('should book the lapsed flights again for the same travellers in a new PNR, with a new time limit', () => {
    const lapsed = testRecord({ lastPurchaseAt: T0 + DAY });
    catchUp(lapsed, T0 + 2 * DAY);
    expect(lapsed.booking.segments.every((s) => s.status === 'HX')).toBe(true);
    const createdAt = T0 + 2 * DAY + 3 * HOUR;

    const again = rebooked(rngFor(1, 'again'), lapsed.booking, { locator: 'NEWPNR', createdAt })!;

    expect(again.booking.locator).toBe('NEWPNR');
    expect(again.booking.passengers).toEqual(lapsed.booking.passengers);
    expect(
      again.booking.segments.map((s) => [s.airline, s.flightNumber, s.departure, s.status]),
    ).toEqual(lapsed.booking.segments.map((s) => [s.airline, s.flightNumber, s.departure, 'HK']));
    expect(again.booking.history.map((e) => e.action)).toEqual(
      again.booking.segments.map(() => 'SOLD'),
    );
    expect(Date.parse(again.booking.lastPurchaseAt!)).toBeGreaterThan(createdAt);
    expect(again.booking.isTicketed).toBe(false);
  });

  it('should not book again a day or less before the first flight', () => {
    const lapsed = testRecord({ lastPurchaseAt: T0 + DAY });
    catchUp(lapsed, T0 + 2 * DAY);
    const leaves = Date.parse(first(lapsed).departsAt);

    expect(
      rebooked(rngFor(1, 'again'), lapsed.booking, {
        locator: 'LATE',
        createdAt: leaves - DAY + 1,
      }),
    ).toBeNull();
  });
});
