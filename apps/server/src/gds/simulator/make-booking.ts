import type { BookingType, PassengerType } from '@smt/shared';
import { instantsOf } from '@/gds/airport-time';
import type {
  GdsBooking,
  GdsCar,
  GdsHotel,
  GdsPassenger,
  GdsSegment,
  NewBooking,
} from '@/gds/gds-types';
import {
  CAR_TYPES,
  CAR_VENDORS,
  CHILD_NAMES,
  FEMALE_NAMES,
  HOTELS,
  LAST_NAMES,
  MALE_NAMES,
  REMARKS,
} from './catalogue';
import {
  BOOKING_CLASSES,
  bookingClassOf,
  fareBasisFor,
  type FareFamily,
  type Season,
} from './fare-rules';
import { buildQuote, firstDeparture, priceOf } from './fares';
import { DAY, HOUR, dateOf, iso } from './local-time';
import type { Rng } from './random';
import { historyEntry, type SimRecord } from './sim-types';
import {
  AIRLINES,
  AIRPORTS,
  FLIGHTS,
  alternativeFlights,
  arrivalInstant,
  datedFlight,
  departureInstant,
  destinationsFrom,
  itineraryOptions,
  localDate,
  type DatedFlight,
} from './world';

/** What a generated booking must be; the rest comes from the PRNG. */
export type BookingShape = {
  locator: string;
  pcc: string;
  agentInitials: string;
  type: BookingType;
  createdAt: number;
  /** Roughly when the first flight leaves; the timetable decides the minute. */
  departure: number;
  family?: FareFamily;
  /** The last segment is waitlisted (HL). */
  waitlisted?: boolean;
  /** A preferred flight is waitlisted beside the first segment (HL), to clear or not. */
  extraWaitlist?: boolean;
  /** The ticketing time limit; drawn when absent. */
  lastPurchaseAt?: number;
};

function passengersOf(rng: Rng): { passengers: GdsPassenger[]; lastName: string } {
  const lastName = rng.pick(LAST_NAMES);
  const adults = rng.weighted([
    [1, 50],
    [2, 35],
    [3, 15],
  ] as const);
  const children = rng.chance(0.2) ? rng.int(1, 2) : 0;
  const infants = rng.chance(0.1) ? 1 : 0;
  const list: { type: PassengerType; title: string; firstName: string }[] = [];
  for (let i = 0; i < adults; i += 1) {
    const female = i === 1 ? true : rng.chance(0.5);
    list.push({
      type: 'ADT',
      title: female ? rng.pick(['MRS', 'MS']) : 'MR',
      firstName: rng.pick(female ? FEMALE_NAMES : MALE_NAMES),
    });
  }
  for (let i = 0; i < children + infants; i += 1) {
    list.push({
      type: i < children ? 'CHD' : 'INF',
      title: rng.pick(['MSTR', 'MISS']),
      firstName: rng.pick(CHILD_NAMES),
    });
  }
  const passengers = list.map((p, index) => {
    const main = index === 0;
    return {
      id: `P${index + 1}`,
      ...p,
      lastName,
      phone: main ? `+9725${rng.int(10_000_000, 99_999_999)}` : null,
      email: main ? `${p.firstName}.${lastName}@example.com`.toLowerCase() : null,
    };
  });
  return { passengers, lastName };
}

function seasonOf(instant: number): Season {
  const month = new Date(instant).getUTCMonth() + 1;
  if ([6, 7, 8, 12].includes(month)) return 'H';
  return [4, 5, 9, 10].includes(month) ? 'K' : 'L';
}

/** The stored fare's booking class, drawn from a family (economy mostly). */
function bookingClassFor(rng: Rng, family: FareFamily | undefined): string {
  const chosen =
    family ??
    rng.weighted([
      ['FLEX', 12],
      ['STANDARD', 58],
      ['SAVER', 25],
      ['LIGHT', 5],
    ] as const);
  const cabin = family === undefined && rng.chance(0.08) ? 'J' : 'Y';
  const classes = BOOKING_CLASSES.filter((c) => c.family === chosen && c.cabin === cabin);
  // Keep the dearest class of a family out, so a cheaper one of the same family exists.
  const pool = classes.length > 1 ? classes.slice(0, -1) : classes;
  return rng.pick(pool.length > 0 ? pool : BOOKING_CLASSES).code;
}

