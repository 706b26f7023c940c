import type { GdsBooking, GdsSegment } from '@/gds/gds-types';
import { firstDeparture, planDrop } from './fares';
import { DAY, HOUR, MINUTE, addDays, dateOf, iso } from './local-time';
import type { Rng } from './random';
import {
  INACTIVE_STATUSES,
  activeSegments,
  historyEntry,
  type FareDrop,
  type FareDropKind,
  type InactiveStatus,
  type SimEvent,
  type SimRecord,
} from './sim-types';
import { VOID_WINDOW, voidUntilOf } from './void-window';
import {
  alternativeFlights,
  arrivalInstant,
  datedFlight,
  departureInstant,
  timesOf,
} from './world';

// What happens to a booking over time. Events are planned when the booking is made and
// applied lazily: whoever reads the booking first applies every event that is due by then.
// Two transitions follow from the booking itself rather than the plan: a ticket stops
// being voidable when its void window closes (void-window.ts), and the booking departs with
// its first flight.

export { VOID_WINDOW };

const CONFIRMED: readonly GdsSegment['status'][] = ['HK', 'KK', 'KL', 'TK'];

const segmentOf = (booking: GdsBooking, id: string) => booking.segments.find((s) => s.id === id);

/** Minutes in the air, from the segment's own times. */
const flyingMinutes = (segment: GdsSegment) =>
  Math.round((arrivalInstant(segment) - departureInstant(segment)) / MINUTE);

/** The segment moved by some minutes: the same instants later, each read on its airport's clock. */
function shifted(segment: GdsSegment, minutes: number): GdsSegment {
  const leaves = departureInstant(segment) + minutes * MINUTE;
  return { ...segment, ...timesOf(segment, leaves, flyingMinutes(segment)) };
}

/** Tickets the booking at `at`: voidable for `VOID_WINDOW`, no time limit any more. */
export function ticket(booking: GdsBooking, at: number): void {
  booking.isTicketed = true;
  booking.isVoidable = true;
  booking.ticketedAt = iso(at);
  booking.lastPurchaseAt = null;
}

/** Tickets the record's booking at `at` on the void terms its tickets draw (void-window.ts). */
export function issue(record: SimRecord, at: number): void {
  ticket(record.booking, at);
  record.voidUntil = voidUntilOf(record.booking, at);
  record.booking.isVoidable = record.voidUntil !== null;
}

function replaceSegment(
  record: SimRecord,
  event: Extract<SimEvent, { kind: 'REPLACED' }>,
): boolean {
  const { booking } = record;
  const index = booking.segments.findIndex((s) => s.id === event.segmentId);
  const old = booking.segments[index];
  if (!old || !CONFIRMED.includes(old.status)) return false;
  const { replacement } = event;
  const day = addDays(dateOf(old.departure), replacement.dayShift);
  const flight = datedFlight({ ...replacement, from: old.from, to: old.to }, day);
  const id = `S${record.nextSegment}`;
  record.nextSegment += 1;
  record.replaces[id] = old.id;
  booking.segments.splice(
    index,
    1,
    { ...old, status: 'UN' },
    {
      id,
      airline: flight.airline,
      flightNumber: flight.flightNumber,
      from: old.from,
      to: old.to,
      departure: flight.departure,
      arrival: flight.arrival,
      departsAt: flight.departsAt,
      arrivesAt: flight.arrivesAt,
      flightClass: old.flightClass,
      status: 'TK',
    },
  );
  return true;
}

