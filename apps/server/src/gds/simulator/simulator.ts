import type { Database } from '@/db/client';
import { GDS_CAPABILITIES } from '@/gds/capabilities';
import type { GdsClient } from '@/gds/gds-client';
import type {
  CancellationQuote,
  FareQuote,
  RepriceHow,
  GdsBooking,
  NewBooking,
  OperationFailure,
  OperationResult,
  TicketingResult,
} from '@/gds/gds-types';
import { catchUp, nextEventAt, issue, planRandomFuture } from './evolve';
import { fareRules } from './fare-rules';
import { lowerFares } from './fares';
import { isLocalTime } from './local-time';
import { bookingFromRequest } from './make-booking';
import * as operations from './operations';
import { locatorFor, rngFor } from './random';
import { createGate } from './rate-limit';
import { quoteRefund } from './refund-quote';
import { openSimClock, type SimClock } from './sim-clock';
import { createSimStore } from './sim-store';
import type { SimRecord } from './sim-types';

export type SimulatorOptions = {
  database: Database;
  /** The world's seed, kept in the database at first start; later starts keep that one. */
  seed: number;
  /** Sim ms per real ms (SIM_SPEED): 0 freezes the clock for tests, 60 makes a minute an hour. */
  speed: number;
  /** Sim time at the very first start (default: real now); later starts continue the clock. */
  startAt?: Date;
  latencyMs: number;
  /** Calls per second before callers queue; null for no limit. */
  ratePerSecond: number | null;
  /** Real time, for the clock's speed; tests may pass their own. */
  realNow?: () => number;
};

export type Simulator = GdsClient & {
  /** The seed in use (the one kept in the database). */
  seed: number;
  clock: SimClock;
  /** Queues the outcome of the booking's next issueTickets call (tests). */
  scriptTicketing: (locator: string, result: TicketingResult) => Promise<void>;
  /**
   * Tickets the booking as someone outside the product would (the airline, another terminal);
   * answers whether it changed. For demos and tests.
   */
  ticketElsewhere: (locator: string) => Promise<boolean>;
  /** Adds bookings the simulator made itself (the demo set); existing locators are kept. */
  importBookings: (records: SimRecord[]) => Promise<number>;
  /** Stops the clock's heartbeat; the database stays open, it is the caller's. */
  close: () => Promise<void>;
};

// Optimistic writes retry this often when another process writes the same booking.
const WRITE_ATTEMPTS = 5;

function invalidNewBooking(request: NewBooking): string | null {
  if (!/^[A-Z0-9]{3,9}$/.test(request.pcc)) return 'pcc must be 3 to 9 letters or digits';
  if (request.passengers.length === 0) return 'a booking needs a passenger';
  if (request.segments.length === 0) return 'a booking needs a segment';
  for (const s of request.segments) {
    if (!/^[A-Z0-9]{2}$/.test(s.airline)) return `airline ${s.airline} is not a 2-character code`;
    if (!/^\d{1,4}$/.test(s.flightNumber))
      return `flight number ${s.flightNumber} is not 1 to 4 digits`;
    if (!/^[A-Z]{3}$/.test(s.from) || !/^[A-Z]{3}$/.test(s.to))
      return 'airports are 3-letter codes';
    if (!isLocalTime(s.departure) || !isLocalTime(s.arrival)) return "times are 'yyyy-MM-dd HH:mm'";
    if (!/^[A-Z]$/.test(s.flightClass)) return `booking class ${s.flightClass} is not one letter`;
  }
  if (request.ticketingTimeLimit && Number.isNaN(Date.parse(request.ticketingTimeLimit)))
    return 'the ticketing time limit is not a date';
  return null;
}

