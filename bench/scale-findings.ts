import type { NotificationType } from '@smt/shared';
import type { FareQuote, GdsBooking, GdsSegment } from '@/gds/gds-types';
import { BOOKING_CLASSES } from '@/gds/simulator/fare-rules';
import { addDays, dateOf, HOUR, iso, MINUTE } from '@/gds/simulator/local-time';
import type { Rng } from '@/gds/simulator/random';
import { historyEntry } from '@/gds/simulator/sim-types';
import { DEFAULT_DETECTOR_SETTINGS } from '@/monitoring/detectors';
import { detectChurning } from '@/monitoring/detectors/churning';
import { detectDuplicateBooking } from '@/monitoring/detectors/duplicate-booking';
import type { Candidate, CheckInput, Detector } from '@/monitoring/detectors/detector';
import { detectHoldsWaitlist } from '@/monitoring/detectors/holds-waitlist';
import { detectReprice } from '@/monitoring/detectors/reprice';
import { repriceSavingOf } from '@/monitoring/detectors/reprice-saving';
import { detectReschedule } from '@/monitoring/detectors/reschedule';
import { detectSegmentRemoval } from '@/monitoring/detectors/segment-removal';
import { detectTicketingDue } from '@/monitoring/detectors/ticketing-due';
import { activeSegments, flightTimeMs, minuteOf } from '@/monitoring/notification-data-of';
import type { ScaleBooking } from './scale-bookings';

// What a check found on a scale booking at a moment of its life: the booking as the GDS showed
// it then, and what had changed since the check before, handed to the engine's own detector
// of that type. The candidates are the detectors' own, so every text, key, payload and price
// quote is what the engine would have written.
//
// The `ordinal` (the notification's number on its booking, below SPREAD) goes into what the
// detector keys on, so no two findings of a booking share a dedupe key.

/** Ordinals run below this; findings use it as a modulus to keep their keys apart. */
export const SPREAD = 97;

const SETTINGS = DEFAULT_DETECTOR_SETTINGS;

/** The booking as it stood at `at`: ticketed only once it was. */
function bookingAt(booking: ScaleBooking, at: number): GdsBooking {
  const ticketed = booking.ticketedMs !== null && booking.ticketedMs <= at;
  return {
    ...booking.made,
    isTicketed: ticketed,
    isVoidable: ticketed,
    ticketedAt: ticketed && booking.ticketedMs !== null ? iso(booking.ticketedMs) : null,
    lastPurchaseAt: ticketed ? null : booking.made.lastPurchaseAt,
  };
}

const shiftedLocal = (local: string, minutes: number) =>
  minuteOf(new Date(flightTimeMs(local) + minutes * MINUTE).toISOString());

/** A cheaper booking class of the same cabin, as a fare family's lower rungs are. */
function cheaperClass(flightClass: string, rng: Rng): string {
  const at = BOOKING_CLASSES.findIndex((c) => c.code === flightClass);
  const cabin = BOOKING_CLASSES[at]?.cabin;
  const lower = BOOKING_CLASSES.slice(at + 1).filter((c) => c.cabin === cabin);
  return lower.length > 0 ? rng.pick(lower).code : flightClass;
}

type Scenario = (booking: ScaleBooking, at: number, ordinal: number, rng: Rng) => CheckInput | null;

const input = (current: GdsBooking, at: number, previous: GdsBooking | null = null) => ({
  previous,
  current,
  offers: [],
  now: new Date(at),
  pending: [],
});

/** The GDS offers a cheaper fare: saving above the default thresholds, up to 30%. */
const reprice: Scenario = (booking, at, ordinal, rng) => {
  const current = bookingAt(booking, at);
  const stored = current.storedFare;
  if (!stored) return null;
  const storedCents = Math.round(stored.total * 100);
  const { minSavingAmount, minSavingPercent } = SETTINGS.reprice;
  const least =
    Math.max(
      (minSavingAmount ?? 0) * 100,
      Math.ceil((storedCents * (minSavingPercent ?? 0)) / 100),
    ) + 1;
  const steps = Math.floor((storedCents * 0.3 - least) / SPREAD) - 1;
  if (steps < 1) return null;
  const savingCents = least + (ordinal % SPREAD) + SPREAD * Math.floor(rng.next() * steps);
  const flightClass = cheaperClass(stored.flightClass, rng);
  const fareBasis = `${flightClass}${stored.fareBasis.slice(1)}`;
  const losesBags = stored.freeBags > 0 && rng.chance(0.15);
  const drawn: FareQuote = {
    ...stored,
    cmd: stored.cmd.replace(stored.fareBasis, fareBasis),
    fareBasis,
    flightClass,
    total: (storedCents - savingCents) / 100,
    freeBags: losesBags ? 0 : stored.freeBags,
    bagCost: losesBags ? 35 : stored.bagCost,
    lastPurchase: iso(at + 48 * HOUR),
  };
  // The engine counts the saving net of the change fees and the bags lost (decision 037): the
  // fare is that much cheaper again, so the net saving is the one drawn.
  const verdict = repriceSavingOf(current, stored, drawn);
  if (!verdict.ok) return null;
  const deductions = verdict.saving.grossCents - verdict.saving.netCents;
  if (savingCents + deductions >= storedCents) return null;
  const offer = { ...drawn, total: (storedCents - savingCents - deductions) / 100 };
  return { ...input(current, at), offers: [offer] };
};