/** Applies one planned event; false when the booking no longer allows it (then nothing changes). */
export function applyEvent(record: SimRecord, event: SimEvent): boolean {
  const { booking } = record;
  if (booking.isCancelled) return false;
  if (event.kind === 'TICKETED') {
    if (record.departed || booking.isTicketed || activeSegments(booking).length === 0) return false;
    issue(record, event.at);
    return true;
  }
  if (event.kind === 'SOLD') return sell(record, event.segment, event.at);
  // Once the trip has begun the airline still changes the flights ahead (docs/decisions/059);
  // a flight already flown changes no more.
  const target = segmentOf(booking, event.segmentId);
  if (record.departed && (!target || departureInstant(target) <= event.at)) return false;
  if (event.kind === 'REPLACED') return replaceSegment(record, event);
  const segment = target;
  if (!segment) return false;
  switch (event.kind) {
    case 'TIME_CHANGE':
    case 'FLIGHT_NUMBER_CHANGE': {
      if (!CONFIRMED.includes(segment.status)) return false;
      const moved = shifted(segment, event.minutes);
      if (event.kind === 'FLIGHT_NUMBER_CHANGE') moved.flightNumber = event.flightNumber;
      Object.assign(segment, moved, { status: 'TK' });
      return true;
    }
    case 'CANCELLED_BY_AIRLINE':
      if (!CONFIRMED.includes(segment.status)) return false;
      segment.status = 'UN';
      return true;
    case 'WAITLIST_CLEARED':
      if (segment.status !== 'HL') return false;
      segment.status = event.status;
      return true;
    case 'SEATS_ACCEPTED':
      if (segment.status !== 'KL' && segment.status !== 'KK') return false;
      segment.status = 'HK';
      return true;
    case 'CHANGE_TAKEN_BACK':
      if (segment.status !== 'TK') return false;
      Object.assign(segment, shifted(segment, -event.minutes), { status: 'HK' });
      return true;
    case 'CHURN':
      if (!CONFIRMED.includes(segment.status)) return false;
      booking.history.push(historyEntry(event.at, 'CANCELLED', segment));
      booking.history.push(historyEntry(event.at, 'SOLD', segment));
      return true;
    case 'INACTIVE':
      if (INACTIVE_STATUSES.includes(segment.status)) return false;
      segment.status = event.status;
      return true;
    case 'EQUIPMENT_CHANGE':
    case 'DOWNGRADE':
    case 'AIRPORT_CHANGE':
    case 'OPERATOR_CHANGE':
      if (!CONFIRMED.includes(segment.status)) return false;
      Object.assign(segment, changedFlight(segment, event), { status: 'TK' });
      return true;
    case 'AIRLINE_REPLY':
      if (segment.status !== 'HN') return false;
      Object.assign(segment, event.minutes === 0 ? {} : shifted(segment, event.minutes), {
        status: event.status,
      });
      return true;
  }
}

/** The segment as the airline's change of one of its particulars leaves it. */
function changedFlight(
  segment: GdsSegment,
  event: Extract<
    SimEvent,
    { kind: 'EQUIPMENT_CHANGE' | 'DOWNGRADE' | 'AIRPORT_CHANGE' | 'OPERATOR_CHANGE' }
  >,
): Partial<GdsSegment> {
  switch (event.kind) {
    case 'EQUIPMENT_CHANGE':
      return { aircraft: event.aircraft };
    case 'DOWNGRADE':
      return { flightClass: event.flightClass };
    case 'AIRPORT_CHANGE':
      // The other airport of the same city keeps the clock: the same local times.
      return { [event.end]: event.airport };
    case 'OPERATOR_CHANGE':
      return { operatingAirline: event.operatingAirline };
  }
}

/** The agent sells one more segment (a request, or the same flight again by mistake). */
function sell(record: SimRecord, segment: GdsSegment, at: number): boolean {
  const { booking } = record;
  if (record.departed || booking.segments.some((s) => s.id === segment.id)) return false;
  if (departureInstant(segment) <= at) return false;
  // GDSs list segments by departure: a later one sold goes in its place.
  const later = booking.segments.findIndex((s) => departureInstant(s) > departureInstant(segment));
  booking.segments.splice(later < 0 ? booking.segments.length : later, 0, { ...segment });
  booking.history.push(historyEntry(at, 'SOLD', segment));
  return true;
}

type Due = { at: number; apply: (record: SimRecord) => boolean };

