/// <reference types="@duffel/api" />
import type {
  CabinClass,
  CreateOfferRequest,
  CreateOfferRequestPassenger,
  CreateOfferRequestSlice,
  CreateOrder,
  CreateOrderPassenger,
  DuffelPassengerGender,
  DuffelPassengerTitle,
} from '@duffel/api/types';
import type { PassengerType } from '@smt/shared';
import type { NewBooking } from '@/gds/gds-types';
import { amountOf, localOfDuffel } from './duffel-mapping';
import type { OfferShape } from './duffel-schemas';

// A booking as an agent types it (flights, names, a contact), made into what Duffel needs:
// a search for those flights, and the passengers of a hold order on the offer that sells them.

type Flight = NewBooking['segments'][number];

// A connection of less than 24 hours continues a journey (IATA's stopover rule, as
// journeyCountOf in @smt/shared has it); a longer stop or another airport starts the next.
const STOPOVER_MS = 24 * 3_600_000;
const wallMs = (time: string) => Date.parse(`${time.replace(' ', 'T')}:00Z`);

/** The flights in journeys: Duffel searches by journey (slice), not by flight. */
export function journeysOf(flights: Flight[]): Flight[][] {
  const journeys: Flight[][] = [];
  for (const flight of flights) {
    const journey = journeys.at(-1);
    const last = journey?.at(-1);
    const connects =
      last !== undefined &&
      last.to === flight.from &&
      wallMs(flight.departure) - wallMs(last.arrival) < STOPOVER_MS;
    if (journey && connects) journey.push(flight);
    else journeys.push([flight]);
  }
  return journeys;
}

// Booking classes by cabin, as airlines commonly file them; an unknown letter searches every cabin.
const CABINS: Record<string, CabinClass> = {
  F: 'first',
  A: 'first',
  P: 'first',
  J: 'business',
  C: 'business',
  D: 'business',
  I: 'business',
  Z: 'business',
  W: 'premium_economy',
  E: 'premium_economy',
};

// The port knows passenger types, not ages; Duffel prices children and infants by age on the
// day of travel, so each type stands for a typical age of its band.
const AGES: Partial<Record<PassengerType, number>> = { CHD: 8, INF: 1, YTH: 16 };

const searchPassengerOf = (type: PassengerType): CreateOfferRequestPassenger => {
  const age = AGES[type];
  return age === undefined ? { type: 'adult' } : { age };
};

/**
 * The search for the booking's flights: one slice per journey, at the first flight's time, or
 * over its whole day when the agent gave no time.
 */
export function offerRequestOf(booking: NewBooking): CreateOfferRequest {
  const slices = journeysOf(booking.segments).map((journey): CreateOfferRequestSlice => {
    const first = journey[0] as Flight;
    const last = journey.at(-1) as Flight;
    const time = first.departure.slice(11, 16);
    return {
      origin: first.from,
      destination: last.to,
      departure_date: first.departure.slice(0, 10),
      // The SDK types the filter as required; null leaves it out, as arrival_time.
      departure_time: first.anyTimeOfDay ? null : { from: time, to: time },
      arrival_time: null,
    };
  });
  const cabin = CABINS[booking.segments[0]?.flightClass ?? ''];
  return {
    slices,
    passengers: booking.passengers.map((passenger) => searchPassengerOf(passenger.type)),
    ...(cabin ? { cabin_class: cabin } : {}),
  };
}

const flightKey = (airline: string, flightNumber: string, departure: string) =>
  `${airline}${flightNumber.replace(/^0+/, '')} ${departure}`;

// How much of a wall-clock time ('yyyy-MM-dd HH:mm') must agree: the day, or the minute too.
const DAY_ONLY = 'yyyy-MM-dd'.length;
const TO_THE_MINUTE = 'yyyy-MM-dd HH:mm'.length;

/**
 * Whether the offer flies exactly the booking's flights, in order, and can be held unpaid. A
 * flight wanted at any time of its day fits whenever on that local day it leaves.
 */
