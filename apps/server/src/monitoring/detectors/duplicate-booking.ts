import {
  AIRLINE_WAITLIST_STATUSES,
  CANCELLED_SEGMENT_STATUSES,
  INACTIVE_SEGMENT_STATUSES,
  localDayText,
  localTimeText,
} from '@smt/shared';
import type { GdsBooking, GdsSegment } from '@/gds/gds-types';
import { flightNumberText } from '@/monitoring/booking-columns';
import {
  arrivalMs,
  candidateOf,
  dayOf,
  departureMs,
  flightName,
  isAhead,
  isClosed,
  personKey,
} from '@/monitoring/notification-data-of';
import type {
  Candidate,
  CheckInput,
  Detector,
  Explainer,
  OtherBooking,
  DetectorModule,
} from './detector';

// A segment that holds no seat (cancelled, or inactive and waiting to be removed) makes no
// duplicate: airlines count the seats a passenger holds twice (docs/decisions/040).
const seatless: readonly string[] = [
  ...INACTIVE_SEGMENT_STATUSES,
  ...CANCELLED_SEGMENT_STATUSES,
  ...AIRLINE_WAITLIST_STATUSES,
];

type Leg = Pick<GdsSegment, 'airline' | 'flightNumber' | 'departure' | 'status'>;

const holdsSeat = (leg: Leg) => !seatless.includes(leg.status);

/** 'LY1:2027-01-14': the flight as the search columns spell it, and its local departure day. */
const flightDayOf = (leg: Leg) =>
  `${leg.airline.toUpperCase()}${flightNumberText(leg.flightNumber)}:${dayOf(leg.departure)}`;

type Holder = { locator: string; createdAt: string; people: string[] };

/** One flight and day of the booking that another booking of the agency holds for someone too. */
type Duplicate = {
  segment: GdsSegment;
  flightDay: string;
  /** The shared passengers' keys, sorted. */
  people: string[];
  /** The other bookings holding them, by locator. */
  holders: Holder[];
};

function duplicatesOf(current: GdsBooking, others: OtherBooking[], now: Date): Duplicate[] {
  // In this booking's order, so the alert reads its passengers as the booking lists them.
  const mine = [...new Set(current.passengers.map(personKey))];
  const found = new Map<string, Duplicate>();
  // A seat on a flight already flown can no longer be released: only flights ahead count.
  const ahead = current.segments.filter((segment) => holdsSeat(segment) && isAhead(segment, now));
  for (const segment of ahead) {
    const flightDay = flightDayOf(segment);
    if (found.has(flightDay)) continue;
    const holders = others
      .filter((other) =>
        other.segments.some((leg) => holdsSeat(leg) && flightDayOf(leg) === flightDay),
      )
      .map(({ locator, createdAt, passengers }) => {
        const theirs = new Set(passengers.map(personKey));
        return { locator, createdAt, people: mine.filter((key) => theirs.has(key)) };
      })
      .filter((holder) => holder.people.length > 0)
      .sort((a, b) => a.locator.localeCompare(b.locator));
    if (holders.length === 0) continue;
    const people = [...new Set(holders.flatMap((holder) => holder.people))].sort();
    found.set(flightDay, { segment, flightDay, people, holders });
  }
  return [...found.values()];
}

/** Made after the other (the same minute: the later locator), so it is the one to act on. */
const isLaterThan = (
  booking: Pick<Holder, 'locator' | 'createdAt'>,
  other: Pick<Holder, 'locator' | 'createdAt'>,
) => {
  const mine = Date.parse(booking.createdAt);
  const theirs = Date.parse(other.createdAt);
  return mine !== theirs ? mine > theirs : booking.locator > other.locator;
};

const keyPrefix = (flightDay: string) => `DUP:${flightDay}:`;

const confirmed: readonly string[] = ['HK', 'TK', 'KK', 'KL', 'SC'];

/**
 * Duplicates inside the booking itself, on the flights ahead (docs/decisions/040 addendum): the
 * same flight and day held twice, or a waitlist (HL) beside a confirmed seat on the same route
 * and day, which holds two seats for one journey until one is let go.
 */
function withinBooking(input: CheckInput): Candidate[] {
  const { current, now } = input;
  const ahead = current.segments.filter((s) => holdsSeat(s) && isAhead(s, now));
  const candidates: Candidate[] = [];
  const seen = new Map<string, GdsSegment>();
  for (const segment of ahead.filter((s) => s.status !== 'HL')) {
    const key = flightDayOf(segment);
    const first = seen.get(key);
    if (!first) {
      seen.set(key, segment);
      continue;
    }
    const flight = flightName(segment);
    const day = localDayText(segment.departure);
    candidates.push(
      candidateOf(current, now, {
        type: 'DuplicateBooking',
        title: 'Duplicate booking',
        titleMessage: `${flight} on ${day} is held twice in this booking`,
        alerts: [
          {
            text: `${flight} on ${day} is held twice in this booking: cancel one to avoid an airline ADM for a duplicate booking`,
          },
        ],
        dedupeKey: `DUPIN:${first.id},${segment.id}`,
        segmentIds: [first.id, segment.id],
      }),
    );
  }
  for (const waiting of ahead.filter((s) => s.status === 'HL')) {
    const held = ahead.find(
      (s) =>
        confirmed.includes(s.status) &&
        s.from === waiting.from &&
        s.to === waiting.to &&
        dayOf(s.departure) === dayOf(waiting.departure),
    );
    if (!held) continue;
    const day = localDayText(waiting.departure);
    candidates.push(
      candidateOf(current, now, {
        type: 'DuplicateBooking',
        title: 'Waitlist beside a confirmed seat',
        titleMessage: `${flightName(waiting)} waitlisted beside confirmed ${flightName(held)} on ${day}`,
        alerts: [
          {
            text: `${flightName(waiting)} ${waiting.from}-${waiting.to} on ${day} is waitlisted beside the confirmed ${flightName(held)}: two seats for one journey count as a duplicate booking in airlines' ADM policies. When the waitlist clears, cancel the other flight; if it has not cleared before departure, remove the waitlist`,
          },
        ],
        dedupeKey: `DUPWL:${waiting.id},${held.id}`,
        segmentIds: [waiting.id, held.id],
      }),
    );
  }
  return candidates;
}