/** The next thing that happens to the booking, planned or implied, and when. */
function nextDue(record: SimRecord): Due | null {
  const candidates: Due[] = [];
  const planned = record.events[record.applied];
  if (planned) {
    candidates.push({
      at: planned.at,
      apply: (r) => {
        r.applied += 1;
        return applyEvent(r, planned);
      },
    });
  }
  const { booking } = record;
  if (booking.isVoidable && booking.ticketedAt) {
    const issued = Date.parse(booking.ticketedAt);
    candidates.push({
      at: record.voidUntil === undefined ? issued + VOID_WINDOW : (record.voidUntil ?? issued),
      apply: (r) => {
        r.booking.isVoidable = false;
        return true;
      },
    });
  }
  const { lastPurchaseAt } = booking;
  const held = activeSegments(booking);
  const live = !booking.isCancelled && !record.departed;
  if (live && !booking.isTicketed && lastPurchaseAt && held.length > 0) {
    // Airlines cancel what is not ticketed by the time limit: the segments turn HX, the PNR
    // stays with its time limit line (SSR ADTK), and the agent must book again.
    candidates.push({
      at: Date.parse(lastPurchaseAt),
      apply: (r) => {
        for (const segment of activeSegments(r.booking)) segment.status = 'HX';
        return true;
      },
    });
  }
  const departure = firstDeparture(booking);
  if (!record.departed && !booking.isCancelled && departure !== null) {
    // The coupons of the first flight turn FLOWN: a change the GDS records.
    candidates.push({
      at: departure,
      apply: (r) => {
        r.departed = true;
        r.booking.isVoidable = false;
        r.booking.lastPurchaseAt = null;
        return true;
      },
    });
  }
  return candidates.reduce<Due | null>((first, c) => (first && first.at <= c.at ? first : c), null);
}

/** When the booking next changes by itself; null when nothing more will happen. */
export function nextEventAt(record: SimRecord): number | null {
  return nextDue(record)?.at ?? null;
}

/**
 * Applies, in order, everything due by `now`. Mutates the record; answers when the last
 * change happened (null when nothing changed). Each change bumps the booking's version.
 */
export function catchUp(record: SimRecord, now: number): number | null {
  let changedAt: number | null = null;
  for (let due = nextDue(record); due && due.at <= now; due = nextDue(record)) {
    if (due.apply(record)) {
      record.booking.version += 1;
      changedAt = due.at;
    }
  }
  return changedAt;
}

const roundToMinute = (instant: number) => Math.round(instant / MINUTE) * MINUTE;

/** A schedule change of one segment, drawn from the timetable. */
export function planScheduleChange(
  rng: Rng,
  segment: GdsSegment,
  kind: 'TIME_CHANGE' | 'FLIGHT_NUMBER_CHANGE' | 'REPLACED' | 'CANCELLED_BY_AIRLINE',
  at: number,
): SimEvent {
  const minutes = rng.pick([-60, -30, -20, -15, -10, 5, 10, 15, 20, 30, 45, 60, 90, 150, 180]);
  switch (kind) {
    case 'TIME_CHANGE':
      return { kind, at, segmentId: segment.id, minutes };
    case 'FLIGHT_NUMBER_CHANGE': {
      const renumbered = String(Number(segment.flightNumber) + rng.pick([1000, 2000, 10, 20]));
      return {
        kind,
        at,
        segmentId: segment.id,
        flightNumber: renumbered.padStart(3, '0').slice(-4),
        minutes: rng.pick([0, 0, 15, 30, -20]),
      };
    }
    case 'REPLACED': {
      const other = rng.pick([...alternativeFlights(segment).slice(0, 2), null]);
      const departs = segment.departure.slice(11);
      const replacement = other
        ? { ...other, dayShift: rng.pick([0, 0, 1]) }
        : {
            airline: segment.airline,
            flightNumber: segment.flightNumber,
            departs,
            minutes: flyingMinutes(segment),
            dayShift: 1,
          };
      return {
        kind,
        at,
        segmentId: segment.id,
        replacement: {
          airline: replacement.airline,
          flightNumber: replacement.flightNumber,
          departs: replacement.departs,
          minutes: replacement.minutes,
          dayShift: replacement.dayShift,
        },
      };
    }
    case 'CANCELLED_BY_AIRLINE':
      return { kind, at, segmentId: segment.id };
  }
}

export type PlanOptions = {
  /** Nothing is planned before this time. */
  from: number;
  /** Agents' own habits (churning, ticketing by hand, waitlisting a preferred flight). */
  agentHabits: boolean;
};

