import type { BookingType } from '@smt/shared';
import type { GdsSegment } from '@/gds/gds-types';
import {
  addDrop,
  addEvents,
  planRandomFuture,
  planScheduleChange,
  ticket,
  VOID_WINDOW,
} from './evolve';
import type { FareFamily } from './fare-rules';
import { firstDeparture } from './fares';
import { DAY, HOUR, MINUTE } from './local-time';
import { generateBooking } from './make-booking';
import { locatorFor, rngFor, type Rng } from './random';
import { activeSegments, historyEntry, type SimEvent, type SimRecord } from './sim-types';
import type { Simulator } from './simulator';

// The demo's bookings: for every agent, the same set of situations, so that within the first
// hours of sim time each agent sees every kind of change. After those hours each booking
// goes on with a future drawn like any other's.

export type DemoAgent = { pcc: string; initials: string };
export type DemoOptions = { perAgent?: number };

export const DEMO_BOOKINGS_PER_AGENT = 32;
/** Every scripted change of the demo happens within this much sim time of seeding. */
export const DEMO_SCRIPT_HOURS = 6;

type Situation = {
  type?: BookingType;
  /** Days from now to the first flight: [min, max]. */
  departs: [number, number];
  family?: FareFamily;
  waitlisted?: boolean;
  extraWaitlist?: boolean;
  /** Hours from now to the ticketing time limit. */
  ticketingDueIn?: number;
  /** Hours from now to the ticketing time limit, even past a day before departure. */
  ticketBy?: number;
  state?: 'TICKETED' | 'VOIDABLE' | 'CANCELLED';
  /** The scripted change, at sim times after `now`. */
  script?: (rng: Rng, record: SimRecord, now: number) => void;
};

const at = (now: number, hours: number) => now + Math.round(hours * 60) * MINUTE;
const first = (record: SimRecord, status: GdsSegment['status'] = 'HK') =>
  record.booking.segments.find((s) => s.status === status);
const last = (record: SimRecord, status: GdsSegment['status'] = 'HK') =>
  record.booking.segments.filter((s) => s.status === status).pop();

function scheduleChange(
  kind: 'TIME_CHANGE' | 'FLIGHT_NUMBER_CHANGE' | 'REPLACED' | 'CANCELLED_BY_AIRLINE',
  hours: number,
  pickSegment: typeof first,
): Situation['script'] {
  return (rng, record, now) => {
    const segment = pickSegment(record);
    if (segment) addEvents(record, [planScheduleChange(rng, segment, kind, at(now, hours))]);
  };
}

