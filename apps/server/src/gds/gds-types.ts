import type { BookingType, PassengerType, SegmentStatus, TicketingState } from '@smt/shared';

// What a reservation system (GDS) says about a booking, in the product's terms. Times of
// flights are local to the airport, as GDSs give them: 'yyyy-MM-dd HH:mm'; each segment carries
// the same times as instants too. Instants (a segment's departure and arrival, creation,
// ticketing, last purchase) are ISO 8601 in UTC.

export type GdsSegment = {
  /** Stable within the booking, also across schedule changes of the same journey leg. */
  id: string;
  airline: string;
  flightNumber: string;
  from: string;
  to: string;
  /** Local to `from`, 'yyyy-MM-dd HH:mm': what people read. */
  departure: string;
  /** Local to `to`, 'yyyy-MM-dd HH:mm'. */
  arrival: string;
  /**
   * The departure as an instant (ISO 8601, UTC): what rules on time to departure compare.
   * Snapshots stored before it existed lack it; read it with `departureMs`.
   */
  departsAt: string;
  /** The arrival as an instant (ISO 8601, UTC). */
  arrivesAt: string;
  /** Booking class, e.g. 'Y'. */
  flightClass: string;
  status: SegmentStatus;
  /**
   * The airline that flies it when another sells it under its own number (a codeshare:
   * 'operated by …'); absent or null when the marketing airline flies it.
   */
  operatingAirline?: string | null;
  /**
   * The aircraft type as IATA codes it ('773', '320'); absent where the provider does not say.
   * A change of it is noted on a schedule change: seats and special requests may need redoing.
   */
  aircraft?: string | null;
};

export type GdsPassenger = {
  id: string;
  title: string;
  firstName: string;
  lastName: string;
  type: PassengerType;
  phone: string | null;
  email: string | null;
};

export type GdsContact = { name: string; phone: string | null; email: string | null };

export type GdsHotel = {
  name: string;
  city: string;
  country: string;
  start: string;
  end: string;
  cost: number;
  currency: string;
  status: string;
};

export type GdsCar = {
  pickupCity: string;
  pickupDate: string;
  returnDate: string;
  amount: number;
  currency: string;
  vendor: string;
  carType: string;
};

/** Change and refund before departure: allowed or not, and at what fee. */
export type Penalties = {
  change: { allowed: boolean; amount: number };
  refund: { allowed: boolean; amount: number };
  currency: string;
  /**
   * What the fare's rules make of the difference when the ticket is reissued for less (the
   * residual of ATPCO category 31, docs/decisions/067): refunded less the refund penalty, kept
   * as an airline credit, or forfeited. Absent where the provider does not say: see
   * `residualOf`.
   */
  residual?: Residual;
};

export type Residual = 'refund' | 'credit' | 'forfeit';

/** A priced fare for the whole booking: the stored one, or one the GDS offers instead. */
export type FareQuote = {
  /** The command that would book this fare, as a GDS agent would type it. */
  cmd: string;
  fareBasis: string;
  flightClass: string;
  total: number;
  currency: string;
  /** Free checked bags per passenger; 0 when bags cost extra. */
  freeBags: number;
  /** What one more checked bag costs per passenger and journey; null when the fare names none. */
  bagCost: number | null;
  penalties: Penalties;
  /** The last moment this fare can be ticketed (ISO), when the fare has one. */
  lastPurchase: string | null;
  segmentIds: string[];
  passengerTypes: PassengerType[];
  /** The provider's offer to confirm (a Duffel order change offer); absent for a GDS fare. */
  offerId?: string | null;
  /** When the offer lapses (ISO, UTC); absent or null when the fare stands until repriced. */
  expiresAt?: string | null;
  /**
   * What confirming this fare moves, as the provider states it (a Duffel change offer's
   * `change_total_amount`, penalties included), in `currency`: positive is paid by the agency,
   * negative comes back to it. Absent for a GDS fare, whose difference the engine works out
   * from the totals and the fees.
   */
  changeTotal?: number | null;
  /**
   * Where money coming back goes: to the form of payment (cash) or as credit with the airline
   * or provider (a Duffel `refund_to` of `voucher` or `airline_credits`). Absent when nothing
   * comes back or the provider does not say.
   */
  refundTo?: 'cash' | 'credit' | null;
};

