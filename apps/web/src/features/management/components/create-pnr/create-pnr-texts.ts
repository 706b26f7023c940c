// Labels of the Add PNR page (SPEC §2.11 leaves its layout to us).
export const createPnrTexts = {
  owner: 'Whose booking',
  booking: 'Booking',
  passenger: 'Passenger',
  flight: 'Flight',
  type: 'Type',
  departsInDays: 'Departs in (days)',
  ticketingDueInHours: 'Ticketing due in (hours)',
  firstName: 'First name',
  lastName: 'Last name',
  from: 'From',
  to: 'To',
  airline: 'Airline',
  flightNumber: 'Flight number',
  created: (pnrNumber: string) => `PNR ${pnrNumber} created. The engine watches it from now on.`,
  openInfo: 'Open PNR info',
  addAnother: 'Add another',
} as const;
