import type {
  FareQuote,
  FareRules,
  GdsBooking,
  NewBooking,
  OperationResult,
  TicketingResult,
} from './gds-types';

/**
 * The only way the product reaches a reservation system. The simulator implements it; a
 * Sabre or Amadeus adapter would implement the same calls.
 */
export type GdsClient = {
  /** The reservation system's time: the engine judges deadlines and departures by it. */
  now: () => Promise<Date>;
  retrieveBooking: (locator: string) => Promise<GdsBooking | null>;
  /**
   * Locators of a branch's bookings that changed at or after a time (all of them when null).
   * At, too: a change in the very instant of the last look may have come just after it.
   */
  listChangedBookings: (pcc: string, since: Date | null) => Promise<string[]>;
  /** Fares the booking could be repriced to now, cheapest first. */
  shopLowerFares: (locator: string) => Promise<FareQuote[]>;
  fareRules: (fareBasis: string) => Promise<FareRules | null>;
  repriceTo: (locator: string, quote: FareQuote) => Promise<OperationResult>;
  cancelSegments: (locator: string, segmentIds: string[]) => Promise<OperationResult>;
  cancelBooking: (locator: string) => Promise<OperationResult>;
  /** Takes the airline's new schedule (TK becomes HK) and drops the segments it replaced. */
  acceptScheduleChange: (locator: string) => Promise<OperationResult>;
  /** Takes the seats a cleared waitlist offers (KL becomes HK). */
  confirmWaitlist: (locator: string) => Promise<OperationResult>;
  issueTickets: (locator: string) => Promise<TicketingResult>;
  createBooking: (booking: NewBooking) => Promise<GdsBooking>;
};
