import { afterEach, describe, expect, it } from 'vitest';
import {
  hasUtcTime,
  localDayText,
  localTimeText,
  utcTimesInZone,
  utcTimeText,
  zonedTimeText,
} from './time-text';

const ZONES = [
  'UTC',
  'Asia/Jerusalem',
  'America/New_York',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
];
const startZone = process.env.TZ;

/** Runs `check` with the process in each zone; Node reads TZ afresh when it changes. */
function inEveryZone(check: () => void) {
  for (const zone of ZONES) {
    process.env.TZ = zone;
    check();
  }
}

afterEach(() => {
  if (startZone === undefined) delete process.env.TZ;
  else process.env.TZ = startZone;
});

describe('the text of a time', () => {
  it('should move the local day when the zone changes, so the zone tests below can fail', () => {
    // 23:30 on the 14th in UTC is already the 15th at UTC+14 and still the 14th at UTC-11.
    const instant = Date.UTC(2027, 0, 14, 23, 30);
    process.env.TZ = 'Pacific/Kiritimati';
    expect(new Date(instant).getDate()).toBe(15);
    process.env.TZ = 'Pacific/Pago_Pago';
    expect(new Date(instant).getDate()).toBe(14);
  });

  it('should keep a 23:30 departure on its own day when the process is in any zone', () => {
    inEveryZone(() => {
      expect(localTimeText('2027-01-14 23:30')).toBe('14/01/2027 23:30');
      expect(localDayText('2027-01-14 23:30')).toBe('14/01/2027');
    });
  });

  it('should keep times just after midnight and at year ends on their day in any zone', () => {
    inEveryZone(() => {
      expect(localTimeText('2027-01-15 00:05')).toBe('15/01/2027 00:05');
      expect(localTimeText('2026-12-31 23:59')).toBe('31/12/2026 23:59');
      expect(localTimeText('2027-01-01 00:00')).toBe('01/01/2027 00:00');
      expect(localDayText('2028-02-29 23:45')).toBe('29/02/2028');
    });
  });

  it('should read the ISO form with a T as the same local time', () => {
    expect(localTimeText('2027-01-14T23:30')).toBe('14/01/2027 23:30');
  });

  it('should write a day alone when the text has no time', () => {
    expect(localTimeText('2027-01-14')).toBe('14/01/2027');
    expect(localDayText('2027-01-14')).toBe('14/01/2027');
  });

  it('should give back any other text as it came', () => {
    expect(localTimeText('OPEN')).toBe('OPEN');
    expect(localDayText('')).toBe('');
  });

  it('should write an instant in UTC and say so when the process is in any zone', () => {
    inEveryZone(() => {
      expect(utcTimeText('2027-01-14T23:30:00.000Z')).toBe('14/01/2027 23:30 UTC');
      expect(utcTimeText(new Date('2027-01-15T01:30:00+02:00'))).toBe('14/01/2027 23:30 UTC');
    });
  });

  it('should give back an unreadable instant as it came', () => {
    expect(utcTimeText('soon')).toBe('soon');
  });
});

describe("an instant on the agent's clock", () => {
  it('should write the wall clock of the zone named and its offset at that instant, in any process zone', () => {
    inEveryZone(() => {
      // Israel is on summer time (UTC+3) until 25/10/2026 and on winter time (UTC+2) after.
      expect(zonedTimeText('2026-10-24T18:28:00Z', 'Asia/Jerusalem')).toBe(
        '24/10/2026 21:28 GMT+3',
      );
      expect(zonedTimeText('2026-12-01T18:28:00Z', 'Asia/Jerusalem')).toBe(
        '01/12/2026 20:28 GMT+2',
      );
      expect(zonedTimeText('2026-12-01T18:28:00Z', 'America/New_York')).toBe(
        '01/12/2026 13:28 GMT-5',
      );
    });
  });

  it('should move the day, the year and half-hour offsets with the zone', () => {
    expect(zonedTimeText('2026-12-31T23:30:00Z', 'Asia/Jerusalem')).toBe('01/01/2027 01:30 GMT+2');
    expect(zonedTimeText('2027-01-01T00:15:00Z', 'America/St_Johns')).toBe(
      '31/12/2026 20:45 GMT-3:30',
    );
    expect(zonedTimeText('2027-01-14T23:30:00Z', 'Asia/Kolkata')).toBe('15/01/2027 05:00 GMT+5:30');
  });

  it("should name UTC as the other texts do where the agent's zone is UTC", () => {
    expect(zonedTimeText('2026-12-01T18:28:00Z', 'UTC')).toBe('01/12/2026 18:28 UTC');
    expect(zonedTimeText('2026-12-01T18:28:00Z', 'Europe/London')).toBe('01/12/2026 18:28 UTC');
  });

  it('should give back an unreadable instant as it came', () => {
    expect(zonedTimeText('soon', 'Asia/Jerusalem')).toBe('soon');
  });

  it("should rewrite every UTC time a server's text holds and leave the rest of it", () => {
    const written = `Ticketing deadline in 2 days: ${utcTimeText('2026-12-01T18:28:00Z')}`;
    expect(written).toBe('Ticketing deadline in 2 days: 01/12/2026 18:28 UTC');
    expect(utcTimesInZone(written, 'Asia/Jerusalem')).toBe(
      'Ticketing deadline in 2 days: 01/12/2026 20:28 GMT+2',
    );
    expect(
      utcTimesInZone(
        'The deadline 31/12/2026 23:30 UTC has passed; void until 01/01/2027 00:10 UTC',
        'Asia/Tokyo',
      ),
    ).toBe('The deadline 01/01/2027 08:30 GMT+9 has passed; void until 01/01/2027 09:10 GMT+9');
  });

  it("should leave a flight's local time and texts without a UTC time as they are", () => {
    expect(
      utcTimesInZone('Remove UC flight IB3317 TLV-MAD on 05/01/2027 23:30', 'Asia/Tokyo'),
    ).toBe('Remove UC flight IB3317 TLV-MAD on 05/01/2027 23:30');
    expect(utcTimesInZone('Issue tickets soon', 'Asia/Tokyo')).toBe('Issue tickets soon');
  });

  it('should write each zone by its own clock when zones alternate (one formatter kept per zone)', () => {
    for (let round = 0; round < 2; round++) {
      expect(zonedTimeText('2026-12-01T18:28:00Z', 'Asia/Tokyo')).toBe('02/12/2026 03:28 GMT+9');
      expect(zonedTimeText('2026-12-01T18:28:00Z', 'America/New_York')).toBe(
        '01/12/2026 13:28 GMT-5',
      );
    }
  });

  it('should tell a text holding a UTC time from one without, however often asked', () => {
    const written = 'Issue tickets by 01/12/2026 18:28 UTC';
    expect([hasUtcTime(written), hasUtcTime(written), hasUtcTime(written)]).toEqual([
      true,
      true,
      true,
    ]);
    expect(hasUtcTime('Remove UC flight IB3317 TLV-MAD on 05/01/2027 23:30')).toBe(false);
    expect(hasUtcTime('Issue tickets soon')).toBe(false);
  });
});
