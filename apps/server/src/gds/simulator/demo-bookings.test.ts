import { describe, expect, it } from 'vitest';
import {
  DEMO_BOOKINGS_PER_AGENT,
  DEMO_SCRIPT_HOURS,
  buildDemoRecords,
  type DemoAgent,
} from './demo-bookings';
import { catchUp } from './evolve';
import { isWorsePenalties } from './fare-rules';
import { firstDeparture, lowerFares } from './fares';
import { DAY, HOUR } from './local-time';
import type { SimRecord } from './sim-types';

const AGENTS: DemoAgent[] = [
  { pcc: 'TLV1', initials: 'MM' },
  { pcc: 'TLV1', initials: 'AA' },
  { pcc: 'TLV1', initials: 'BA' },
  { pcc: 'JRS1', initials: 'BB' },
  { pcc: 'HFA1', initials: 'GG' },
  { pcc: 'HFA1', initials: 'GA' },
];
const NOW = Date.parse('2026-11-22T08:00:00Z');

const mine = (records: SimRecord[], agent: DemoAgent) =>
  records.filter((r) => r.booking.pcc === agent.pcc && r.booking.agentInitials === agent.initials);

/** Which kinds of change the agent's bookings show `hours` after seeding. */
function changesAfter(records: SimRecord[], now: number, hours: number) {
  const later = now + hours * HOUR;
  const before = new Map(records.map((r) => [r.booking.locator, structuredClone(r)]));
  for (const record of records) catchUp(record, later);
  const segments = records.flatMap((r) => r.booking.segments);
  const was = (r: SimRecord) => before.get(r.booking.locator)!;
  return {
    genuineSaving: records.some((r) =>
      lowerFares(r, later).some((q) => {
        const stored = r.booking.storedFare!;
        return q.freeBags >= stored.freeBags && !isWorsePenalties(q.penalties, stored.penalties);
      }),
    ),
    scheduleChange: segments.some((s) => s.status === 'TK'),
    cancelledByAirline: segments.some((s) => s.status === 'UN'),
    waitlistCleared: segments.some((s) => s.status === 'KL'),
    ticketingDue: records.some(
      (r) =>
        !r.booking.isTicketed &&
        !r.booking.isCancelled &&
        r.booking.lastPurchaseAt !== null &&
        Date.parse(r.booking.lastPurchaseAt) > later &&
        Date.parse(r.booking.lastPurchaseAt) <= later + 72 * HOUR,
    ),
    churning: records.some((r) => {
      const added = r.booking.history.slice(was(r).booking.history.length);
      return added.filter((h) => h.action === 'CANCELLED').length >= 3;
    }),
    inactiveHx:
      segments.some((s) => s.status === 'HX') &&
      records.some(
        (r) => r.booking.segments.some((s) => s.status === 'HX') && !r.booking.isCancelled,
      ),
    inactiveOther: segments.some((s) => s.status === 'NO' || s.status === 'UC'),
    selfTicketed: records.some((r) => r.booking.isTicketed && !was(r).booking.isTicketed),
  };
}

describe('demo bookings', () => {
  it('should give every agent 30 bookings or more of every sort when seeded', () => {
    const records = buildDemoRecords(42, AGENTS, NOW);
    for (const agent of AGENTS) {
      const own = mine(records, agent);
      expect(own.length).toBeGreaterThanOrEqual(Math.max(30, DEMO_BOOKINGS_PER_AGENT));
      expect(own.filter((r) => r.booking.type === 'OTA').length).toBeGreaterThanOrEqual(5);
      expect(own.every((r) => r.booking.ticketingSupported === (r.booking.type === 'OTA'))).toBe(
        true,
      );
      expect(own.filter((r) => r.booking.isTicketed).length).toBeGreaterThanOrEqual(3);
      expect(own.filter((r) => r.departed).length).toBeGreaterThanOrEqual(2);
      expect(own.filter((r) => r.booking.isCancelled).length).toBeGreaterThanOrEqual(2);
      expect(own.some((r) => r.booking.hotels.length > 0)).toBe(true);
      expect(own.every((r) => Date.parse(r.booking.createdAt) <= NOW)).toBe(true);
    }
  });

  it('should spread departures from 10 days ago to 90 days ahead when seeded', () => {
    const records = buildDemoRecords(42, AGENTS, NOW);
    const days = records.map((r) => {
      const first = r.booking.segments.map((s) => s.departure).sort()[0]!;
      return (Date.parse(`${first.replace(' ', 'T')}:00Z`) - NOW) / (24 * HOUR);
    });
    expect(Math.min(...days)).toBeGreaterThanOrEqual(-11.5);
    expect(Math.max(...days)).toBeLessThanOrEqual(91.5);
    expect(days.filter((d) => d < 0).length).toBeGreaterThan(AGENTS.length * 2);
    expect(days.filter((d) => d > 45).length).toBeGreaterThan(AGENTS.length * 2);
  });

  it.each([
    [42, NOW],
    [7, Date.parse('2027-03-05T19:30:00Z')],
    [2026, Date.parse('2027-07-14T02:10:00Z')],
  ])(
    'should show every kind of change to every agent within the scripted hours when seed is %i',
    (seed, now) => {
      const records = buildDemoRecords(seed, AGENTS, now);
      for (const agent of AGENTS) {
        const changes = changesAfter(mine(records, agent), now, DEMO_SCRIPT_HOURS);
        expect(changes, `${agent.pcc}/${agent.initials}`).toEqual({
          genuineSaving: true,
          scheduleChange: true,
          cancelledByAirline: true,
          waitlistCleared: true,
          ticketingDue: true,
          churning: true,
          inactiveHx: true,
          inactiveOther: true,
          selfTicketed: true,
        });
      }
    },
  );

  it.each([
    [42, NOW],
    [7, Date.parse('2027-03-05T23:50:00Z')],
  ])(
    'should give every agent a cheaper fare on a booking flying within a day when seed is %i',
    (seed, now) => {
      // The dashboard's monthly view counts reprices by departure up to tomorrow.
      const records = buildDemoRecords(seed, AGENTS, now);
      for (const agent of AGENTS) {
        const soon = mine(records, agent).filter((r) => {
          const departure = firstDeparture(r.booking);
          return departure !== null && departure > now + 12 * HOUR && departure < now + DAY;
        });
        expect(
          soon.some((r) => lowerFares(r, now).length > 0),
          `${agent.pcc}/${agent.initials}`,
        ).toBe(true);
      }
    },
  );

  it('should make the same bookings when the seed and time are the same', () => {
    const a = buildDemoRecords(5, AGENTS.slice(0, 2), NOW);
    const b = buildDemoRecords(5, AGENTS.slice(0, 2), NOW);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    const other = buildDemoRecords(6, AGENTS.slice(0, 2), NOW);
    expect(other.map((r) => r.booking.locator)).not.toEqual(a.map((r) => r.booking.locator));
  });

  it('should give every booking its own locator when agents share a branch', () => {
    const records = buildDemoRecords(42, AGENTS, NOW, { perAgent: 40 });
    expect(records).toHaveLength(AGENTS.length * 40);
    expect(new Set(records.map((r) => r.booking.locator)).size).toBe(records.length);
  });
});
