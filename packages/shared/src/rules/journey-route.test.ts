import { describe, expect, it } from 'vitest';
import { journeyCountOf, journeyRouteOf, routeText, type RouteLeg } from './journey-route';

/** A leg 'TLV-BKK 2027-01-10 08:00 +11h'. */
function leg(from: string, to: string, departure: string, hours = 3): RouteLeg {
  const arrival = new Date(Date.parse(`${departure.replace(' ', 'T')}:00Z`) + hours * 3_600_000)
    .toISOString()
    .slice(0, 16)
    .replace('T', ' ');
  return { from, to, departure, arrival };
}

const route = (legs: RouteLeg[]) => {
  const found = journeyRouteOf(legs);
  return found ? routeText(found) : null;
};

describe('the route of a booking', () => {
  it('should run from the origin to the destination of a one-way flight', () => {
    expect(route([leg('TLV', 'BKK', '2027-01-10 08:00', 11)])).toBe('TLV-BKK');
  });

  it('should pass over connections of a one-way trip', () => {
    expect(
      route([leg('TLV', 'IST', '2027-01-10 08:00'), leg('IST', 'BKK', '2027-01-10 14:00', 9)]),
    ).toBe('TLV-BKK');
  });

  it('should end a return trip at its turnaround, not back at its origin', () => {
    expect(
      route([leg('TLV', 'BKK', '2027-01-10 08:00', 11), leg('BKK', 'TLV', '2027-01-20 09:00', 11)]),
    ).toBe('TLV-BKK');
  });

  it('should find the turnaround of a return trip with connections both ways', () => {
    expect(
      route([
        leg('TLV', 'IST', '2027-01-10 08:00'),
        leg('IST', 'BKK', '2027-01-10 14:00', 9),
        leg('BKK', 'IST', '2027-01-20 09:00', 10),
        leg('IST', 'TLV', '2027-01-20 22:00', 2),
      ]),
    ).toBe('TLV-BKK');
  });

  it('should count a stop of 24 hours as a stopover and one a minute shorter as a connection', () => {
    // Lands in IST at 11:00 on the 10th.
    const out = leg('TLV', 'IST', '2027-01-10 08:00');
    const home = (departure: string) => [
      out,
      leg('IST', 'BKK', departure, 9),
      leg('BKK', 'TLV', '2027-01-25 09:00', 11),
    ];
    expect(route(home('2027-01-11 11:00'))).toBe('TLV-IST');
    expect(route(home('2027-01-11 10:59'))).toBe('TLV-BKK');
  });

  it('should end an open jaw at the airport the outbound journey reaches', () => {
    expect(
      route([leg('TLV', 'BKK', '2027-01-10 08:00', 11), leg('HKT', 'TLV', '2027-01-20 09:00', 12)]),
    ).toBe('TLV-BKK');
  });

  it('should run an open jaw that comes home elsewhere to its last arrival', () => {
    expect(
      route([leg('TLV', 'BKK', '2027-01-10 08:00', 11), leg('HKT', 'ETM', '2027-01-20 09:00', 12)]),
    ).toBe('TLV-ETM');
  });

  it('should end a multi-city trip that comes back at the first stopover of its outbound journey', () => {
    expect(
      route([
        leg('TLV', 'LHR', '2027-01-10 08:00', 5),
        leg('LHR', 'JFK', '2027-01-14 10:00', 8),
        leg('JFK', 'TLV', '2027-01-20 23:00', 11),
      ]),
    ).toBe('TLV-LHR');
  });

  it('should run a multi-city trip that does not come back to its last arrival', () => {
    expect(
      route([leg('TLV', 'LHR', '2027-01-10 08:00', 5), leg('LHR', 'JFK', '2027-01-14 10:00', 8)]),
    ).toBe('TLV-JFK');
  });

  it('should end a same-day return where the traveller stays longest', () => {
    expect(
      route([leg('TLV', 'ETM', '2027-01-10 07:00', 1), leg('ETM', 'TLV', '2027-01-10 19:00', 1)]),
    ).toBe('TLV-ETM');
    expect(
      route([
        leg('TLV', 'HFA', '2027-01-10 07:00', 1),
        leg('HFA', 'ETM', '2027-01-10 08:30', 1),
        leg('ETM', 'TLV', '2027-01-10 19:00', 1),
      ]),
    ).toBe('TLV-ETM');
  });

  it('should have no route without legs', () => {
    expect(journeyRouteOf([])).toBeNull();
  });
});

describe('the journeys of a booking', () => {
  it('should count none without legs and one for a one-way flight', () => {
    expect(journeyCountOf([])).toBe(0);
    expect(journeyCountOf([leg('TLV', 'BKK', '2027-01-10 08:00', 11)])).toBe(1);
  });

  it('should count a connection as the same journey', () => {
    expect(
      journeyCountOf([
        leg('TLV', 'IST', '2027-01-10 08:00'),
        leg('IST', 'BKK', '2027-01-10 14:00', 9),
      ]),
    ).toBe(1);
  });

  it('should count each way of a return trip with connections', () => {
    expect(
      journeyCountOf([
        leg('TLV', 'IST', '2027-01-10 08:00'),
        leg('IST', 'BKK', '2027-01-10 14:00', 9),
        leg('BKK', 'IST', '2027-01-20 09:00', 10),
        leg('IST', 'TLV', '2027-01-20 22:00', 2),
      ]),
    ).toBe(2);
  });

  it('should start a new journey at a stop of exactly 24 hours, not at one a minute shorter', () => {
    const arrives = leg('TLV', 'IST', '2027-01-10 08:00', 3); // lands 11:00
    expect(journeyCountOf([arrives, leg('IST', 'BKK', '2027-01-11 11:00', 9)])).toBe(2);
    expect(journeyCountOf([arrives, leg('IST', 'BKK', '2027-01-11 10:59', 9)])).toBe(1);
  });

  it('should start a new journey where the next leg leaves from another airport', () => {
    expect(
      journeyCountOf([
        leg('TLV', 'BKK', '2027-01-10 08:00', 11),
        leg('HKT', 'TLV', '2027-01-20 09:00', 12),
      ]),
    ).toBe(2);
  });
});