export function offerFits(offer: OfferShape, booking: NewBooking): boolean {
  if (offer.payment_requirements.requires_instant_payment) return false;
  const offered = offer.slices.flatMap((slice) => slice.segments);
  if (offered.length !== booking.segments.length) return false;
  return booking.segments.every((flight, index) => {
    const segment = offered[index];
    if (!segment) return false;
    const agreeing = flight.anyTimeOfDay ? DAY_ONLY : TO_THE_MINUTE;
    return (
      flightKey(flight.airline, flight.flightNumber, flight.departure.slice(0, agreeing)) ===
      flightKey(
        segment.marketing_carrier.iata_code ?? '',
        segment.marketing_carrier_flight_number,
        localOfDuffel(segment.departing_at).slice(0, agreeing),
      )
    );
  });
}

/** The cheapest offer that fits, priced in the currency of the first that does. */
export function cheapestFittingOffer(offers: OfferShape[], booking: NewBooking): OfferShape | null {
  const fitting = offers.filter((offer) => offerFits(offer, booking));
  const currency = fitting[0]?.total_currency;
  return (
    fitting
      .filter((offer) => offer.total_currency === currency)
      .sort((a, b) => amountOf(a.total_amount) - amountOf(b.total_amount))[0] ?? null
  );
}

const TITLES: Record<string, { title: DuffelPassengerTitle; gender: DuffelPassengerGender }> = {
  MR: { title: 'mr', gender: 'm' },
  MSTR: { title: 'mr', gender: 'm' },
  MRS: { title: 'mrs', gender: 'f' },
  MS: { title: 'ms', gender: 'f' },
  MISS: { title: 'miss', gender: 'f' },
};

// Duffel needs a birth date for everyone; the port has none. An adult's stands as 1980-01-01;
// a child's, youth's or infant's makes the age the search was made with on the first day of
// travel.
const ADULT_BORN_ON = '1980-01-01';

function bornOn(type: PassengerType, travelDate: string): string {
  const age = AGES[type];
  if (age === undefined) return ADULT_BORN_ON;
  const year = String(Number(travelDate.slice(0, 4)) - age).padStart(4, '0');
  // The 29th of February of a leap year is the 28th in most years.
  const day = travelDate.slice(4) === '-02-29' ? '-02-28' : travelDate.slice(4);
  return `${year}${day}`;
}

/**
 * The passengers of the order, paired in order with the offer's (Duffel lists an offer's
 * passengers as the search gave them), each infant on an adult's lap. Throws what Duffel
 * would refuse: a title that says no gender, no email or phone to give, an infant without
 * an adult.
 */
export function orderPassengersOf(offer: OfferShape, booking: NewBooking): CreateOrderPassenger[] {
  if (offer.passengers.length !== booking.passengers.length)
    throw new Error('Duffel’s offer is for another number of passengers');
  const travelDate = booking.segments[0]?.departure.slice(0, 10) ?? '';
  const passengers = booking.passengers.map((passenger, index): CreateOrderPassenger => {
    const naming = TITLES[passenger.title.toUpperCase()];
    if (!naming)
      throw new Error(
        `Duffel needs each passenger's gender, which the title '${passenger.title}' does not say`,
      );
    const email = passenger.email ?? booking.contact.email;
    const phone = passenger.phone ?? booking.contact.phone;
    if (!email || !phone)
      throw new Error('Duffel needs an email address and a phone number for every passenger');
    return {
      id: offer.passengers[index]?.id ?? '',
      title: naming.title,
      gender: naming.gender,
      given_name: passenger.firstName,
      family_name: passenger.lastName,
      born_on: bornOn(passenger.type, travelDate),
      email,
      phone_number: phone,
    };
  });
  const adults = passengers.filter((_, index) => booking.passengers[index]?.type !== 'INF');
  const infants = passengers.filter((_, index) => booking.passengers[index]?.type === 'INF');
  if (infants.length > adults.length)
    throw new Error('Each infant travels on the lap of an adult: add an adult');
  infants.forEach((infant, index) => {
    const adult = adults[index];
    if (adult) adult.infant_passenger_id = infant.id;
  });
  return passengers;
}

/**
 * The order to create: held unpaid. The SDK types the hold as 'pay_later', a name Duffel's
 * API no longer takes; its docs ('Holding Orders and Paying Later') and its Python client
 * (duffel-api-python PR 41) send 'hold', and the API refuses any other type with
 * `invalid_order_create_type`.
 */
export const holdOrderOf = (offerId: string, passengers: CreateOrderPassenger[]): CreateOrder =>
  ({ type: 'hold' as string, selected_offers: [offerId], passengers }) as CreateOrder;
