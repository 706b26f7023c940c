import type { Flight } from '@smt/shared';
import { describe, expect, it } from 'vitest';
import { alertedFlights, removalCount, removesSegments } from './segment-removal';

const flight = (over: Partial<Flight> = {}): Flight => ({
  from: 'TLV',
  to: 'MAD',
  airline: 'IB',
  flight_number: '3317',
  flight_class: 'Y',
  status: 'HK',
  departure: '2027-01-04 10:00',
  arrival: '2027-01-04 14:30',
  ...over,
});

describe('segment removal', () => {
  it('should treat only the cancel operation as removing segments', () => {
    expect(removesSegments({ label: 'Approve', opCode: 'C' })).toBe(true);
    expect(removesSegments({ label: 'Approve', opCode: 'A' })).toBe(false);
    expect(removesSegments(null)).toBe(false);
  });

  it('should count the marked flights when the notification marks some', () => {
    const flights = [
      flight(),
      flight({ status: 'UC', alerted: true }),
      flight({ status: 'HX', alerted: true }),
    ];

    expect(alertedFlights(flights).map((f) => f.status)).toEqual(['UC', 'HX']);
    expect(removalCount(flights)).toBe(2);
  });

  it('should count one segment when a notification stored before marks none', () => {
    expect(removalCount([flight(), flight({ status: 'UC' })])).toBe(1);
  });
});
