/// <reference types="@duffel/api" />
import type {
  Aircraft,
  Airline,
  Airport,
  CabinClass,
  FlightsCondition,
  Offer,
  OfferPassenger,
  OfferSlice,
  OfferSliceSegment,
  OrderChangeOfferSlice,
  OrderSegmentPassenger,
  OrderSlice,
  OrderSliceSegment,
  PassengerType,
  Place,
} from '@duffel/api/types';
import { utcOf, zoneOf } from '@/gds/airport-time';

// Duffel's objects as its API answers them, each a value of the SDK's own type so that the
// compiler catches a drift between the stand-in and the client library.

/** A flight the stand-in sells: times are the airport's wall clock, as Duffel gives them. */
export type ScriptedFlight = {
  airline: string;
  flightNumber: string;
  from: string;
  to: string;
  /** Local to `from`, 'yyyy-MM-ddTHH:mm:ss'. */
  departingAt: string;
  /** Local to `to`, 'yyyy-MM-ddTHH:mm:ss'. */
  arrivingAt: string;
  cabinClass?: CabinClass;
  fareBasis?: string;
  checkedBags?: number;
  /** The airline that flies it under the marketing airline's number (a codeshare). */
  operatingAirline?: string;
};

/** Ids shaped as Duffel's ('ord_0000…'), counted per stand-in so runs repeat. */
export function idMaker() {
  let next = 0;
  return (prefix: string) => {
    next += 1;
    return `${prefix}_0000${next.toString(36).toUpperCase().padStart(18, '0')}`;
  };
}

export const airport = (iata: string): Airport & { type: 'airport' } => ({
  id: `arp_${iata.toLowerCase()}_zz`,
  type: 'airport',
  iata_code: iata,
  icao_code: `Z${iata}`,
  iata_city_code: iata,
  iata_country_code: 'ZZ',
  city: null,
  city_name: `${iata} City`,
  name: `${iata} Airport`,
  latitude: 0,
  longitude: 0,
  time_zone: zoneOf(iata),
});

export const place = (iata: string): Place => airport(iata);

export const airline = (code: string): Airline => ({
  id: `arl_${code.toLowerCase()}`,
  name: `${code} Airways`,
  iata_code: code,
  logo_lockup_url: null,
  logo_symbol_url: null,
  conditions_of_carriage_url: null,
});

const AIRCRAFT: Aircraft = {
  id: 'arc_00009UhD4ongolulWd91Ky',
  iata_code: '320',
  name: 'Airbus A320',
};

const CABIN_NAMES: Record<CabinClass, string> = {
  first: 'First',
  business: 'Business',
  premium_economy: 'Premium Economy',
  economy: 'Economy',
};

/** 'PT2H5M' between two wall-clock times of their airports. */
function durationOf(from: string, departingAt: string, to: string, arrivingAt: string): string {
  const local = (time: string) => time.slice(0, 16).replace('T', ' ');
  const minutes = Math.round(
    (Date.parse(utcOf(local(arrivingAt), to)) - Date.parse(utcOf(local(departingAt), from))) /
      60_000,
  );
  return `PT${Math.floor(minutes / 60)}H${minutes % 60}M`;
}

const baggagesOf = (flight: ScriptedFlight) => [
  { type: 'checked' as const, quantity: flight.checkedBags ?? 1 },
  { type: 'carry_on' as const, quantity: 1 },
];

/** What segments share, whatever object (order, offer, change offer) carries them. */
function segmentCore(flight: ScriptedFlight, id: string) {
  return {
    id,
    aircraft: AIRCRAFT,
    origin: airport(flight.from),
    destination: airport(flight.to),
    origin_terminal: '1',
    destination_terminal: '2',
    departing_at: flight.departingAt,
    arriving_at: flight.arrivingAt,
    duration: durationOf(flight.from, flight.departingAt, flight.to, flight.arrivingAt),
    distance: '1000.0',
    marketing_carrier: airline(flight.airline),
    marketing_carrier_flight_number: flight.flightNumber,
    operating_carrier: airline(flight.operatingAirline ?? flight.airline),
    operating_carrier_flight_number: flight.flightNumber,
  };
}

/** Duffel's order JSON carries each passenger's fare basis, which the SDK's type leaves out. */
type OrderSegmentPassengerAsSent = OrderSegmentPassenger & { fare_basis_code: string | null };