/** Prices the segments, stores the fare and sets the ticketing time limit. */
function priced(
  rng: Rng,
  booking: GdsBooking,
  bookingClass: string,
  family: FareFamily,
  lastPurchaseAt: number,
): { booking: GdsBooking; baseTotal: number; taxes: number } {
  const createdAt = Date.parse(booking.createdAt);
  const departure = firstDeparture(booking) ?? createdAt + 30 * DAY;
  const ahead = (departure - createdAt) / DAY;
  const fareBasis = fareBasisFor({
    bookingClass,
    season: seasonOf(departure),
    weekend: [0, 5, 6].includes(new Date(departure).getUTCDay()),
    advanceDays: ahead >= 21 ? 21 : ahead >= 14 ? 14 : ahead >= 7 ? 7 : 0,
    family,
  });
  const currency = AIRLINES[booking.segments[0]?.airline ?? '']?.currency ?? 'USD';
  const market = 0.92 + rng.next() * 0.2;
  const { total, taxes } = priceOf(
    booking.segments,
    booking.passengers,
    bookingClass,
    currency,
    market,
  );
  const lastPurchase = iso(lastPurchaseAt);
  const storedFare = buildQuote(
    booking,
    { fareBasis, flightClass: bookingClass, total, currency },
    lastPurchase,
  );
  return {
    booking: { ...booking, storedFare, lastPurchaseAt: lastPurchase },
    baseTotal: total,
    taxes,
  };
}

function drawLastPurchase(rng: Rng, createdAt: number, departure: number): number {
  const drawn = createdAt + rng.int(24, 7 * 24) * HOUR;
  return Math.max(createdAt + 2 * HOUR, Math.min(drawn, departure - DAY));
}

/** A trip leaving near `departure`: one of those within 2 h of it, or else the nearest. */
function pickItinerary(rng: Rng, from: string, departure: number): DatedFlight[] {
  const options = rng
    .shuffle(destinationsFrom(from))
    .flatMap((to) =>
      [-1, 0, 1].flatMap((days) => itineraryOptions(from, to, localDate(departure, from, days))),
    );
  const gap = (option: DatedFlight[]) =>
    Math.abs(departureInstant(option[0] as DatedFlight) - departure);
  const near = options.filter((option) => gap(option) <= 2 * HOUR);
  if (near.length > 0) return rng.pick(near);
  const nearest = options.reduce<DatedFlight[] | null>(
    (best, option) => (best && gap(best) <= gap(option) ? best : option),
    null,
  );
  if (nearest) return nearest;
  const [flight] = FLIGHTS;
  if (!flight) throw new Error('the timetable is empty');
  return [datedFlight(flight, localDate(departure, flight.from))];
}

function returnOf(rng: Rng, outbound: DatedFlight[]): DatedFlight[] {
  const first = outbound[0];
  const last = outbound[outbound.length - 1];
  if (!first || !last) return [];
  const leaves = arrivalInstant(last) + rng.int(3, 21) * DAY;
  const options = itineraryOptions(last.to, first.from, localDate(leaves, last.to));
  const sameAirline = options.filter((o) => o[0]?.airline === first.airline);
  if (options.length === 0) return [];
  return rng.pick(sameAirline.length > 0 ? sameAirline : options);
}

/** A timetable flight as the booking's `index`-th segment, held (HK). */
export const toSegment = (flight: DatedFlight, index: number, flightClass: string): GdsSegment => ({
  id: `S${index + 1}`,
  airline: flight.airline,
  flightNumber: flight.flightNumber,
  from: flight.from,
  to: flight.to,
  departure: flight.departure,
  arrival: flight.arrival,
  departsAt: flight.departsAt,
  arrivesAt: flight.arrivesAt,
  flightClass,
  status: 'HK',
});

