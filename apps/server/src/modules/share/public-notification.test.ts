import type { Flight, NotificationData, NotificationType } from '@smt/shared';
import { describe, expect, it } from 'vitest';
import { publicNotificationOf } from './public-notification';

const flight = (overrides: Partial<Flight>): Flight => ({
  from: 'TLV',
  to: 'LHR',
  airline: 'LY',
  flight_number: '315',
  flight_class: 'Y',
  status: 'HK',
  departure: '2026-04-10 08:00',
  arrival: '2026-04-10 12:30',
  ...overrides,
});

const dataWith = (flights: Flight[], sc: NotificationData['sc'] = null): NotificationData => ({
  pnr: {
    id: 'ABC123',
    pcc: 'TLV1',
    creator: 'AA',
    is_cancelled: false,
    is_ticketed: false,
    is_voidable: false,
    is_departed: false,
  },
  contact: { name: 'Dana Levi', phone: null, email: null },
  passengers: [],
  cars: [],
  hotels: [],
  flights,
  sc,
});

describe('public notification', () => {
  it('should pair each changed flight with its replacement when the schedule changed', () => {
    const retimed = flight({ departure: '2026-04-10 09:00', arrival: '2026-04-10 13:30' });
    const back = flight({ from: 'LHR', to: 'TLV', flight_number: '316', status: 'UN' });
    const replacement = flight({ from: 'LHR', to: 'TLV', flight_number: '318', status: 'TK' });
    const data = dataWith([retimed, replacement], {
      oldFlights: [flight({}), back],
      newFlights: [retimed, replacement],
    });

    expect(publicNotificationOf('Reschedule', 'ABC123', data)).toEqual({
      notificationType: 'SC',
      pnrNumber: 'ABC123',
      flights: [
        {
          flightNumber: 'LY315',
          prevSegments: [
            {
              flightNumber: 'LY315',
              origin: 'TLV',
              dest: 'LHR',
              departureDate: '2026-04-10 08:00',
              arrivalDate: '2026-04-10 12:30',
              status: 'HK',
            },
          ],
          currSegments: [
            {
              flightNumber: 'LY315',
              origin: 'TLV',
              dest: 'LHR',
              departureDate: '2026-04-10 09:00',
              arrivalDate: '2026-04-10 13:30',
              status: 'HK',
            },
          ],
        },
        {
          flightNumber: 'LY316',
          prevSegments: [expect.objectContaining({ origin: 'LHR', status: 'UN' })],
          // The replacement flies under its own number, which the page shows.
          currSegments: [
            expect.objectContaining({ flightNumber: 'LY318', origin: 'LHR', status: 'TK' }),
          ],
        },
      ],
    });
  });

  it('should leave out the current segments when a flight was cancelled', () => {
    const cancelled = flight({ status: 'UN' });
    const data = dataWith([], { oldFlights: [cancelled], newFlights: [] });
    const { flights } = publicNotificationOf('Reschedule', 'ABC123', data);
    expect(flights).toHaveLength(1);
    expect(flights[0]).not.toHaveProperty('currSegments');
    expect(flights[0]?.prevSegments[0]?.status).toBe('UN');
  });

  it('should show a new flight without previous segments when it replaced nothing known', () => {
    const added = flight({ status: 'TK' });
    const data = dataWith([added], { oldFlights: [], newFlights: [added] });
    expect(publicNotificationOf('Reschedule', 'ABC123', data).flights).toEqual([
      { flightNumber: 'LY315', prevSegments: [], currSegments: [expect.any(Object)] },
    ]);
  });

  it('should list every flight of the booking when ticketing is due', () => {
    const out = flight({});
    const back = flight({ from: 'LHR', to: 'TLV', flight_number: '316' });
    const result = publicNotificationOf('TicketingDue', 'XYZ789', dataWith([out, back]));
    expect(result.notificationType).toBe('TD');
    expect(result.flights.map((f) => [f.flightNumber, f.prevSegments.length])).toEqual([
      ['LY315', 1],
      ['LY316', 1],
    ]);
    expect(result.flights[0]).not.toHaveProperty('currSegments');
  });

  it('should carry a segment not confirmed with its status when ticketing is due', () => {
    const held = flight({});
    const unconfirmed = flight({ flight_number: '317', status: 'UC', alerted: true });
    const result = publicNotificationOf('TicketingDue', 'XYZ789', dataWith([held, unconfirmed]));
    expect(result.flights.map((f) => [f.flightNumber, f.prevSegments[0]?.status])).toEqual([
      ['LY315', 'HK'],
      ['LY317', 'UC'],
    ]);
  });

  it('should render nothing when the type is neither a schedule change nor ticketing due', () => {
    const others: NotificationType[] = [
      'Reprice',
      'Churning',
      'SegmentRemoval',
      'HoldsWaitlist',
      'DuplicateBooking',
    ];
    for (const type of others) {
      expect(publicNotificationOf(type, 'ABC123', dataWith([flight({})]))).toEqual({
        notificationType: null,
        pnrNumber: 'ABC123',
        flights: [],
      });
    }
  });
});