const SITUATIONS: Situation[] = [
  {
    departs: [20, 60],
    family: 'STANDARD',
    // Already on offer when the demo starts: the engine's first shop finds it.
    script: (rng, r, now) => addDrop(rng, r, 'GENUINE', at(now, 0), at(now, 120)),
  },
  {
    departs: [25, 70],
    family: 'STANDARD',
    script: (rng, r, now) => {
      addDrop(rng, r, 'NO_BAGS', at(now, 1.5), at(now, 96));
      addDrop(rng, r, 'GENUINE', at(now, 30), at(now, 150));
    },
  },
  {
    departs: [15, 50],
    family: 'FLEX',
    script: (rng, r, now) => addDrop(rng, r, 'WORSE_PENALTIES', at(now, 2), at(now, 72)),
  },
  { departs: [10, 40], script: scheduleChange('TIME_CHANGE', 1, first) },
  { departs: [12, 45], script: scheduleChange('FLIGHT_NUMBER_CHANGE', 2.5, last) },
  { departs: [8, 30], script: scheduleChange('REPLACED', 3, first) },
  { departs: [20, 60], script: scheduleChange('CANCELLED_BY_AIRLINE', 4, last) },
  {
    departs: [14, 50],
    waitlisted: true,
    script: (_rng, r, now) => waitlistClears(r, at(now, 1)),
  },
  {
    type: 'OTA',
    departs: [20, 60],
    waitlisted: true,
    script: (_rng, r, now) => waitlistClears(r, at(now, 3)),
  },
  { departs: [5, 30], ticketingDueIn: 30 },
  { type: 'OTA', departs: [4, 20], ticketingDueIn: 76 },
  {
    departs: [15, 45],
    script: (_rng, r, now) => {
      const segment = first(r);
      if (!segment) return;
      // Early enough that a demo started a minute ago already shows its ADMs.
      const churns = [0.2, 0.6, 2.5, 3.5].map((hours): SimEvent => ({
        kind: 'CHURN',
        at: at(now, hours),
        segmentId: segment.id,
      }));
      addEvents(r, churns);
    },
  },
  {
    departs: [10, 40],
    extraWaitlist: true,
    script: (_rng, r, now) => inactive(r, 'HX', at(now, 1)),
  },
  {
    departs: [18, 60],
    extraWaitlist: true,
    script: (rng, r, now) => inactive(r, rng.pick(['NO', 'UC'] as const), at(now, 4)),
  },
  {
    departs: [10, 40],
    // Due inside the ticketing window when the demo starts, ticketed an hour later: the demo
    // shows a ticketing alert the engine completes. `ticketBy` draws nothing, so the booking
    // is otherwise the one it was.
    ticketBy: 30,
    script: (_rng, r, now) => addEvents(r, [{ kind: 'TICKETED', at: at(now, 1) }]),
  },
  { departs: [3, 80], state: 'TICKETED' },
  { departs: [10, 50], state: 'VOIDABLE' },
  { type: 'OTA', departs: [6, 60], state: 'TICKETED' },
  { departs: [-10, -1], state: 'TICKETED' },
  { departs: [-8, -2], state: 'TICKETED' },
  // Leaves within the scripted hours: the demo shows a booking departing.
  { departs: [0.14, 0.16], state: 'TICKETED' },
  { departs: [10, 60], state: 'CANCELLED' },
  { type: 'OTA', departs: [15, 70], state: 'CANCELLED' },
  { type: 'OTA', departs: [5, 90] },
  { type: 'OTA', departs: [5, 90] },
  { type: 'OTA', departs: [5, 90] },
  { type: 'OTA', departs: [-10, 90] },
  {
    // Flies within a day, so its reprice counts in the dashboard's monthly view (by departure,
    // up to tomorrow) from the start, not only once a month of bookings have flown.
    departs: [0.75, 0.95],
    family: 'STANDARD',
    // Ticketable after the scripted hours and before it flies: the airline would otherwise
    // cancel it (HX) before anyone reprices it.
    ticketBy: 12,
    script: (rng, r, now) => addDrop(rng, r, 'GENUINE', at(now, 0), at(now, 16)),
  },
  {
    // Ticketed days ago on a fare that keeps a reissue's difference as airline credit, now
    // filed at half its price: the demo shows a reprice that saves credit, not cash (decision
    // 067). Its rules are set rather than drawn (a change fee of a tenth of the fare, the
    // void window passed), so that every demo agent has one.
    departs: [25, 70],
    family: 'SAVER',
    state: 'TICKETED',
    script: (_rng, r, now) => {
      const fare = r.booking.storedFare;
      if (!fare) return;
      const perTicket = fare.total / Math.max(1, r.booking.passengers.length);
      fare.penalties = {
        ...fare.penalties,
        change: { allowed: true, amount: Math.round(perTicket / 10) },
        currency: fare.currency,
        residual: 'credit',
      };
      r.booking.isVoidable = false;
      r.voidUntil = null;
      r.drops.push({
        at: at(now, 0),
        until: at(now, 120),
        kind: 'GENUINE',
        bookingClass: fare.flightClass,
        fareBasis: fare.fareBasis,
        factor: 0.5,
      });
    },
  },
  {
    // Ticketed hours ago, inside the void window: repriced by void and rebook (decision 068).
    departs: [20, 60],
    family: 'SAVER',
    state: 'VOIDABLE',
    script: (rng, r, now) => addDrop(rng, r, 'GENUINE', at(now, 0), at(now, 120)),
  },
  {
    // The waitlist clears and the agent takes the seats in the GDS: the demo shows a waitlist
    // alert completed once its segment is confirmed (HK).
    departs: [14, 50],
    waitlisted: true,
    script: (_rng, r, now) => {
      const segment = first(r, 'HL');
      if (!segment) return;
      addEvents(r, [
        { kind: 'WAITLIST_CLEARED', at: at(now, 0.5), segmentId: segment.id, status: 'KL' },
        { kind: 'SEATS_ACCEPTED', at: at(now, 2.5), segmentId: segment.id },
      ]);
    },
  },
  {
    // The airline retimes a flight and takes it back two hours later: the demo shows a
    // schedule change completed as taken back.
    departs: [20, 60],
    script: (rng, r, now) => {
      const segment = first(r);
      if (!segment) return;
      const change = planScheduleChange(rng, segment, 'TIME_CHANGE', at(now, 1));
      if (change.kind !== 'TIME_CHANGE') return;
      addEvents(r, [
        change,
        {
          kind: 'CHANGE_TAKEN_BACK',
          at: at(now, 3),
          segmentId: segment.id,
          minutes: change.minutes,
        },
      ]);
    },
  },
];