export async function createSimulator(options: SimulatorOptions): Promise<Simulator> {
  if (options.ratePerSecond !== null && !(options.ratePerSecond > 0)) {
    throw new Error('ratePerSecond must be positive, or null for no limit');
  }
  const store = createSimStore(options.database);
  await store.setup();
  const seed = await store.initState('seed', options.seed);
  const clock = await openSimClock(store, {
    speed: options.speed,
    startAt: options.startAt?.getTime() ?? null,
    realNow: options.realNow ?? Date.now,
  });
  const gate = createGate(options);
  const now = () => clock.now().getTime();

  /**
   * Reads a booking, applies what became due, lets `change` act on it, and writes it back
   * when anything changed. `change` answers its result and whether it changed the booking
   * (having bumped its version), which then counts as changed now.
   */
  async function withBooking<T>(
    locator: string,
    change: (record: SimRecord | null, at: number) => { result: T; changed: boolean },
  ): Promise<T> {
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt += 1) {
      const at = now();
      const stored = await store.find(locator);
      if (!stored) return change(null, at).result;
      const { record } = stored;
      const before = JSON.stringify(record);
      const evolvedAt = catchUp(record, at);
      const { result, changed } = change(record, at);
      if (JSON.stringify(record) === before) return result;
      const changedAt = Math.max(stored.changedAt, changed ? at : (evolvedAt ?? stored.changedAt));
      if (await store.update(record, stored.revision, changedAt, nextEventAt(record)))
        return result;
    }
    throw new Error(`Booking ${locator} is being changed by someone else; try again`);
  }

  const operation =
    <A extends unknown[]>(act: (record: SimRecord, at: number, ...args: A) => string | null) =>
    async (locator: string, ...args: A): Promise<OperationResult> => {
      await gate();
      return withBooking<OperationResult>(locator, (record, at) => {
        if (!record)
          return {
            result: { ok: false, message: `Booking ${locator} was not found` },
            changed: false,
          };
        const message = act(record, at, ...args);
        if (message !== null) return { result: { ok: false, message }, changed: false };
        record.booking.version += 1;
        return { result: { ok: true, booking: record.booking }, changed: true };
      });
    };

  const retrieve = (locator: string) =>
    withBooking<GdsBooking | null>(locator, (record) => ({
      result: record?.booking ?? null,
      changed: false,
    }));

  return {
    provider: 'SIMULATOR',
    capabilities: GDS_CAPABILITIES,
    seed,
    clock,
    now: async () => clock.now(),

    retrieveBooking: async (locator) => {
      await gate();
      return retrieve(locator);
    },

    listChangedBookings: async (pcc, since) => {
      await gate();
      for (const locator of await store.dueLocators(pcc, now())) await retrieve(locator);
      return store.changedLocators(pcc, since?.getTime() ?? null);
    },
    // The simulator's changes are found by time, as a GDS's change log would give them.
    releaseChanged: () => Promise.resolve(),

    shopLowerFares: async (locator) => {
      await gate();
      return withBooking(locator, (record, at) => ({
        result: record ? lowerFares(record, at) : [],
        changed: false,
      }));
    },

    fareRules: async (fareBasis) => {
      await gate();
      return fareRules(fareBasis);
    },

    repriceTo: operation((record, at, quote: FareQuote, how?: RepriceHow) =>
      operations.repriceTo(record, quote, at, how),
    ),
    cancelSegments: operation((record, at, segmentIds: string[]) =>
      operations.cancelSegments(record, segmentIds, at),
    ),
    cancelBooking: operation(operations.cancelBooking),

    quoteCancellation: async (locator) => {
      await gate();
      return withBooking<CancellationQuote | OperationFailure>(locator, (record) => ({
        result: record
          ? quoteRefund(record)
          : { ok: false, message: `Booking ${locator} was not found` },
        changed: false,
      }));
    },

    acceptScheduleChange: operation((record, _at, segmentIds?: string[]) =>
      operations.acceptScheduleChange(record, segmentIds),
    ),
    confirmWaitlist: operation((record) => operations.confirmWaitlist(record)),

    issueTickets: async (locator) => {
      await gate();
      const scripted = await store.popScript(locator);
      return withBooking(locator, (record, at) => {
        const issued = operations.issueTickets(record, at, scripted);
        if (issued.changed && record) record.booking.version += 1;
        return issued;
      });
    },

    createBooking: async (request) => {
      await gate();
      const invalid = invalidNewBooking(request);
      if (invalid) throw new Error(`Cannot create the booking: ${invalid}`);
      for (;;) {
        const locator = locatorFor(seed, 'created', await store.nextNumber('created_bookings'));
        const at = now();
        const record = bookingFromRequest(rngFor(seed, 'booking', locator), locator, request, at);
        planRandomFuture(rngFor(seed, 'future', locator), record, { from: at, agentHabits: false });
        if (await store.insert(record, at, nextEventAt(record))) return record.booking;
      }
    },

    scriptTicketing: (locator, result) => store.pushScript(locator, result),

    ticketElsewhere: (locator) =>
      withBooking(locator, (record, at) => {
        if (!record || record.booking.isTicketed || record.booking.isCancelled)
          return { result: false, changed: false };
        issue(record, at);
        record.booking.version += 1;
        return { result: true, changed: true };
      }),

    importBookings: async (records) => {
      let added = 0;
      for (const record of records) {
        const createdAt = Date.parse(record.booking.createdAt);
        if (await store.insert(record, createdAt, nextEventAt(record))) added += 1;
      }
      return added;
    },

    close: async () => clock.stop(),
  };
}
