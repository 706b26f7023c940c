import { instantOf, localOf } from '@/gds/airport-time';
import { DAY, MINUTE, iso } from './local-time';

// The simulated world: real airport and airline codes, and a timetable of daily flights that
// looks like the real one from an Israeli point of sale. Each airport keeps its real zone's
// clock, daylight saving included (gds/airport-time.ts): a timetable time is local all year.

export type Airport = {
  code: string;
  city: string;
  country: string;
  lat: number;
  lon: number;
};

export type Airline = { code: string; name: string; currency: 'USD' | 'EUR' };

/** A daily flight of the timetable. */
export type ScheduledFlight = {
  airline: string;
  flightNumber: string;
  from: string;
  to: string;
  /** Local departure time, 'HH:mm'. */
  departs: string;
  minutes: number;
};

/** A scheduled flight on one day, times local to each airport and as instants (ISO, UTC). */
export type DatedFlight = ScheduledFlight & {
  departure: string;
  arrival: string;
  departsAt: string;
  arrivesAt: string;
};

const airport = (
  code: string,
  city: string,
  country: string,
  lat: number,
  lon: number,
): Airport => ({ code, city, country, lat, lon });

export const AIRPORTS: Record<string, Airport> = Object.fromEntries(
  [
    airport('TLV', 'Tel Aviv', 'Israel', 32.01, 34.89),
    airport('JFK', 'New York', 'United States', 40.64, -73.78),
    airport('EWR', 'Newark', 'United States', 40.69, -74.17),
    airport('ATL', 'Atlanta', 'United States', 33.64, -84.43),
    airport('LAX', 'Los Angeles', 'United States', 33.94, -118.41),
    airport('LHR', 'London', 'United Kingdom', 51.47, -0.45),
    airport('CDG', 'Paris', 'France', 49.01, 2.55),
    airport('FRA', 'Frankfurt', 'Germany', 50.04, 8.56),
    airport('AMS', 'Amsterdam', 'Netherlands', 52.31, 4.76),
    airport('ZRH', 'Zurich', 'Switzerland', 47.46, 8.55),
    airport('FCO', 'Rome', 'Italy', 41.8, 12.25),
    airport('MAD', 'Madrid', 'Spain', 40.47, -3.56),
    airport('ATH', 'Athens', 'Greece', 37.94, 23.94),
    airport('IST', 'Istanbul', 'Turkey', 41.26, 28.74),
    airport('BKK', 'Bangkok', 'Thailand', 13.69, 100.75),
  ].map((a) => [a.code, a]),
);

export const AIRLINES: Record<string, Airline> = Object.fromEntries(
  (
    [
      ['LY', 'El Al', 'USD'],
      ['UA', 'United Airlines', 'USD'],
      ['DL', 'Delta Air Lines', 'USD'],
      ['BA', 'British Airways', 'USD'],
      ['TK', 'Turkish Airlines', 'USD'],
      ['LX', 'Swiss', 'USD'],
      ['LH', 'Lufthansa', 'EUR'],
      ['AF', 'Air France', 'EUR'],
      ['KL', 'KLM', 'EUR'],
      ['IB', 'Iberia', 'EUR'],
      ['AZ', 'ITA Airways', 'EUR'],
      ['A3', 'Aegean Airlines', 'EUR'],
    ] as const
  ).map(([code, name, currency]) => [code, { code, name, currency }]),
);

// [airline, out number, from, to, departs, minutes, back number, departs, minutes]
type RoutePair = [string, string, string, string, string, number, string, string, number];