/**
 * The same passenger on the same flight and day in another live booking of the agency. The
 * alert is raised on the latest of the bookings only, so each duplicate makes one alert.
 */
function acrossBookings({ current, now, pending, others }: CheckInput): Candidate[] {
  return duplicatesOf(current, others ?? [], now)
    .filter(({ holders }) => holders.every((holder) => isLaterThan(current, holder)))
    .map(({ segment, flightDay, people, holders }) => {
      // The names as this booking spells them.
      const nameOf = (key: string) => {
        const person = current.passengers.find((p) => personKey(p) === key);
        return person ? `${person.lastName}/${person.firstName}` : key;
      };
      const flight = flightName(segment);
      const day = localDayText(segment.departure);
      const locators = holders.map((holder) => holder.locator);
      const dedupeKey = `${keyPrefix(flightDay)}${people.join(',')}:${[current.locator, ...locators].sort().join(',')}`;
      return candidateOf(current, now, {
        type: 'DuplicateBooking',
        title: 'Duplicate booking',
        titleMessage: `${flight} on ${day} also held in ${locators.join(', ')}`,
        alerts: holders.map(({ locator, people: shared }) => ({
          text: `${shared.map(nameOf).join(', ')} also booked on ${flight} on ${day} in ${locator}: cancel one of the bookings to avoid an airline ADM for a duplicate booking`,
        })),
        dedupeKey,
        segmentIds: current.segments
          .filter((s) => holdsSeat(s) && flightDayOf(s) === flightDay)
          .map((s) => s.id),
        // One pending alert per flight and day: another booking joining the duplicate replaces it.
        supersedes: pending
          .filter(
            (notice) =>
              notice.type === 'DuplicateBooking' &&
              notice.dedupeKey.startsWith(keyPrefix(flightDay)) &&
              notice.dedupeKey !== dedupeKey,
          )
          .map((notice) => notice.id),
      });
    });
}

const legText = (leg: Pick<GdsSegment, 'airline' | 'flightNumber' | 'from' | 'to' | 'departure'>) =>
  `${leg.airline}${leg.flightNumber} ${leg.from}-${leg.to} departing ${localTimeText(leg.departure)}`;

/**
 * The same passenger holding seats in another live booking of the agency on a flight whose time
 * in the air overlaps one of this booking's flights ahead (another flight: the same one is a
 * duplicate above). Nobody flies both: airlines bill 'seats on the same flight or different
 * flights for the same time frame' as a duplicate booking (Delta; docs/decisions/063). Raised
 * on the later of the two bookings only.
 */
function overlappingTrips({ current, now, travellers }: CheckInput): Candidate[] {
  const ahead = current.segments.filter((s) => holdsSeat(s) && isAhead(s, now));
  const candidates: Candidate[] = [];
  for (const other of travellers ?? []) {
    if (other.isCancelled || !isLaterThan(current, other)) continue;
    // The names as this booking spells them.
    const theirs = new Set(other.passengers.map(personKey));
    const people = current.passengers.filter((person) => theirs.has(personKey(person)));
    if (people.length === 0) continue;
    for (const segment of ahead) {
      const overlapping = other.segments.find(
        (leg) =>
          holdsSeat(leg) &&
          flightDayOf(leg) !== flightDayOf(segment) &&
          departureMs(leg) < arrivalMs(segment) &&
          departureMs(segment) < arrivalMs(leg),
      );
      if (!overlapping) continue;
      const names = people.map((p) => `${p.lastName}/${p.firstName}`).join(', ');
      const day = localDayText(segment.departure);
      candidates.push(
        candidateOf(current, now, {
          type: 'DuplicateBooking',
          title: 'Overlapping trips',
          titleMessage: `${flightName(segment)} on ${day} overlaps ${flightName(overlapping)} in ${other.locator}`,
          alerts: [
            {
              text: `${names} is booked on ${legText(segment)} and, in ${other.locator}, on ${legText(overlapping)}: nobody can fly both, and airlines bill overlapping bookings as duplicates. Cancel the one not travelled`,
            },
          ],
          dedupeKey: `DUPOV:${segment.id}:${other.locator}:${flightDayOf(overlapping)}`,
          segmentIds: [segment.id],
        }),
      );
    }
  }
  return candidates;
}

export const detectDuplicateBooking: Detector = (input, settings) => {
  if (!settings.duplicates.enabled || isClosed(input.current, input.now)) return [];
  return [...acrossBookings(input), ...withinBooking(input), ...overlappingTrips(input)];
};

export const explainDuplicateBooking: Explainer = ({ current, others, now }) => {
  const [earlier] = duplicatesOf(current, others ?? [], now);
  if (!earlier)
    return 'no other live booking of the agency holds these passengers on these flights';
  const later = earlier.holders.find((holder) => !isLaterThan(current, holder));
  return `${flightName(earlier.segment)} on ${localDayText(earlier.segment.departure)} is also held in ${earlier.holders.map((h) => h.locator).join(', ')}: raised on the later booking${later ? ` ${later.locator}` : ''}`;
};

export const duplicateBookingDetector: DetectorModule = {
  type: 'DuplicateBooking',
  detect: detectDuplicateBooking,
  explain: explainDuplicateBooking,
};
