import { describe, expect, it } from 'vitest';
import { aBooking, aSegment, NOW } from './detectors/testing/booking-builder';
import {
  alertedSegmentIds,
  arrivalMs,
  candidateOf,
  departureMs,
  durationText,
  isDeparted,
  isFlown,
  nextDepartureAt,
  notificationDataOf,
  segmentsAhead,
} from './notification-data-of';

describe('isDeparted', () => {
  // TLV 10:00 on 9 March is 08:00 UTC (Israel Standard Time, UTC+2).
  const booking = aBooking({
    segments: [aSegment({ status: 'UN' }), aSegment({ id: 's2', departure: '2026-03-09 10:00' })],
  });

  it('should judge by the first active segment, skipping inactive ones', () => {
    expect(isDeparted(booking, new Date('2026-03-08T11:00:00Z'))).toBe(false);
    expect(isDeparted(booking, new Date('2026-03-09T08:01:00Z'))).toBe(true);
  });

  it('should not count a flight leaving exactly now as departed', () => {
    expect(isDeparted(booking, new Date('2026-03-09T08:00:00Z'))).toBe(false);
  });

  it('should count a 01:00 TLV flight as gone when it is 23:00 UTC the day before in winter', () => {
    const night = aBooking({ segments: [aSegment({ departure: '2026-01-15 01:00' })] });

    expect(isDeparted(night, new Date('2026-01-14T22:59:00Z'))).toBe(false);
    expect(isDeparted(night, new Date('2026-01-14T23:01:00Z'))).toBe(true);
  });

  it('should count a 01:00 TLV flight as gone when it is 22:00 UTC the day before in summer', () => {
    const night = aBooking({ segments: [aSegment({ departure: '2026-07-15 01:00' })] });

    expect(isDeparted(night, new Date('2026-07-14T21:59:00Z'))).toBe(false);
    expect(isDeparted(night, new Date('2026-07-14T22:01:00Z'))).toBe(true);
  });

  it('should not count a booking without active segments as departed', () => {
    expect(isDeparted(aBooking({ segments: [] }), NOW)).toBe(false);
  });
});

describe('the trip ahead', () => {
  // TLV 10:00 on 8 March is 08:00 UTC; JFK 15:00 that day is 20:00 UTC. The return leaves JFK
  // at 18:00 on 15 March (22:00 UTC) and lands in TLV at 11:00 on 16 March (09:00 UTC).
  const out = aSegment();
  const back = aSegment({
    id: 's2',
    from: 'JFK',
    to: 'TLV',
    departure: '2026-03-15 18:00',
    arrival: '2026-03-16 11:00',
  });
  const trip = aBooking({ segments: [out, back] });

  it('should keep the return ahead and the next departure on it once the outbound has left', () => {
    const now = new Date('2026-03-08T08:01:00Z');

    expect(segmentsAhead(trip, now).map((s) => s.id)).toEqual(['s2']);
    expect(nextDepartureAt(trip, now)).toEqual(new Date('2026-03-15T22:00:00Z'));
    expect(isFlown(trip, now)).toBe(false);
  });

  it('should count a flight leaving exactly now as still ahead', () => {
    const now = new Date('2026-03-15T22:00:00Z');

    expect(segmentsAhead(trip, now).map((s) => s.id)).toEqual(['s2']);
  });

  it('should call the trip flown only once its last flight has landed', () => {
    expect(isFlown(trip, new Date('2026-03-16T08:59:00Z'))).toBe(false);
    expect(isFlown(trip, new Date('2026-03-16T09:00:00Z'))).toBe(true);
    expect(nextDepartureAt(trip, new Date('2026-03-16T09:00:00Z'))).toBeNull();
  });

  it('should not call a trip flown while an inactive segment is still to leave', () => {
    const hx = aBooking({ segments: [out, { ...back, status: 'HX' }] });

    expect(isFlown(hx, new Date('2026-03-10T00:00:00Z'))).toBe(false);
    expect(isFlown(hx, new Date('2026-03-15T22:01:00Z'))).toBe(true);
  });

  it('should not call a booking with no segment flown', () => {
    expect(isFlown(aBooking({ segments: [] }), new Date('2030-01-01T00:00:00Z'))).toBe(false);
  });
});

describe('departureMs and arrivalMs', () => {
  it("should take the GDS's instants when the segment carries them", () => {
    const segment = aSegment({
      departsAt: '2026-03-08T08:05:00.000Z',
      arrivesAt: '2026-03-08T19:05:00.000Z',
    });

    expect(departureMs(segment)).toBe(Date.parse('2026-03-08T08:05:00Z'));
    expect(arrivalMs(segment)).toBe(Date.parse('2026-03-08T19:05:00Z'));
  });

  it("should read the local times in each airport's zone when a stored snapshot has no instants", () => {
    // Snapshots stored before segments carried instants: the JSON simply lacks them.
    const { departsAt, arrivesAt, ...old } = aSegment({
      from: 'LAX',
      to: 'TLV',
      departure: '2026-07-15 17:30',
      arrival: '2026-07-16 17:30',
    });
    const stored = old as ReturnType<typeof aSegment>;

    expect([departsAt, arrivesAt]).toEqual([
      '2026-07-16T00:30:00.000Z',
      '2026-07-16T14:30:00.000Z',
    ]);
    expect(departureMs(stored)).toBe(Date.parse(departsAt));
    expect(arrivalMs(stored)).toBe(Date.parse(arrivesAt));
  });

  it('should answer NaN rather than throw when neither an instant nor a time reads', () => {
    expect(departureMs(aSegment({ departure: 'soon', departsAt: '' }))).toBeNaN();
  });
});