const ROUTE_PAIRS: RoutePair[] = [
  ['LY', '001', 'TLV', 'JFK', '00:45', 720, '002', '23:50', 630],
  ['LY', '007', 'TLV', 'JFK', '16:30', 705, '008', '12:00', 630],
  ['LY', '027', 'TLV', 'EWR', '01:00', 720, '028', '23:30', 630],
  ['LY', '005', 'TLV', 'LAX', '00:30', 930, '006', '17:30', 840],
  ['LY', '315', 'TLV', 'LHR', '06:00', 330, '316', '12:30', 290],
  ['LY', '323', 'TLV', 'CDG', '06:40', 300, '324', '13:30', 270],
  ['LY', '353', 'TLV', 'FRA', '07:00', 260, '354', '13:40', 235],
  ['LY', '335', 'TLV', 'AMS', '07:45', 290, '336', '14:40', 265],
  ['LY', '381', 'TLV', 'FCO', '08:00', 230, '382', '13:15', 205],
  ['LY', '395', 'TLV', 'MAD', '08:30', 315, '396', '15:30', 285],
  ['LY', '541', 'TLV', 'ATH', '07:15', 120, '542', '10:40', 115],
  ['LY', '081', 'TLV', 'BKK', '21:10', 650, '082', '00:40', 705],
  ['UA', '091', 'TLV', 'EWR', '23:55', 740, '090', '22:30', 620],
  ['UA', '084', 'TLV', 'EWR', '10:30', 735, '085', '16:10', 615],
  ['DL', '235', 'TLV', 'JFK', '23:45', 730, '234', '16:50', 620],
  ['DL', '469', 'TLV', 'ATL', '23:30', 780, '468', '19:50', 690],
  ['LH', '687', 'TLV', 'FRA', '05:25', 270, '686', '14:40', 245],
  ['LH', '691', 'TLV', 'FRA', '16:15', 270, '690', '11:10', 245],
  ['LH', '400', 'FRA', 'JFK', '10:30', 530, '401', '17:50', 460],
  ['LH', '456', 'FRA', 'LAX', '13:10', 690, '457', '15:30', 650],
  ['BA', '164', 'TLV', 'LHR', '16:45', 330, '165', '10:40', 290],
  ['BA', '166', 'TLV', 'LHR', '08:00', 330, '167', '22:05', 290],
  ['BA', '117', 'LHR', 'JFK', '08:20', 490, '112', '18:30', 420],
  ['BA', '283', 'LHR', 'LAX', '16:05', 670, '282', '19:40', 630],
  ['AF', '1621', 'TLV', 'CDG', '11:55', 305, '1620', '10:35', 270],
  ['AF', '010', 'CDG', 'JFK', '10:30', 500, '011', '19:30', 430],
  ['AF', '682', 'CDG', 'ATL', '10:15', 590, '689', '17:40', 525],
  ['KL', '462', 'TLV', 'AMS', '04:45', 295, '461', '12:15', 270],
  ['KL', '641', 'AMS', 'JFK', '13:15', 495, '642', '17:40', 440],
  ['KL', '601', 'AMS', 'LAX', '10:15', 660, '602', '14:50', 610],
  ['TK', '785', 'TLV', 'IST', '06:00', 130, '784', '21:05', 125],
  ['TK', '789', 'TLV', 'IST', '16:45', 130, '788', '12:30', 125],
  ['TK', '001', 'IST', 'JFK', '13:50', 665, '002', '22:50', 590],
  ['TK', '068', 'IST', 'BKK', '01:35', 575, '069', '23:00', 650],
  ['IB', '3317', 'TLV', 'MAD', '13:10', 320, '3316', '07:10', 285],
  ['AZ', '809', 'TLV', 'FCO', '07:55', 230, '808', '14:25', 210],
  ['A3', '929', 'TLV', 'ATH', '12:40', 125, '928', '09:05', 115],
  ['LX', '253', 'TLV', 'ZRH', '05:55', 275, '252', '13:05', 255],
  ['LX', '014', 'ZRH', 'JFK', '13:00', 540, '017', '17:40', 470],
];

export const FLIGHTS: ScheduledFlight[] = ROUTE_PAIRS.flatMap(
  ([airline, outNumber, from, to, departs, minutes, backNumber, backDeparts, backMinutes]) => [
    { airline, flightNumber: outNumber, from, to, departs, minutes },
    {
      airline,
      flightNumber: backNumber,
      from: to,
      to: from,
      departs: backDeparts,
      minutes: backMinutes,
    },
  ],
);

/** The instant a segment leaves, from its local departure time. */
export const departureInstant = (segment: { from: string; departure: string }) =>
  instantOf(segment.departure, segment.from);