/** A stay where the outbound trip ends, until the trip back (or a few nights). */
function hotelOf(
  rng: Rng,
  arrival: DatedFlight,
  back: DatedFlight | undefined,
  currency: string,
): GdsHotel | null {
  const names = HOTELS[arrival.to];
  const airport = AIRPORTS[arrival.to];
  if (!names || !airport) return null;
  const start = dateOf(arrival.arrival);
  const end = back
    ? dateOf(back.departure)
    : localDate(arrivalInstant(arrival), arrival.to, rng.int(2, 6));
  const nights = Math.max(1, Math.round((Date.parse(end) - Date.parse(start)) / DAY));
  return {
    name: rng.pick(names),
    city: airport.city,
    country: airport.country,
    start,
    end,
    cost: nights * rng.int(120, 420),
    currency,
    status: 'HK',
  };
}

function carOf(rng: Rng, hotel: GdsHotel, currency: string): GdsCar {
  const days = Math.max(1, Math.round((Date.parse(hotel.end) - Date.parse(hotel.start)) / DAY));
  return {
    pickupCity: hotel.city,
    pickupDate: `${hotel.start} ${rng.pick(['09:00', '12:00', '15:00'])}`,
    returnDate: `${hotel.end} ${rng.pick(['08:00', '10:00', '13:00'])}`,
    amount: days * rng.int(35, 95),
    currency,
    vendor: rng.pick(CAR_VENDORS),
    carType: rng.pick(CAR_TYPES),
  };
}

function blankBooking(
  shape: Omit<BookingShape, 'departure'>,
  passengers: GdsPassenger[],
  contact: GdsBooking['contact'],
  segments: GdsSegment[],
): GdsBooking {
  return {
    locator: shape.locator,
    pcc: shape.pcc,
    agentInitials: shape.agentInitials,
    type: shape.type,
    createdAt: iso(shape.createdAt),
    passengers,
    contact,
    segments,
    hotels: [],
    cars: [],
    storedFare: null,
    isTicketed: false,
    isVoidable: false,
    ticketedAt: null,
    lastPurchaseAt: null,
    isCancelled: false,
    customerNumber: null,
    remarks: [],
    ticketingSupported: shape.type === 'OTA',
    history: segments.map((segment) => historyEntry(shape.createdAt, 'SOLD', segment)),
    version: 1,
  };
}

const newRecord = (
  booking: GdsBooking,
  { baseTotal, taxes }: { baseTotal: number; taxes: number },
): SimRecord => ({
  booking,
  events: [],
  applied: 0,
  drops: [],
  baseTotal,
  taxes,
  departed: false,
  replaces: {},
  nextSegment: booking.segments.length + 1,
});