export function orderSegment(
  flight: ScriptedFlight,
  id: string,
  passengerIds: string[],
): OrderSliceSegment {
  const cabin = flight.cabinClass ?? 'economy';
  const passengers = passengerIds.map((passengerId): OrderSegmentPassengerAsSent => ({
    passenger_id: passengerId,
    cabin_class: cabin,
    cabin_class_marketing_name: CABIN_NAMES[cabin],
    fare_basis_code: flight.fareBasis ?? null,
    baggages: baggagesOf(flight),
  }));
  return { ...segmentCore(flight, id), passengers, stops: [] };
}

export const condition = (penalty: string | null, currency: string): FlightsCondition =>
  penalty === null
    ? { allowed: false, penalty_amount: null, penalty_currency: null }
    : { allowed: true, penalty_amount: penalty, penalty_currency: currency };

const sliceEnds = (flights: ScriptedFlight[]) => {
  const first = flights[0];
  const last = flights.at(-1);
  if (!first || !last) throw new Error('a slice needs a flight');
  return { first, last };
};

export function orderSlice(
  flights: ScriptedFlight[],
  ids: { slice: string; segments: string[] },
  passengerIds: string[],
  changePenalty: FlightsCondition | null,
): OrderSlice {
  const { first, last } = sliceEnds(flights);
  return {
    id: ids.slice,
    origin: place(first.from),
    origin_type: 'airport',
    destination: place(last.to),
    destination_type: 'airport',
    duration: durationOf(first.from, first.departingAt, last.to, last.arrivingAt),
    fare_brand_name: 'Standard',
    conditions: { change_before_departure: changePenalty },
    segments: flights.map((flight, index) =>
      orderSegment(flight, ids.segments[index] ?? '', passengerIds),
    ),
  };
}

/**
 * A slice of an order change offer as Duffel's recorded offers give it: its segments say no
 * passengers (cabin, bags), which the SDK's OrderChangeOfferSlice type has.
 */
export type ChangeOfferSliceAsSent = Omit<OrderChangeOfferSlice, 'segments'> & {
  segments: Omit<OrderChangeOfferSlice['segments'][number], 'passengers'>[];
};

export function changeOfferSlice(
  flights: ScriptedFlight[],
  ids: { slice: string; segments: string[] },
): ChangeOfferSliceAsSent {
  const { first, last } = sliceEnds(flights);
  return {
    id: ids.slice,
    origin: place(first.from),
    origin_type: 'airport',
    destination: place(last.to),
    destination_type: 'airport',
    duration: durationOf(first.from, first.departingAt, last.to, last.arrivingAt),
    fare_brand_name: 'Standard',
    segments: flights.map((flight, index) => segmentCore(flight, ids.segments[index] ?? '')),
  };
}

function offerSegment(
  flight: ScriptedFlight,
  id: string,
  passengerIds: string[],
): OfferSliceSegment {
  const cabin = flight.cabinClass ?? 'economy';
  return {
    ...segmentCore(flight, id),
    passengers: passengerIds.map((passengerId) => ({
      passenger_id: passengerId,
      cabin_class: cabin,
      cabin_class_marketing_name: CABIN_NAMES[cabin],
      fare_basis_code: flight.fareBasis ?? 'YSTANDIN',
      baggages: baggagesOf(flight),
      cabin: null,
    })),
    stops: [],
  };
}

export function offerSlice(
  flights: ScriptedFlight[],
  newId: (prefix: string) => string,
  passengerIds: string[],
): OfferSlice {
  const { first, last } = sliceEnds(flights);
  const id = newId('sli');
  return {
    id,
    origin: place(first.from),
    origin_type: 'airport',
    destination: place(last.to),
    destination_type: 'airport',
    duration: durationOf(first.from, first.departingAt, last.to, last.arrivingAt),
    fare_brand_name: 'Standard',
    segments: flights.map((flight) => offerSegment(flight, newId('seg'), passengerIds)),
    conditions: {
      change_before_departure: null,
      refund_before_departure: null,
      advance_seat_selection: null,
      priority_boarding: null,
      priority_check_in: null,
    },
    ngs_shelf: null,
    comparison_key: id,
  };
}

/**
 * A searched passenger as Duffel's recorded offers and offer requests give one: no names until
 * an order gives them (null, where the SDK types them as optional strings), no loyalty cards.
 */
export type SearchedPassengerAsSent = {
  id: string;
  type: PassengerType | null;
  age: number | null;
  given_name: null;
  family_name: null;
  loyalty_programme_accounts: [];
};

/** An offer as listed by a search: its services come only when asked for. */
export type OfferAsListed = Omit<Offer, 'available_services' | 'passengers'> & {
  passengers: (SearchedPassengerAsSent & Pick<OfferPassenger, 'fare_type'>)[];
};
