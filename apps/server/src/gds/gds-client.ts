import type {
  CancellationQuote,
  FareQuote,
  GdsCapabilities,
  FareRules,
  GdsBooking,
  NewBooking,
  OperationFailure,
  OperationResult,
  RepriceHow,
  TicketingResult,
} from './gds-types';

/** The reservation systems the product has an adapter for. */
export type GdsProvider = 'SIMULATOR' | 'DUFFEL' | 'SABRE';

/**
 * The calls of the port: the only way the product reaches a reservation system. The simulator
 * implements every one; an adapter whose provider lacks one (a segment-level cancel on Duffel)
 * answers it with a failed OperationResult, and its capabilities keep the engine from asking.
 */
export type GdsCalls = {
  /** The reservation system's time: the engine judges deadlines and departures by it. */
  now: () => Promise<Date>;
  retrieveBooking: (locator: string) => Promise<GdsBooking | null>;
  /**
   * Locators of a branch's bookings that changed at or after a time (all of them when null).
   * At, too: a change in the very instant of the last look may have come just after it.
   */
  listChangedBookings: (pcc: string, since: Date | null) => Promise<string[]>;
  /**
   * The booking's check has written what it found: a provider that listed it from a queue
   * (Sabre's) takes it off now, so a check that never ended leaves it there to be found again.
   * Nothing for a provider whose changes are a time or an event.
   */
  releaseChanged: (pcc: string, locator: string) => Promise<void>;
  /** Fares the booking could be repriced to now, cheapest first. */
  shopLowerFares: (locator: string) => Promise<FareQuote[]>;
  fareRules: (fareBasis: string) => Promise<FareRules | null>;
  /** Reprices to the quote: by void and new issue where `how.byVoid`, else by reissue. */
  repriceTo: (locator: string, quote: FareQuote, how?: RepriceHow) => Promise<OperationResult>;
  cancelSegments: (locator: string, segmentIds: string[]) => Promise<OperationResult>;
  cancelBooking: (locator: string) => Promise<OperationResult>;
  /**
   * What cancelling the booking would refund, asked before the agent decides: nothing changes,
   * though a provider may keep the unconfirmed cancellation it quoted until it lapses.
   */
  quoteCancellation: (locator: string) => Promise<CancellationQuote | OperationFailure>;
  /**
   * Takes the airline's new schedule (TK becomes HK) and drops the segments it replaced: only
   * the change of `segmentIds` where given and the provider takes changes one at a time
   * (capabilities.acceptsChanges), else every pending change.
   */
  acceptScheduleChange: (locator: string, segmentIds?: string[]) => Promise<OperationResult>;
  /** Takes the seats a cleared waitlist offers (KL becomes HK). */
  confirmWaitlist: (locator: string) => Promise<OperationResult>;
  issueTickets: (locator: string) => Promise<TicketingResult>;
  createBooking: (booking: NewBooking) => Promise<GdsBooking>;
};

/** A reservation system as the engine and the actions reach it: its calls and what it can do. */
export type GdsClient = GdsCalls & {
  provider: GdsProvider;
  capabilities: GdsCapabilities;
  /**
   * The queue a booking listed by `listChangedBookings` was found on (the lowest when on
   * several), null when it was not: only a provider whose changes are queues (Sabre's) has it.
   * Not a call of the port: the adapter answers from what it listed, without asking.
   */
  queueOf?: (pcc: string, locator: string) => number | null;
};