/** Adds fare drops of a kind to the record, when its fare leaves room for them. */
export function addDrop(
  rng: Rng,
  record: SimRecord,
  kind: FareDropKind,
  at: number,
  until: number,
): FareDrop | null {
  const drop = planDrop(rng, record, kind, at, until);
  if (drop) record.drops.push(drop);
  return drop;
}

/** Keeps the plan in time order; events not yet applied only. */
export function addEvents(record: SimRecord, events: SimEvent[]): void {
  const pending = [...record.events.slice(record.applied), ...events];
  // A stable sort: events at the same time keep the order they were planned in.
  pending.sort((a, b) => a.at - b.at);
  record.events = [...record.events.slice(0, record.applied), ...pending];
}

/** Draws the booking's future from the PRNG: fare drops, schedule changes, waitlists, more. */
export function planRandomFuture(rng: Rng, record: SimRecord, options: PlanOptions): void {
  const { booking } = record;
  const departure = firstDeparture(booking);
  if (departure === null) return;
  const start = options.from + HOUR;
  const end = departure - 6 * HOUR;
  if (end <= start) return;
  const when = (from = start, to = end) => roundToMinute(from + rng.next() * (to - from));
  const events: SimEvent[] = [];

  // Calibrated with `npm run bench:world` against what repricing services publish.
  const drops = rng.weighted([
    [0, 6],
    [1, 4],
    [2, 1.5],
    [3, 0.5],
  ] as const);
  for (let i = 0; i < drops; i += 1) {
    const kind = rng.weighted<FareDropKind>([
      ['GENUINE', 5],
      ['NO_BAGS', 2],
      ['WORSE_PENALTIES', 2],
    ]);
    const at = when();
    addDrop(rng, record, kind, at, Math.min(departure, at + rng.int(6, 120) * HOUR));
  }

  const flying = activeSegments(booking).filter((s) => s.status === 'HK');
  // Airlines change schedules months ahead, mostly by minutes: about a quarter of bookings made
  // a month or more ahead see a change, most of them minor (decision 042).
  const leadDays = (departure - options.from) / DAY;
  if (flying.length > 0 && rng.chance(leadDays >= 30 ? 0.28 : 0.08)) {
    const kind = rng.weighted([
      ['TIME_CHANGE', 8],
      ['FLIGHT_NUMBER_CHANGE', 1],
      ['REPLACED', 1],
      ['CANCELLED_BY_AIRLINE', 0.5],
    ] as const);
    // A later flight (the return) can change until shortly before it leaves, after the trip
    // has begun as well (docs/decisions/059).
    const segment = rng.pick(flying);
    const by = Math.max(end, departureInstant(segment) - 6 * HOUR);
    events.push(planScheduleChange(rng, segment, kind, when(start, by)));
  }

  for (const segment of booking.segments.filter((s) => s.status === 'HL')) {
    if (rng.chance(0.7)) {
      // Some airlines answer a cleared waitlist with KK rather than KL.
      const status = rng.chance(0.8) ? 'KL' : 'KK';
      events.push({ kind: 'WAITLIST_CLEARED', at: when(), segmentId: segment.id, status });
    } else if (options.agentHabits) {
      const status = rng.pick<InactiveStatus>(['HX', 'NO', 'UC']);
      events.push({ kind: 'INACTIVE', at: when(), segmentId: segment.id, status });
    }
  }

  if (options.agentHabits && flying.length > 0 && rng.chance(0.1)) {
    const segment = rng.pick(flying);
    let at = when(start, start + (end - start) / 2);
    for (let i = rng.int(3, 6); i > 0 && at < end; i -= 1) {
      events.push({ kind: 'CHURN', at, segmentId: segment.id });
      at += rng.int(2, 12) * HOUR;
    }
  }

  const ticketBy = Math.min(booking.lastPurchaseAt ? Date.parse(booking.lastPurchaseAt) : end, end);
  const ticketsByHand = options.agentHabits && booking.type === 'REGULAR' && !booking.isTicketed;
  // Most agents ticket before the airline cancels at the time limit; some let it lapse.
  if (ticketsByHand && ticketBy > start && rng.chance(0.9)) {
    events.push({ kind: 'TICKETED', at: when(start, ticketBy) });
  }
  addEvents(record, events);
}
