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
};

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
  locator: string;
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
  isCancelled: boolean;
  customerNumber: string | null;
  remarks: string[];
  ticketingSupported: boolean;
  /** Sells and cancellations of segments, oldest first: churning shows here. */
  history: SegmentHistoryEntry[];
  /** Grows at every change the GDS records. */
  version: number;
};

export type OperationResult = { ok: true; booking: GdsBooking } | { ok: false; message: string };

export type TicketingResult = { state: TicketingState; errorText: string | null };

export type FareRules = { fareBasis: string; penalty: string };

export type NewBooking = {
  pcc: string;
  agentInitials: string;
  type: BookingType;
  passengers: Omit<GdsPassenger, 'id'>[];
  contact: GdsContact;
  /** Times local to each airport, as an agent types them; the GDS works out the instants. */
  segments: Omit<GdsSegment, 'id' | 'status' | 'departsAt' | 'arrivesAt'>[];
  customerNumber?: string | null;
  /** The ticketing time limit the agent sets (ISO); without one the airline's applies. */
  ticketingTimeLimit?: string | null;
};
