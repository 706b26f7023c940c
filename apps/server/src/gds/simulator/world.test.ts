import { describe, expect, it } from 'vitest';
import { HOUR } from './local-time';
import {
  AIRLINES,
  AIRPORTS,
  FLIGHTS,
  arrivalInstant,
  datedFlight,
  departureInstant,
  destinationsFrom,
  itineraryOptions,
} from './world';

describe('world', () => {
  it('should know every airport and airline when the timetable names them', () => {
    for (const flight of FLIGHTS) {
      expect(AIRPORTS[flight.from], flight.from).toBeDefined();
      expect(AIRPORTS[flight.to], flight.to).toBeDefined();
      expect(AIRLINES[flight.airline], flight.airline).toBeDefined();
      expect(flight.flightNumber).toMatch(/^\d{1,4}$/);
    }
  });

  it('should land after it leaves when a flight crosses time zones', () => {
    const westbound = datedFlight(
      FLIGHTS.find((f) => f.from === 'TLV' && f.to === 'JFK')!,
      '2026-12-01',
    );
    expect(westbound.departure).toBe('2026-12-01 00:45');
    expect(westbound.arrival).toBe('2026-12-01 05:45');
    for (const flight of FLIGHTS) {
      const dated = datedFlight(flight, '2026-06-15');
      expect(arrivalInstant(dated) - departureInstant(dated)).toBe(flight.minutes * 60_000);
    }
  });

  it('should keep the timetable time all year when the airports change their clocks', () => {
    const ly001 = FLIGHTS.find((f) => f.airline === 'LY' && f.flightNumber === '001')!;
    // Winter: Israel UTC+2, New York UTC-5. Summer: Israel UTC+3, New York UTC-4.
    expect(datedFlight(ly001, '2026-12-01')).toMatchObject({
      departure: '2026-12-01 00:45',
      departsAt: '2026-11-30T22:45:00.000Z',
      arrival: '2026-12-01 05:45',
      arrivesAt: '2026-12-01T10:45:00.000Z',
    });
    expect(datedFlight(ly001, '2026-07-01')).toMatchObject({
      departure: '2026-07-01 00:45',
      departsAt: '2026-06-30T21:45:00.000Z',
      arrival: '2026-07-01 05:45',
      arrivesAt: '2026-07-01T09:45:00.000Z',
    });
  });

  it('should land by the destination clock of that day when the clocks change in flight', () => {
    // Israel moves to summer time at 02:00 on 27 March 2026, New York on 8 March: in the
    // fortnight between, the two are 6 hours apart rather than 7.
    const ly002 = FLIGHTS.find((f) => f.airline === 'LY' && f.flightNumber === '002')!;
    expect(datedFlight(ly002, '2026-03-20')).toMatchObject({
      departure: '2026-03-20 23:50',
      departsAt: '2026-03-21T03:50:00.000Z',
      arrival: '2026-03-21 16:20',
      arrivesAt: '2026-03-21T14:20:00.000Z',
    });
  });

  it('should offer direct flights when the route is flown', () => {
    const options = itineraryOptions('TLV', 'LHR', '2026-12-01');
    expect(options.length).toBeGreaterThanOrEqual(3);
    expect(options.every((o) => o.length === 1)).toBe(true);
  });

  it('should connect within 1 to 10 hours when no direct flight exists', () => {
    const options = itineraryOptions('ATH', 'JFK', '2026-12-01');
    expect(options.length).toBeGreaterThan(0);
    for (const [first, second] of options) {
      expect(first!.to).toBe(second!.from);
      const wait = departureInstant(second!) - arrivalInstant(first!);
      expect(wait).toBeGreaterThanOrEqual(HOUR);
      expect(wait).toBeLessThanOrEqual(10 * HOUR);
    }
  });

  it('should reach every airport from Tel Aviv when connections are allowed', () => {
    const reachable = destinationsFrom('TLV');
    expect(reachable).toEqual(
      Object.keys(AIRPORTS)
        .filter((c) => c !== 'TLV')
        .sort(),
    );
  });
});