/** A whole booking drawn from the PRNG: passengers, flights, maybe a hotel and a car, a fare. */
export function generateBooking(rng: Rng, shape: BookingShape): SimRecord {
  const from = rng.chance(0.9) ? 'TLV' : rng.pick(['JFK', 'LHR', 'CDG', 'FRA']);
  const outbound = pickItinerary(rng, from, shape.departure);
  const back = shape.waitlisted || rng.chance(0.75) ? returnOf(rng, outbound) : [];
  const bookingClass = bookingClassFor(rng, shape.family);
  const segments = [...outbound, ...back].map((f, i) => toSegment(f, i, bookingClass));
  if (shape.waitlisted) {
    const last = segments[segments.length - 1];
    if (last) last.status = 'HL';
  }
  if (shape.extraWaitlist && segments[0]) {
    const first = segments[0];
    // The airline's other flight that day, or else the same flight a day later.
    const sameDay = alternativeFlights(first).find((f) => f.airline === first.airline);
    const preferred =
      sameDay ??
      FLIGHTS.find((f) => f.airline === first.airline && f.flightNumber === first.flightNumber);
    if (preferred) {
      const day = localDate(departureInstant(first), first.from, sameDay ? 0 : 1);
      const extra = toSegment(datedFlight(preferred, day), segments.length, bookingClass);
      segments.splice(1, 0, { ...extra, status: 'HL' });
    }
  }
  const { passengers, lastName } = passengersOf(rng);
  const main = passengers[0];
  const contact = {
    name: main ? `${main.firstName} ${lastName}` : lastName,
    phone: main?.phone ?? null,
    email: main?.email ?? null,
  };
  let booking = blankBooking(shape, passengers, contact, segments);
  const departure = firstDeparture(booking) ?? shape.departure;
  const lastPurchaseAt = shape.lastPurchaseAt ?? drawLastPurchase(rng, shape.createdAt, departure);
  const drawnFamily = BOOKING_CLASSES.find((c) => c.code === bookingClass)?.family ?? 'STANDARD';
  const result = priced(rng, booking, bookingClass, drawnFamily, lastPurchaseAt);
  booking = result.booking;
  const currency = booking.storedFare?.currency ?? 'USD';
  const arrival = outbound[outbound.length - 1];
  const hotel = arrival && rng.chance(0.3) ? hotelOf(rng, arrival, back[0], currency) : null;
  if (hotel) {
    booking.hotels = [hotel];
    if (rng.chance(0.5)) booking.cars = [carOf(rng, hotel, currency)];
  }
  booking.customerNumber = rng.chance(0.7) ? String(rng.int(10_000, 999_999)) : null;
  booking.remarks = rng.shuffle(REMARKS).slice(0, rng.int(0, 2));
  return newRecord(booking, result);
}

/** A booking as the product asked for it: its own passengers and flights, confirmed (HK). */
export function bookingFromRequest(
  rng: Rng,
  locator: string,
  request: NewBooking,
  createdAt: number,
): SimRecord {
  const passengers = request.passengers.map((p, index) => ({ ...p, id: `P${index + 1}` }));
  const segments = request.segments.map((s, index): GdsSegment => ({
    ...s,
    ...instantsOf(s),
    id: `S${index + 1}`,
    status: 'HK',
  }));
  const booking = blankBooking(
    { ...request, locator, createdAt },
    passengers,
    request.contact,
    segments,
  );
  booking.customerNumber = request.customerNumber ?? null;
  const bookingClass = segments[0]?.flightClass ?? 'Y';
  const family = BOOKING_CLASSES.find((c) => c.code === bookingClass)?.family ?? 'STANDARD';
  const departure = firstDeparture(booking) ?? createdAt + 30 * DAY;
  const result = priced(
    rng,
    booking,
    bookingClass,
    family,
    request.ticketingTimeLimit
      ? Date.parse(request.ticketingTimeLimit)
      : drawLastPurchase(rng, createdAt, departure),
  );
  return newRecord(result.booking, result);
}

/**
 * The same travellers on the same flights in a new PNR, made at `createdAt`: what an agent does
 * when a booking lapsed at its time limit (its flights gone HX) and the traveller still wants
 * them. A new time limit and a new fare at today's market; nothing else carried over.
 */
export function rebooked(
  rng: Rng,
  lapsed: GdsBooking,
  shape: { locator: string; createdAt: number },
): SimRecord | null {
  const flights = lapsed.segments.filter((s) => s.status === 'HX');
  const departure = firstDeparture({ ...lapsed, segments: flights });
  const [first] = flights;
  if (!first || departure === null || departure - shape.createdAt < DAY) return null;
  const segments = flights.map((s, i) => ({ ...s, id: `S${i + 1}`, status: 'HK' as const }));
  const booking = blankBooking(
    { ...shape, pcc: lapsed.pcc, agentInitials: lapsed.agentInitials, type: lapsed.type },
    structuredClone(lapsed.passengers),
    { ...lapsed.contact },
    segments,
  );
  const lastPurchaseAt = drawLastPurchase(rng, shape.createdAt, departure);
  const family = bookingClassOf(first.flightClass).family;
  const result = priced(rng, booking, first.flightClass, family, lastPurchaseAt);
  return newRecord(result.booking, result);
}
