// The public share page's own words (SPEC §2.12), in one place for the server that writes the
// page and any client that shows the same message; the default header, the expired-link and
// generic errors are in messages.ts.
export const shareTexts = {
  reservationNumber: 'Reservation number',
  scheduleChangeIntro: 'This is to inform you of a change in your flight schedule',
  flightNumber: 'Flight number',
  newFlightDetails: 'New flight details',
  originalFlightDetails: 'Original flight details',
  departureDate: 'Departure date',
  route: 'Route',
  departureTime: 'Departure time',
  arrivalDate: 'Arrival date',
  arrivalTime: 'Arrival time',
  cancelled: 'Cancelled',
  scheduleChangeClosing: 'We apologize for the change and wish you a pleasant flight.',
  ticketingDueIntro:
    'Your reservation needs to be issued today, please confirm your reservation soon',
  reservationDetails: 'Reservation details',
  flightNumberColumn: 'Flight Number',
  departure: 'Departure',
  arrival: 'Arrival',
  tryAgain: 'Try again',
} as const;
