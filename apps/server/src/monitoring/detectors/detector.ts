import type {
  ConnectionOverride,
  CreditReprices,
  MoneyKind,
  Flight,
  NotificationData,
  NotificationGroup,
  NotificationType,
  PriceQuote,
} from '@smt/shared';
import type {
  FareQuote,
  GdsBooking,
  GdsPassenger,
  GdsSegment,
  SegmentHistoryEntry,
} from '@/gds/gds-types';

/**
 * What a reprice alert compared when it was raised: the booking's fare and the offer. Each
 * check judges the alert again from it (docs/decisions/060).
 */
export type RepricePremise = { fare: FareQuote; offer: FareQuote };

/** A pending notification of the booking being checked, as the detectors need to see it. */
export type PendingNotice = {
  id: number;
  type: NotificationType;
  dedupeKey: string;
  /** What it says now, so an update in place changes only what changed. */
  titleMessage?: string;
  /** Its alerts as they stand, so an update in place can add one. */
  alerts?: { text: string }[];
  /** When it was raised (ISO): a schedule change nobody handled is chased from then. */
  raisedAt?: string;
  /** How far it was chased: 0 not yet, 1 the agent reminded, 2 the managers told. */
  escalation?: number;
  /** Reprice: the saving it offers. */
  potentialSaving: number | null;
  /** Reprice: what it compared; null for alerts raised before premises were kept. */
  premise?: RepricePremise | null;
  /** The segments it is about (Reschedule, SegmentRemoval, HoldsWaitlist). */
  segmentIds: string[];
  /**
   * Reschedule: the flights as they were before its change (its data.sc.oldFlights), so a
   * change the airline takes back can be recognised. Absent or [] for other types.
   */
  oldFlights?: Flight[];
};

/**
 * Another live booking of the same agency sharing a flight with the one checked, as its
 * latest snapshot has it: only what the duplicate-booking detector compares.
 */
export type OtherBooking = {
  locator: string;
  /** When the PNR was made (ISO). */
  createdAt: string;
  passengers: Pick<GdsPassenger, 'firstName' | 'lastName'>[];
  segments: Pick<GdsSegment, 'airline' | 'flightNumber' | 'departure' | 'status'>[];
};

/**
 * Another booking of the agency holding one of this booking's passengers (by name), live or
 * cancelled within the churning window, as its latest snapshot has it: what churning across
 * PNRs and overlapping trips compare (docs/decisions/063).
 */
export type TravellerBooking = {
  locator: string;
  /** When the PNR was made (ISO). */
  createdAt: string;
  isCancelled: boolean;
  passengers: Pick<GdsPassenger, 'firstName' | 'lastName'>[];
  segments: Pick<
    GdsSegment,
    | 'airline'
    | 'flightNumber'
    | 'from'
    | 'to'
    | 'departure'
    | 'arrival'
    | 'departsAt'
    | 'arrivesAt'
    | 'status'
  >[];
  history: SegmentHistoryEntry[];
};

/** Everything one check knows. `offers` is empty when the reprice process was not due. */
export type CheckInput = {
  previous: GdsBooking | null;
  current: GdsBooking;
  offers: FareQuote[];
  /** Fares were shopped and read on this check: an offer missing from `offers` is gone. */
  faresRead?: boolean;
  /** The reservation system's time. */
  now: Date;
  pending: PendingNotice[];
  /** The agency's other live bookings on any of this one's flights; absent means none. */
  others?: OtherBooking[];
  /** The agency's other bookings of this one's passengers (see TravellerBooking); absent, none. */
  travellers?: TravellerBooking[];
};