/** One line of the booking's history as the GDS keeps it: a segment sold or cancelled. */
export type SegmentHistoryEntry = {
  at: string;
  action: 'SOLD' | 'CANCELLED';
  airline: string;
  flightNumber: string;
  from: string;
  to: string;
  departure: string;
};

export type GdsBooking = {
  /** The airline's or GDS's record locator: what agents and travellers quote. */
  locator: string;
  /**
   * The provider's own id of the booking when it is not the locator (a Duffel order's
   * 'ord_…'); absent for a GDS, whose locator is its id.
   */
  providerId?: string | null;
  pcc: string;
  /** Initials of the agent who made it. */
  agentInitials: string;
  type: BookingType;
  createdAt: string;
  passengers: GdsPassenger[];
  contact: GdsContact;
  /** Current segments, inactive ones (UN, HX, NO, UC) included until someone removes them. */
  segments: GdsSegment[];
  hotels: GdsHotel[];
  cars: GdsCar[];
  /** The fare the booking is priced at now. */
  storedFare: FareQuote | null;
  isTicketed: boolean;
  isVoidable: boolean;
  ticketedAt: string | null;
  /** Ticketing time limit (ISO); null once ticketed or when the airline set none. */
  lastPurchaseAt: string | null;
  /**
   * When the held price lapses (ISO, UTC), where the provider says so apart from the payment
   * deadline (a Duffel hold order's `price_guarantee_expires_at`). `lastPurchaseAt` is the
   * earlier of the two; absent or null when the provider sets none.
   */
  priceGuaranteeExpiresAt?: string | null;
  isCancelled: boolean;
  customerNumber: string | null;
  remarks: string[];
  ticketingSupported: boolean;
  /** Sells and cancellations of segments, oldest first: churning shows here. */
  history: SegmentHistoryEntry[];
  /** Grows at every change the GDS records. */
  version: number;
  /**
   * Labels the agency put on the booking at the provider (a Duffel order's `metadata`): where
   * a connection reads the agent's e-mail. Absent for a GDS.
   */
  metadata?: Record<string, string>;
  /** Airline changes waiting for the agent; absent in snapshots stored before providers had them. */
  scheduleChanges?: ScheduleChange[];
};

/**
 * What a reservation system can do. A detector or an action a provider cannot support is
 * switched off for that provider's bookings, and PNR info says why (capabilities.ts).
 */
export type GdsCapabilities = {
  /** Waitlisted segments (HL) that clear (KL) or are refused. */
  waitlist: boolean;
  /** Sells and cancellations of segments over time, where churning shows. */
  segmentHistory: boolean;
  /** Cancelling some segments and keeping the rest of the booking. */
  segmentCancel: boolean;
  /** Fare rules looked up by fare basis. */
  fareRulesByFareBasis: boolean;
  /** IATA segment status codes (HK, HX, UN, UC, NO…) that say a segment went inactive. */
  segmentStatusCodes: boolean;
  /**
   * How a booking is ticketed: a ticketing command (a GDS), paying a hold order before its
   * deadline (NDC providers such as Duffel), or not through the product at all.
   */
  ticketing: 'command' | 'payment' | 'none';
  /** The provider pushes changes (webhooks) as well as answering when asked. */
  pushesChanges: boolean;
  /**
   * How the airline's schedule changes are taken: one at a time, named by their segments (a
   * GDS's segment status change, Duffel's accept of one airline-initiated change), or only all
   * pending ones together. Auto-accept leaves a booking to the agent when taking one change
   * would take another (docs/decisions/061).
   */
  acceptsChanges: 'each' | 'all';
  /**
   * A ticket still voidable (`GdsBooking.isVoidable`) can be voided and the booking issued
   * again at another fare, with no change fee (docs/decisions/068); where not, the void window
   * is not applied.
   */
  voidsTickets: boolean;
};

/**
 * How a reprice of a ticketed booking is made: by reissue under the fare's change rules, or
 * by voiding the tickets inside the void window and issuing them again.
 */
