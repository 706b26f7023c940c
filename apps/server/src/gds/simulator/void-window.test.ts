import { describe, expect, it } from 'vitest';
import { instantOf, localOf } from '@/gds/airport-time';
import { firstDeparture } from './fares';
import { DAY, HOUR } from './local-time';
import { T0, testRecord } from './testing';
import { VOID_TERMS, VOID_WINDOW, voidUntilOf } from './void-window';

const endOfDayAtTlv = (instant: number) =>
  instantOf(`${localOf(instant, 'TLV').slice(0, 10)} 23:59`, 'TLV');

describe('void window', () => {
  it('should draw the same terms for the same ticket when asked twice', () => {
    const { booking } = testRecord({ key: 'void' });
    expect(voidUntilOf(booking, T0)).toBe(voidUntilOf(structuredClone(booking), T0));
  });

  it('should close at the end of the day of issue, 24 hours on, or never open, at about the set shares', () => {
    const seen = { none: 0, sameDay: 0, fullDay: 0 };
    const tickets = 2_000;
    const { booking: first } = testRecord({ key: 'void', departure: T0 + 30 * DAY });
    for (let i = 0; i < tickets; i += 1) {
      const booking = { ...first, locator: `V${i}` };
      const issued = T0 + (i % 24) * HOUR;
      const until = voidUntilOf(booking, issued);
      if (until === null) seen.none += 1;
      else if (until === endOfDayAtTlv(issued)) seen.sameDay += 1;
      else {
        expect(until).toBe(issued + VOID_WINDOW);
        seen.fullDay += 1;
      }
    }
    for (const terms of ['none', 'sameDay', 'fullDay'] as const) {
      expect(seen[terms] / tickets, terms).toBeGreaterThan(VOID_TERMS[terms] - 0.03);
      expect(seen[terms] / tickets, terms).toBeLessThan(VOID_TERMS[terms] + 0.03);
    }
  });

  it('should never let a ticket be voided past its first departure', () => {
    const { booking: first } = testRecord({ key: 'leaving', departure: T0 + 5 * HOUR });
    for (let i = 0; i < 200; i += 1) {
      const booking = { ...first, locator: `L${i}` };
      const departs = firstDeparture(booking)!;
      const issued = departs - 3 * HOUR;
      const until = voidUntilOf(booking, issued);
      if (until !== null) expect(until).toBeLessThanOrEqual(departs);
      expect(voidUntilOf(booking, departs)).toBeNull();
    }
  });
});