const FILLER: Situation = { departs: [-10, 90] };

function waitlistClears(record: SimRecord, when: number): void {
  const segment = first(record, 'HL');
  if (!segment) return;
  addEvents(record, [{ kind: 'WAITLIST_CLEARED', at: when, segmentId: segment.id, status: 'KL' }]);
}

function inactive(record: SimRecord, status: 'HX' | 'NO' | 'UC', when: number): void {
  const segment = first(record, 'HL');
  if (segment) addEvents(record, [{ kind: 'INACTIVE', at: when, segmentId: segment.id, status }]);
}

/** Puts the booking in its situation's state as of `now`, as if it had got there by itself. */
function settle(rng: Rng, record: SimRecord, situation: Situation, now: number): void {
  const { booking } = record;
  const createdAt = Date.parse(booking.createdAt);
  const departure = firstDeparture(booking) ?? now + 30 * DAY;
  if (situation.state === 'CANCELLED') {
    const cancelledAt = Math.max(createdAt + HOUR, now - rng.int(6, 96) * HOUR);
    for (const segment of activeSegments(booking)) {
      booking.history.push(historyEntry(cancelledAt, 'CANCELLED', segment));
      segment.status = 'HX';
    }
    booking.isCancelled = true;
    booking.lastPurchaseAt = null;
  }
  if (situation.state === 'TICKETED' || situation.state === 'VOIDABLE') {
    const drawn =
      situation.state === 'VOIDABLE'
        ? now - rng.int(2, 12) * HOUR
        : Math.min(now, departure) - rng.int(2, 20) * DAY;
    const ticketedAt = Math.max(createdAt + MINUTE, drawn);
    ticket(booking, ticketedAt);
    if (ticketedAt + VOID_WINDOW <= now) booking.isVoidable = false;
  }
  if (departure <= now && !booking.isCancelled) {
    record.departed = true;
    booking.isVoidable = false;
    booking.lastPurchaseAt = null;
  }
}

function demoRecord(seed: number, agent: DemoAgent, index: number, now: number): SimRecord {
  const situation = SITUATIONS[index] ?? FILLER;
  const locator = locatorFor(seed, 'demo', agent.pcc, agent.initials, index);
  const rng = rngFor(seed, 'demo-booking', locator);
  const [min, max] = situation.departs;
  const departure = now + Math.round((min + rng.next() * (max - min)) * DAY);
  const createdAt = Math.min(now - rng.int(2, 20 * 24) * HOUR, departure - 2 * DAY);
  const dueIn = situation.ticketingDueIn ?? rng.int(4 * 24, 20 * 24);
  const record = generateBooking(rng, {
    locator,
    pcc: agent.pcc,
    agentInitials: agent.initials,
    type: situation.type ?? 'REGULAR',
    createdAt,
    departure,
    family: situation.family,
    waitlisted: situation.waitlisted,
    extraWaitlist: situation.extraWaitlist,
    lastPurchaseAt:
      situation.ticketBy === undefined
        ? Math.max(now + HOUR, Math.min(now + dueIn * HOUR, departure - DAY))
        : now + situation.ticketBy * HOUR,
  });
  settle(rng, record, situation, now);
  situation.script?.(rng, record, now);
  if (!record.departed && !record.booking.isCancelled) {
    planRandomFuture(rngFor(seed, 'demo-future', locator), record, {
      from: now + DEMO_SCRIPT_HOURS * HOUR,
      agentHabits: true,
    });
  }
  return record;
}

/** The demo bookings of these agents as of `now`: a pure function of the seed and `now`. */
export function buildDemoRecords(
  seed: number,
  agents: DemoAgent[],
  now: number,
  options: DemoOptions = {},
): SimRecord[] {
  const perAgent = Math.max(options.perAgent ?? DEMO_BOOKINGS_PER_AGENT, SITUATIONS.length);
  return agents.flatMap((agent) =>
    Array.from({ length: perAgent }, (_, index) => demoRecord(seed, agent, index, now)),
  );
}

/**
 * Fills the simulator with the demo bookings. Locators come from the seed, so seeding again
 * (at any time) adds nothing: the bookings already there are kept as they are.
 */
export async function seedDemoBookings(
  sim: Pick<Simulator, 'seed' | 'clock' | 'importBookings'>,
  agents: DemoAgent[],
  options: DemoOptions = {},
): Promise<{ added: number; locators: string[] }> {
  const records = buildDemoRecords(sim.seed, agents, sim.clock.now().getTime(), options);
  const added = await sim.importBookings(records);
  return { added, locators: records.map((r) => r.booking.locator) };
}
