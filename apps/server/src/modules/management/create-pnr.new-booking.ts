import type { CreatePnrBody } from '@smt/shared';
import type { z } from 'zod';
import { localOf } from '@/gds/airport-time';
import type { GdsContact, NewBooking } from '@/gds/gds-types';

const HOUR = 3_600_000;
// A made-up flight of the simulator's kind: about as long as a medium-haul leg.
const FLIGHT_HOURS = 4;

type Body = z.output<typeof CreatePnrBody>;
type Sign = { pcc: string; initials: string };

/**
 * Where the booking is made: the simulator books any flight at the time it is given; a
 * provider sells only what an airline flies, at the airline's time, with its deadline to pay,
 * and needs someone to reach about it.
 */
export type Booker = { kind: 'simulator' } | { kind: 'provider'; contact: GdsContact };

/** The form's booking as the reservation system takes it, `departsInDays` from `now`. */
export function newBookingOf(body: Body, sign: Sign, now: number, booker: Booker): NewBooking {
  const departure = now + body.departsInDays * 24 * HOUR;
  const fromProvider = booker.kind === 'provider';
  // Times are local to each airport. The agent gave a day, not a time: for a provider the day
  // stands alone (midnight, with anyTimeOfDay) and the airline's timetable says the rest.
  const day = (iata: string) => `${localOf(departure, iata).slice(0, 10)} 00:00`;
  const contact = fromProvider
    ? booker.contact
    : { name: `${body.firstName} ${body.lastName}`, phone: null, email: null };
  return {
    pcc: sign.pcc,
    agentInitials: sign.initials,
    type: body.type,
    passengers: [
      {
        title: 'MR',
        firstName: body.firstName,
        lastName: body.lastName,
        type: 'ADT',
        phone: contact.phone,
        email: contact.email,
      },
    ],
    contact,
    segments: [
      {
        airline: body.airline,
        flightNumber: body.flightNumber,
        from: body.from,
        to: body.to,
        ...(fromProvider
          ? { departure: day(body.from), arrival: day(body.to), anyTimeOfDay: true }
          : {
              departure: localOf(departure, body.from),
              arrival: localOf(departure + FLIGHT_HOURS * HOUR, body.to),
            }),
        flightClass: 'Y',
      },
    ],
    // A hold order is due when the airline says; the form's hours are the simulator's.
    ticketingTimeLimit: fromProvider
      ? null
      : new Date(now + body.ticketingDueInHours * HOUR).toISOString(),
  };
}