/** The branch's process settings, as the detectors read them. */
export type DetectorSettings = {
  reprice: {
    enabled: boolean;
    minSavingAmount: number | null;
    minSavingPercent: number | null;
    /** Offer a fare whose change or refund conditions are stricter (with an alert saying so). */
    offerStricterFares: boolean;
    /**
     * The agency's own fee for reissuing a ticket, per ticket, in `feeCurrency` (the branch's
     * currency, a setting of its own); 0 where it charges none (docs/decisions/068).
     */
    reissueFee: number;
    feeCurrency: string;
    /**
     * How long after issue a ticket may be voided and rebooked without a change fee, never past
     * departure, where the ticket is still voidable at the provider (docs/decisions/068).
     */
    voidWindowHours: number;
    /**
     * A reprice that saves only airline credit: raised when the credit meets the thresholds
     * ('threshold'), whatever its amount ('always'), or not at all ('never').
     */
    creditReprices: CreditReprices;
  };
  /**
   * A change is minor under `minorShiftMinutes` of shift with nothing else changed; a
   * connection under its minimum (`minConnectionMinutes`, a hub's published figure, or the
   * branch's own for the airport) is broken; `autoAcceptMinor` accepts minor ones.
   */
  reschedule: {
    enabled: boolean;
    /** The minor line for a change with a flight between countries. */
    minorShiftMinutes: number;
    /** The minor line for a change whose flights stay within one country. */
    minorShiftMinutesDomestic: number;
    /** A departure this much earlier or more is major, whatever the line above. */
    earlierShiftMinutes: number;
    minConnectionMinutes: number;
    /**
     * The branch's own minimums by airport: each replaces the airport's published figure and
     * `minConnectionMinutes` there (docs/decisions/065's addendum).
     */
    connectionOverrides: readonly ConnectionOverride[];
    autoAcceptMinor: boolean;
    /** A pending change nobody handled is chased after this long (docs/decisions/064). */
    escalateAfterHours: number;
  };
  /** `removeByHours`: how long before departure airlines want inactive segments gone. */
  segmentRemoval: { enabled: boolean; removeByHours: number };
  churning: { enabled: boolean; minCancellations: number };
  /** `lastCallHours`: the last alert before the airline cancels at the deadline. */
  ticketingDue: { enabled: boolean; windowHours: number; lastCallHours: number };
  /** `requestChaseHours`: how long a request (HN) may go unanswered before it is chased. */
  waitlist: { enabled: boolean; requestChaseHours: number };
  /** Read from the ADM process, as churning is. */
  duplicates: { enabled: boolean };
  /**
   * The credits ledger's expiry warning, read from the RP process: an open credit is warned of
   * `warningDays` before its last day (docs/decisions/068).
   */
  credits: { enabled: boolean; warningDays: number };
};

/** A notification a detector wants raised. */
export type Candidate = {
  type: NotificationType;
  group: NotificationGroup;
  title: string;
  titleMessage: string;
  alerts: { text: string }[];
  remarks: string[];
  segmentClasses: string[];
  lastPurchaseDate: string | null;
  data: NotificationData;
  /** Same key for the same finding: a check that runs twice raises nothing twice. */
  dedupeKey: string;
  segmentIds: string[];
  potentialSaving: number | null;
  /** Reprice: the kind of money its saving is (docs/decisions/067); null for other types. */
  savingKind: MoneyKind | null;
  currency: string | null;
  priceQuotes: PriceQuote[];
  /** Pending notifications this one replaces (a later schedule change, a better reprice). */
  supersedes: number[];
  /** Reprice: what it compares, kept so each later check can judge it again. */
  premise?: RepricePremise;
  /** Why it was raised, in the detector's terms, for PNR info; the title message when absent. */
  reason?: string;
  /** The engine accepts it in the GDS at once and raises it Complete (a minor schedule change). */
  autoAccept?: boolean;
  /** Set by the engine once the GDS accepted it: the notification is written Complete. */
  acceptedAutomatically?: boolean;
};

export type Detector = (input: CheckInput, settings: DetectorSettings) => Candidate[];

/**
 * Why a detector raised nothing on a check it ran (on, booking open, due), in a few words
 * for the PNR info page: 'gross 12.40 USD, net 12.40 USD: below the minimum 15.00'.
 */
export type Explainer = (input: CheckInput, settings: DetectorSettings) => string;

/** A pending notification whose premise is gone, and why, in the words its title will say. */
export type Withdrawal = { id: number; reason: string };

/**
 * Pending notifications a process finds no longer true (a schedule change the airline took
 * back, a booking ticketed since, a reprice the new fees eat), withdrawn with nothing raised
 * in their place: shown complete with their reason (docs/decisions/060).
 */
export type Withdrawer = (input: CheckInput, settings: DetectorSettings) => Withdrawal[];

/** A pending notification that still holds with other figures, updated in place. */
export type Revision = {
  id: number;
  titleMessage: string;
  alerts: { text: string }[];
  potentialSaving: number | null;
  /** Reprice: the kind of money the saving now is; absent where it does not change. */
  savingKind?: MoneyKind;
  /** The price quote's new saving (seq 1), for a reprice. */
  priceQuote?: PriceQuote;
  premise?: RepricePremise;
  /** What changed, for PNR info. */
  reason: string;
  /**
   * A schedule change nobody handled, chased to this stage (1 the agent reminded, 2 the
   * branch's managers told): the engine writes the stage, marks it unread again and sends it.
   */
  escalation?: 1 | 2;
};

/** Pending notifications to update in place on this check. */
export type Reviser = (input: CheckInput, settings: DetectorSettings) => Revision[];

/**
 * A notification type's detector in one record: what raises it, why it raised nothing, and how
 * each check judges its pending alerts again (decision 060). What the product says and does
 * about the type otherwise is its descriptor, `NOTIFICATION_TYPES` in the shared package.
 */
export type DetectorModule = {
  type: NotificationType;
  detect: Detector;
  explain: Explainer;
  withdraw?: Withdrawer;
  revise?: Reviser;
};
