import { describe, expect, it } from 'vitest';
import { instantOf, instantsOf, localOf, utcOf, zoneOf } from './airport-time';

const at = (iso: string) => Date.parse(iso);

describe('zoneOf', () => {
  it('should name the IANA zone when the airport is in the data set', () => {
    expect(zoneOf('TLV')).toBe('Asia/Jerusalem');
    expect(zoneOf('LAX')).toBe('America/Los_Angeles');
    expect(zoneOf('JFK')).toBe('America/New_York');
    expect(zoneOf('BKK')).toBe('Asia/Bangkok');
  });

  it('should fall back to UTC when the code is unknown or not an airport code', () => {
    expect(zoneOf('QQQ')).toBe('UTC');
    expect(zoneOf('tlv')).toBe('UTC');
    expect(zoneOf('')).toBe('UTC');
  });
});

describe('instantOf', () => {
  it('should be 23:00 UTC the day before when a flight leaves TLV at 01:00 in winter', () => {
    expect(instantOf('2026-01-15 01:00', 'TLV')).toBe(at('2026-01-14T23:00:00Z'));
  });

  it('should be 22:00 UTC the day before when a flight leaves TLV at 01:00 in summer', () => {
    expect(instantOf('2026-07-15 01:00', 'TLV')).toBe(at('2026-07-14T22:00:00Z'));
  });

  it('should read Pacific time when the airport is LAX', () => {
    expect(instantOf('2026-01-15 17:30', 'LAX')).toBe(at('2026-01-16T01:30:00Z'));
    expect(instantOf('2026-07-15 17:30', 'LAX')).toBe(at('2026-07-16T00:30:00Z'));
  });

  it('should follow the offset of each side when the day is a daylight-saving change', () => {
    // LAX springs forward at 02:00 on 8 March 2026.
    expect(instantOf('2026-03-08 01:30', 'LAX')).toBe(at('2026-03-08T09:30:00Z'));
    expect(instantOf('2026-03-08 03:30', 'LAX')).toBe(at('2026-03-08T10:30:00Z'));
    // TLV springs forward at 02:00 on 27 March 2026.
    expect(instantOf('2026-03-27 06:00', 'TLV')).toBe(at('2026-03-27T03:00:00Z'));
  });

  it('should land after the gap when the clocks skip the time', () => {
    expect(instantOf('2026-03-08 02:30', 'LAX')).toBe(at('2026-03-08T10:30:00Z'));
    expect(localOf(instantOf('2026-03-08 02:30', 'LAX'), 'LAX')).toBe('2026-03-08 03:30');
  });

  it('should take the earlier instant when the clocks pass the time twice', () => {
    // LAX falls back at 02:00 on 1 November 2026, TLV at 02:00 on 25 October 2026.
    expect(instantOf('2026-11-01 01:30', 'LAX')).toBe(at('2026-11-01T08:30:00Z'));
    expect(instantOf('2026-10-25 01:30', 'TLV')).toBe(at('2026-10-24T22:30:00Z'));
  });

  it('should read the time as UTC when the airport is unknown', () => {
    expect(instantOf('2026-01-15 01:00', 'QQQ')).toBe(at('2026-01-15T01:00:00Z'));
  });

  it('should answer NaN rather than throw when the text is not a local time', () => {
    expect(instantOf('tomorrow', 'TLV')).toBeNaN();
    expect(utcOf('2026-01-15T01:00', 'TLV')).toBe('');
  });
});

describe('localOf', () => {
  it('should give the wall clock of the airport when converting an instant', () => {
    expect(localOf(at('2026-01-14T23:00:00Z'), 'TLV')).toBe('2026-01-15 01:00');
    expect(localOf(at('2026-07-14T22:00:00Z'), 'TLV')).toBe('2026-07-15 01:00');
    expect(localOf(at('2026-07-16T00:30:00Z'), 'LAX')).toBe('2026-07-15 17:30');
    expect(localOf(at('2026-01-15T01:00:00Z'), 'QQQ')).toBe('2026-01-15 01:00');
  });

  it('should read back every hour of a year but the second pass of the fall-back hour', () => {
    const hour = 3_600_000;
    const repeated: Record<string, number> = { TLV: 0, LAX: 0, LHR: 0, BKK: 0 };
    const lost: number[] = [];
    for (let instant = at('2026-01-01T00:00:00Z'); instant < at('2027-01-01'); instant += hour) {
      for (const code of Object.keys(repeated)) {
        const back = instantOf(localOf(instant, code), code);
        if (back === instant - hour) repeated[code] = (repeated[code] ?? 0) + 1;
        else if (back !== instant) lost.push(instant);
      }
    }
    expect(lost).toEqual([]);
    expect(repeated).toEqual({ TLV: 1, LAX: 1, LHR: 1, BKK: 0 });
  });
});

describe('instantsOf', () => {
  it('should give ISO instants in UTC when a segment crosses zones', () => {
    const segment = {
      from: 'TLV',
      to: 'JFK',
      departure: '2026-12-01 00:45',
      arrival: '2026-12-01 05:45',
    };
    expect(instantsOf(segment)).toEqual({
      departsAt: '2026-11-30T22:45:00.000Z',
      arrivesAt: '2026-12-01T10:45:00.000Z',
    });
  });
});
