import type { NewBooking } from '@/gds/gds-types';

// Add PNR on Sabre: Booking Management's createBooking with the flights as the agent typed
// them (times local to the airports), unpriced, as the published 'createBooking - Air no
// pricing' request sends them. The agency's ticketing time limit, when the agent set one, is
// the booking's future ticketing date.

const TRAVELER_TYPES = { ADT: 'ADULT', CHD: 'CHILD', INF: 'INFANT', YTH: 'YOUTH', SRC: 'SENIOR' };

export function createBookingRequestOf(booking: NewBooking) {
  const limit = booking.ticketingTimeLimit ? new Date(booking.ticketingTimeLimit) : null;
  return {
    flightDetails: {
      flights: booking.segments.map((segment) => ({
        flightNumber: Number(segment.flightNumber),
        airlineCode: segment.airline,
        fromAirportCode: segment.from,
        toAirportCode: segment.to,
        departureDate: segment.departure.slice(0, 10),
        departureTime: segment.departure.slice(11, 16),
        arrivalDate: segment.arrival.slice(0, 10),
        arrivalTime: segment.arrival.slice(11, 16),
        bookingClass: segment.flightClass,
        flightStatusCode: 'NN',
      })),
    },
    travelers: booking.passengers.map((passenger) => ({
      givenName: passenger.firstName,
      surname: passenger.lastName,
      type: TRAVELER_TYPES[passenger.type],
      ...(passenger.email && { emails: [passenger.email] }),
      ...(passenger.phone && { phones: [{ number: passenger.phone }] }),
    })),
    contactInfo: {
      ...(booking.contact.email && { emails: [booking.contact.email] }),
      ...(booking.contact.phone && { phones: [booking.contact.phone] }),
    },
    agency: {
      ...(booking.customerNumber && { agencyCustomerNumber: booking.customerNumber }),
      // Booking Management's policies: a time limit the agency sets, else ticket today (TAW).
      ticketingPolicy: limit ? 'TICKETING_TIME_LIMIT' : 'TODAY',
      ...(limit && {
        ticketingTimeLimitPolicy: {
          ticketingDate: limit.toISOString().slice(0, 10),
          ticketingTime: limit.toISOString().slice(11, 16),
        },
      }),
    },
    receivedFrom: 'SMT',
  };
}
