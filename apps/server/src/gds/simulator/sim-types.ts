import type { GdsBooking, GdsSegment, SegmentHistoryEntry } from '@/gds/gds-types';

// What the simulator keeps per booking (one jsonb row): the booking as the GDS shows it now,
// and its planned future. Times inside are epoch milliseconds of sim time.

/** A flight that replaces a cancelled one: a timetable flight, `dayShift` days later. */
export type ReplacementFlight = {
  airline: string;
  flightNumber: string;
  /** Local departure time, 'HH:mm'. */
  departs: string;
  minutes: number;
  dayShift: number;
};

export type InactiveStatus = 'HX' | 'NO' | 'UC';

/** Something that will happen to a booking by itself, at a sim time. */
export type SimEvent = { at: number } & (
  | { kind: 'TIME_CHANGE'; segmentId: string; minutes: number }
  | { kind: 'FLIGHT_NUMBER_CHANGE'; segmentId: string; flightNumber: string; minutes: number }
  | { kind: 'REPLACED'; segmentId: string; replacement: ReplacementFlight }
  | { kind: 'CANCELLED_BY_AIRLINE'; segmentId: string }
  | { kind: 'WAITLIST_CLEARED'; segmentId: string; status: 'KL' | 'KK' }
  // The agent takes the cleared seats in the GDS itself (KL or KK to HK).
  | { kind: 'SEATS_ACCEPTED'; segmentId: string }
  // The airline takes a time change back: the flight leaves at its old time again, HK.
  | { kind: 'CHANGE_TAKEN_BACK'; segmentId: string; minutes: number }
  | { kind: 'CHURN'; segmentId: string }
  | { kind: 'INACTIVE'; segmentId: string; status: InactiveStatus }
  | { kind: 'TICKETED' }
  // The cases of the engine's rules (rule-cases.ts, docs/decisions/066).
  | { kind: 'EQUIPMENT_CHANGE'; segmentId: string; aircraft: string }
  | { kind: 'DOWNGRADE'; segmentId: string; flightClass: string }
  | { kind: 'AIRPORT_CHANGE'; segmentId: string; end: 'from' | 'to'; airport: string }
  | { kind: 'OPERATOR_CHANGE'; segmentId: string; operatingAirline: string }
  | { kind: 'SOLD'; segment: GdsSegment }
  | { kind: 'AIRLINE_REPLY'; segmentId: string; status: AirlineReply; minutes: number }
);

/** What an airline answers a request (HN) with: confirmed, or waitlisted instead, or at new times. */
export type AirlineReply = 'KK' | 'US' | 'UU' | 'TL' | 'TN';

export type FareDropKind = 'GENUINE' | 'NO_BAGS' | 'WORSE_PENALTIES';

/** A cheaper fare the GDS offers for the booking between `at` and `until`. */
export type FareDrop = {
  at: number;
  until: number;
  kind: FareDropKind;
  bookingClass: string;
  fareBasis: string;
  /** Its price as a share of the first stored fare's total. */
  factor: number;
};

export type SimRecord = {
  booking: GdsBooking;
  /** Planned events, by time; the first `applied` of them have happened. */
  events: SimEvent[];
  applied: number;
  drops: FareDrop[];
  /** The total of the fare first stored; fare drops are priced from it. */
  baseTotal: number;
  /**
   * The taxes, fees and carrier surcharges inside `baseTotal`, which a cheaper fare keeps
   * (docs/decisions/069). Absent in records stored before, whose drops priced the whole total.
   */
  taxes?: number;
  /**
   * Until when the tickets can be voided, as the settlement plan and the validating carrier
   * allow: drawn per ticket at issue, never past the first departure; null when they cannot be
   * voided at all. Absent for tickets issued before, and for those ticketed from outside the
   * simulator's own events: voidable for `VOID_WINDOW` (docs/decisions/069).
   */
  voidUntil?: number | null;
  /** The first flight has left. */
  departed: boolean;
  /** A replacement segment's id → the id of the segment it replaces. */
  replaces: Record<string, string>;
  /** The number of the next segment id ('S<n>'). */
  nextSegment: number;
};

export const INACTIVE_STATUSES: readonly GdsSegment['status'][] = ['UN', 'HX', 'NO', 'UC'];

export const isInactive = (segment: GdsSegment) => INACTIVE_STATUSES.includes(segment.status);

export const activeSegments = (booking: GdsBooking) =>
  booking.segments.filter((segment) => !isInactive(segment));

export const historyEntry = (
  at: number,
  action: SegmentHistoryEntry['action'],
  segment: GdsSegment,
): SegmentHistoryEntry => ({
  at: new Date(at).toISOString(),
  action,
  airline: segment.airline,
  flightNumber: segment.flightNumber,
  from: segment.from,
  to: segment.to,
  departure: segment.departure,
});