export type RepriceHow = { byVoid: boolean };

/**
 * A change the airline made to the booking's flights, as its own object: what it removed and
 * what it added (segment ids of the booking as it stands), so ids need not survive a change.
 * Its segments also appear in the booking: the removed as UN, the added as TK.
 */
export type ScheduleChange = {
  /** The provider's id for the change (Duffel's airline-initiated change), or one it is known by. */
  id: string;
  removedSegmentIds: string[];
  addedSegmentIds: string[];
  /** What the provider lets the agent do about it. */
  actions: ('accept' | 'change' | 'cancel')[];
  /** When the provider saw it (ISO, UTC). */
  detectedAt: string;
};

/**
 * `premiseChanged`: nothing was done because what the agent was promised no longer holds (the
 * change now costs more than its alert said); the alert is to be judged again, not failed.
 */
export type OperationResult =
  | {
      ok: true;
      booking: GdsBooking;
      /** What a confirmed cancellation gave back, where the provider says (cancelBooking). */
      cancellation?: CancellationOutcome;
    }
  | { ok: false; message: string; premiseChanged?: boolean };

/** A call the reservation system refused, in its own words. */
export type OperationFailure = { ok: false; message: string };

/** An amount in major units (as FareQuote's total) and the currency it is in. */
export type Money = { amount: number; currency: string };

/**
 * Where a refund goes once the cancellation is confirmed: the agency's balance with the
 * provider, the card paid with, a voucher or credit with the airline, the BSP/ARC settlement,
 * or back to the form of payment of the ticket (a GDS refund).
 */
export type RefundDestination =
  'balance' | 'card' | 'voucher' | 'airline_credits' | 'bsp' | 'form_of_payment';

/**
 * Value an airline keeps for a passenger, as the provider records it (a Duffel cancellation's
 * `airline_credits`): the credits ledger knows it by the provider's id.
 */
export type AirlineCredit = {
  /** The provider's id of the credit ('acd_…'). */
  id: string;
  /** The booking's passenger it is for (GdsPassenger.id); null where the provider does not say. */
  passengerId: string | null;
  /** The airline holding it (IATA code); null where the provider does not say. */
  airline: string | null;
  amount: Money;
  /** What the airline redeems it by, and its name for the kind of credit. */
  code: string | null;
  name: string | null;
  /** 'yyyy-MM-dd'; null where the provider does not say. */
  issuedOn: string | null;
  expiresOn: string | null;
};

/** What a confirmed cancellation gave back: the refund, where it went, and any credits. */
export type CancellationOutcome = {
  refund: Money | null;
  refundTo: RefundDestination | null;
  airlineCredits: AirlineCredit[];
};

/** What cancelling the whole booking now would give back, quoted without cancelling it. */
export type CancellationQuote = {
  ok: true;
  /** Null when the provider cannot say (the airline gave it no quote). */
  refund: Money | null;
  /** Null when nothing goes anywhere: nothing was paid. */
  refundTo: RefundDestination | null;
  /** When the quote lapses (ISO, UTC); null when it stands until the booking changes. */
  expiresAt: string | null;
};

export type TicketingResult = { state: TicketingState; errorText: string | null };

export type FareRules = { fareBasis: string; penalty: string };

export type NewBooking = {
  pcc: string;
  agentInitials: string;
  type: BookingType;
  passengers: Omit<GdsPassenger, 'id'>[];
  contact: GdsContact;
  /** Times local to each airport, as an agent types them; the GDS works out the instants. */
  segments: (Omit<GdsSegment, 'id' | 'status' | 'departsAt' | 'arrivesAt'> & {
    /**
     * This flight number on the departure's local date, at whatever time the airline flies
     * it: for an agent who knows the flight and the day, not the time. Only the day of
     * `departure` counts then. A GDS that books by exact time ignores it.
     */
    anyTimeOfDay?: boolean;
  })[];
  customerNumber?: string | null;
  /** The ticketing time limit the agent sets (ISO); without one the airline's applies. */
  ticketingTimeLimit?: string | null;
};