/** The airline moved one flight later: the segment is TK with its new times. */
const reschedule: Scenario = (booking, at, ordinal, rng) => {
  const previous = bookingAt(booking, at);
  const active = activeSegments(previous);
  if (active.length === 0) return null;
  const moved = rng.pick(active);
  const minutes = 5 * (1 + (ordinal % SPREAD));
  const current = {
    ...previous,
    segments: previous.segments.map((segment) =>
      segment.id === moved.id
        ? {
            ...segment,
            departure: shiftedLocal(segment.departure, minutes),
            arrival: shiftedLocal(segment.arrival, minutes),
            status: 'TK' as const,
          }
        : segment,
    ),
  };
  return input(current, at, previous);
};

/** The ticketing deadline falls within the window: due within 72 hours, not yet ticketed. */
const ticketingDue: Scenario = (booking, at, ordinal, rng) => {
  const current = bookingAt(booking, at);
  if (current.isTicketed) return null;
  // On a grid of SPREAD minutes plus the ordinal, so two deadlines of a booking never meet.
  const grid = SPREAD * MINUTE;
  const around = at + rng.int(2, 68) * HOUR;
  const deadline = Math.floor(around / grid) * grid + (ordinal % SPREAD) * MINUTE;
  return input({ ...current, lastPurchaseAt: iso(deadline) }, at);
};

/** The first flight booked and cancelled again and again, on one of the days around it. */
const churning: Scenario = (booking, at, ordinal, rng) => {
  const current = bookingAt(booking, at);
  const [first] = activeSegments(current);
  if (!first) return null;
  const day = addDays(dateOf(first.departure), ordinal % SPREAD);
  const churned: GdsSegment = { ...first, departure: `${day} ${first.departure.slice(11)}` };
  const times = SETTINGS.churning.minCancellations + rng.int(0, 2);
  const history = [...current.history];
  for (let n = times; n > 0; n -= 1) {
    const when = at - n * 6 * HOUR;
    history.push(
      historyEntry(when, 'SOLD', churned),
      historyEntry(when + HOUR, 'CANCELLED', churned),
    );
  }
  return input({ ...current, history }, at);
};

/** An extra flight the airline no longer holds (HX, NO or UC), left in the booking. */
const segmentRemoval: Scenario = (booking, at, ordinal, rng) => {
  const current = bookingAt(booking, at);
  const [first] = activeSegments(current);
  if (!first) return null;
  const left: GdsSegment = {
    ...first,
    id: `S${30 + (ordinal % SPREAD)}`,
    status: rng.pick(['HX', 'NO', 'UC'] as const),
  };
  return input({ ...current, segments: [...current.segments, left] }, at);
};

/** An earlier booking of the agency holds the first passenger on the first flight too. */
const duplicateBooking: Scenario = (booking, at, ordinal) => {
  const current = bookingAt(booking, at);
  const [first] = activeSegments(current);
  const [passenger] = current.passengers;
  if (!first || !passenger) return null;
  const other = {
    locator: `DUP${String(ordinal % SPREAD).padStart(3, '0')}`,
    createdAt: iso(Date.parse(current.createdAt) - HOUR),
    passengers: [passenger],
    segments: [first],
  };
  return { ...input(current, at), others: [other] };
};

/** A waitlisted flight (HL at the check before) cleared (KL). */
const holdsWaitlist: Scenario = (booking, at, ordinal, rng) => {
  const previous = bookingAt(booking, at);
  const [first] = activeSegments(previous);
  if (!first) return null;
  const minutes = 60 * rng.int(1, 6);
  const held: GdsSegment = {
    ...first,
    id: `S${200 + (ordinal % SPREAD)}`,
    departure: shiftedLocal(first.departure, minutes),
    arrival: shiftedLocal(first.arrival, minutes),
    status: 'HL',
  };
  const withHeld = { ...previous, segments: [...previous.segments, held] };
  const cleared = {
    ...previous,
    segments: [...previous.segments, { ...held, status: 'KL' as const }],
  };
  return input(cleared, at, withHeld);
};

// A credit's expiry warning is the credits sweep's, by date: no booking's check raises it.
const FINDINGS: Record<
  Exclude<NotificationType, 'CreditExpiry'>,
  { scenario: Scenario; detect: Detector }
> = {
  Reprice: { scenario: reprice, detect: detectReprice },
  Reschedule: { scenario: reschedule, detect: detectReschedule },
  TicketingDue: { scenario: ticketingDue, detect: detectTicketingDue },
  Churning: { scenario: churning, detect: detectChurning },
  SegmentRemoval: { scenario: segmentRemoval, detect: detectSegmentRemoval },
  HoldsWaitlist: { scenario: holdsWaitlist, detect: detectHoldsWaitlist },
  DuplicateBooking: { scenario: duplicateBooking, detect: detectDuplicateBooking },
};

/**
 * What the engine's detector of `type` raises on the booking at `at`, or null when the
 * booking cannot have that finding then (a ticketed booking has no ticketing deadline).
 */
export function findingOf(
  type: NotificationType,
  booking: ScaleBooking,
  at: number,
  ordinal: number,
  rng: Rng,
): Candidate | null {
  if (type === 'CreditExpiry') return null;
  const { scenario, detect } = FINDINGS[type];
  const checked = scenario(booking, at, ordinal, rng);
  if (!checked) return null;
  const candidates = detect(checked, SETTINGS);
  if (candidates.length !== 1) {
    throw new Error(
      `${type} on ${booking.made.locator} at ${iso(at)} raised ${candidates.length} notifications`,
    );
  }
  return candidates[0] ?? null;
}