export const arrivalInstant = (segment: { to: string; arrival: string }) =>
  instantOf(segment.arrival, segment.to);

/** A flight leaving at an instant and landing `minutes` later, in local times and instants. */
export function timesOf(
  leg: { from: string; to: string },
  leaves: number,
  minutes: number,
): Pick<DatedFlight, 'departure' | 'arrival' | 'departsAt' | 'arrivesAt'> {
  const lands = leaves + minutes * MINUTE;
  return {
    departure: localOf(leaves, leg.from),
    arrival: localOf(lands, leg.to),
    departsAt: iso(leaves),
    arrivesAt: iso(lands),
  };
}

/**
 * The flight on the local day `date` ('yyyy-MM-dd') at its origin. On the night the clocks
 * spring forward a time in the gap leaves an hour later by the clock, as airlines publish it.
 */
export function datedFlight(flight: ScheduledFlight, date: string): DatedFlight {
  return {
    ...flight,
    ...timesOf(flight, instantOf(`${date} ${flight.departs}`, flight.from), flight.minutes),
  };
}

/** The local day ('yyyy-MM-dd') at an airport `days` after the day of an instant. */
export const localDate = (instant: number, airportCode: string, days = 0) =>
  localOf(instant + days * DAY, airportCode).slice(0, 10);

const MIN_CONNECTION = 60 * MINUTE;
const MAX_CONNECTION = 10 * 60 * MINUTE;

/** Ways to fly from one airport to another leaving on a local day: direct, or one stop. */
export function itineraryOptions(from: string, to: string, date: string): DatedFlight[][] {
  const direct = FLIGHTS.filter((f) => f.from === from && f.to === to).map((f) => [
    datedFlight(f, date),
  ]);
  if (direct.length > 0) return direct;
  const options: DatedFlight[][] = [];
  for (const first of FLIGHTS.filter((f) => f.from === from && f.to !== to)) {
    const leg1 = datedFlight(first, date);
    const lands = arrivalInstant(leg1);
    for (const second of FLIGHTS.filter((f) => f.from === first.to && f.to === to)) {
      for (const days of [0, 1]) {
        const leg2 = datedFlight(second, localDate(lands, second.from, days));
        const wait = departureInstant(leg2) - lands;
        if (wait >= MIN_CONNECTION && wait <= MAX_CONNECTION) options.push([leg1, leg2]);
      }
    }
  }
  return options;
}

/** Airports one can fly to from `from`, direct or with one stop. */
export function destinationsFrom(from: string): string[] {
  const direct = new Set(FLIGHTS.filter((f) => f.from === from).map((f) => f.to));
  const all = new Set(direct);
  for (const hub of direct) {
    for (const f of FLIGHTS) if (f.from === hub && f.to !== from) all.add(f.to);
  }
  return [...all].sort();
}

/** Other daily flights on the same route, the same airline's first. */
export function alternativeFlights(segment: {
  airline: string;
  flightNumber: string;
  from: string;
  to: string;
}): ScheduledFlight[] {
  const others = FLIGHTS.filter(
    (f) =>
      f.from === segment.from &&
      f.to === segment.to &&
      !(f.airline === segment.airline && f.flightNumber === segment.flightNumber),
  );
  return [
    ...others.filter((f) => f.airline === segment.airline),
    ...others.filter((f) => f.airline !== segment.airline),
  ];
}

export function distanceKm(from: string, to: string): number {
  const a = AIRPORTS[from];
  const b = AIRPORTS[to];
  if (!a || !b) return 2500;
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return Math.round(6371 * 2 * Math.asin(Math.sqrt(h)));
}

/** The full economy (Y) one-way fare per adult in USD, before the booking class's discount. */
export const fullFareUsd = (from: string, to: string) =>
  Math.round(120 + distanceKm(from, to) * 0.11);

/** Dollars to a currency, at the simulator's fixed rate. */
export const fromUsd = (amount: number, currency: string) =>
  Math.round((currency === 'EUR' ? amount * 0.92 : amount) * 100) / 100;
