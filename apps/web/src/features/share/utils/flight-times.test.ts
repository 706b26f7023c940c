import { describe, expect, it } from 'vitest';
import { flightDateTime, routeOf, splitFlightTime } from './flight-times';

describe('flight times', () => {
  it('should rearrange the local text, never shift it, when the flight leaves late in the day', () => {
    // A late-evening departure would move to the next day if read through a time zone.
    expect(splitFlightTime('2026-04-10 23:45')).toEqual({ date: '10/04/2026', time: '23:45' });
    expect(flightDateTime('2026-04-10 23:45')).toBe('10/04/2026 23:45');
  });

  it('should leave the cells empty when the segment has no arrival', () => {
    expect(splitFlightTime(undefined)).toEqual({ date: '', time: '' });
    expect(flightDateTime(undefined)).toBe('');
  });

  it('should keep an unexpected text as it is when it is not a flight time', () => {
    expect(splitFlightTime('soon')).toEqual({ date: 'soon', time: '' });
  });

  it('should name the route from origin to destination when asked', () => {
    expect(routeOf({ origin: 'TLV', dest: 'LHR', departureDate: '', status: 'HK' })).toBe(
      'TLV – LHR',
    );
  });
});