describe('notificationDataOf', () => {
  it('should describe the booking with every flight the GDS holds, an inactive one included', () => {
    const booking = aBooking({
      segments: [aSegment(), aSegment({ id: 's2', status: 'HX' })],
      isTicketed: true,
      hotels: [
        {
          name: 'Dan',
          city: 'Tel Aviv',
          country: 'IL',
          start: '2026-03-08',
          end: '2026-03-10',
          cost: 500,
          currency: 'USD',
          status: 'HK',
        },
      ],
      cars: [
        {
          pickupCity: 'JFK',
          pickupDate: '2026-03-08',
          returnDate: '2026-03-10',
          amount: 120,
          currency: 'USD',
          vendor: 'ZE',
          carType: 'ECAR',
        },
      ],
    });

    expect(notificationDataOf(booking, NOW)).toEqual({
      pnr: {
        id: 'ABC123',
        pcc: 'TLV1',
        creator: 'AA',
        is_cancelled: false,
        is_ticketed: true,
        is_voidable: false,
        is_departed: false,
      },
      contact: { name: 'Dan Cohen', phone: '+972501234567', email: 'dan@example.test' },
      passengers: [
        {
          title: 'MR',
          first_name: 'Dan',
          last_name: 'Cohen',
          type: 'ADT',
          phone: '+972501234567',
          email: 'dan@example.test',
        },
      ],
      cars: [
        {
          pickup_city: 'JFK',
          pickup_date: '2026-03-08',
          return_date: '2026-03-10',
          amount: 120,
          vendor: 'ZE',
          car_type: 'ECAR',
        },
      ],
      hotels: [
        {
          hotel_name: 'Dan',
          city: 'Tel Aviv',
          country: 'IL',
          start: '2026-03-08',
          end: '2026-03-10',
          cost: 500,
          status: 'HK',
        },
      ],
      flights: [
        {
          from: 'TLV',
          to: 'JFK',
          airline: 'LY',
          flight_number: '315',
          flight_class: 'Y',
          status: 'HK',
          departure: '2026-03-08 10:00',
          arrival: '2026-03-08 15:00',
        },
        {
          from: 'TLV',
          to: 'JFK',
          airline: 'LY',
          flight_number: '315',
          flight_class: 'Y',
          status: 'HX',
          departure: '2026-03-08 10:00',
          arrival: '2026-03-08 15:00',
        },
      ],
      sc: null,
    });
  });

  it('should mark the flights named as the alerted ones and leave the others unmarked', () => {
    const booking = aBooking({
      segments: [aSegment(), aSegment({ id: 's2', status: 'UC', departure: '2026-03-09 10:00' })],
    });

    const flights = notificationDataOf(booking, NOW, null, ['s2']).flights;

    expect(flights.map((flight) => [flight.status, flight.alerted])).toEqual([
      ['HK', undefined],
      ['UC', true],
    ]);
  });

  it('should lend the contact phone only to the passenger the contact names', () => {
    const booking = aBooking({ contact: { name: 'COHEN/DAN', phone: '+1555', email: null } });
    const other = aBooking({ contact: { name: 'Ruth Levi', phone: '+1555', email: null } });

    expect(notificationDataOf(booking, NOW).passengers[0]?.phone).toBe('+1555');
    expect(notificationDataOf(other, NOW).passengers[0]?.phone).toBeNull();
  });
});

describe('alertedSegmentIds', () => {
  const booking = aBooking({
    segments: [aSegment(), aSegment({ id: 's2', status: 'UC' }), aSegment({ id: 's3' })],
  });

  it('should mark the segments an alert names when it names some of the booking', () => {
    expect(alertedSegmentIds(booking, ['s2'])).toEqual(['s2']);
    expect(alertedSegmentIds(booking, ['s3', 's1'])).toEqual(['s1', 's3']);
  });

  it('should mark nothing when the alert names every segment or none the booking holds', () => {
    expect(alertedSegmentIds(booking, ['s1', 's2', 's3'])).toEqual([]);
    expect(alertedSegmentIds(booking, ['gone'])).toEqual([]);
  });
});

describe('candidateOf', () => {
  it("should mark in its data the segment a segment-removal alert names, among all the booking's", () => {
    const booking = aBooking({
      segments: [aSegment(), aSegment({ id: 's2', status: 'UC', departure: '2026-03-09 10:00' })],
    });

    const candidate = candidateOf(booking, NOW, {
      type: 'SegmentRemoval',
      title: 'Inactive segment',
      titleMessage: 'Remove UC flight LY315 TLV-JFK on 09/03/2026 10:00',
      alerts: [],
      dedupeKey: 'C:s2:UC',
      segmentIds: ['s2'],
    });

    expect(candidate.data.flights).toHaveLength(2);
    expect(candidate.data.flights.filter((flight) => flight.alerted)).toEqual([
      expect.objectContaining({ status: 'UC', departure: '2026-03-09 10:00' }),
    ]);
  });
});

describe('durationText', () => {
  it('should read hours and minutes the way people say them', () => {
    expect(durationText(180)).toBe('3 hours');
    expect(durationText(61)).toBe('1 hour 1 minute');
    expect(durationText(45)).toBe('45 minutes');
    expect(durationText(0)).toBe('0 minutes');
  });
});
