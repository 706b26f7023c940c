import { z } from 'zod';
import { MAX_CHUNK, NOTIFICATION_PAGE_SIZE } from '../constants';
import { validationMessages as messages } from '../messages';
import { CreditAvailable } from './credits';
import { Day } from './dates';
import {
  FetchType,
  NotificationGroup,
  NotificationStatus,
  NotificationSubtype,
  NotificationType,
  OperationCode,
  PANEL_GROUPS,
  PublicNotificationType,
  TypeStatus,
  UNREAD_COUNTER_KEYS,
} from '../enums/notifications';

// The notification calls of SPEC §7.1 and the organisation calls of §7.2: what they take and
// what they answer (their contracts: calls/notification-calls.ts). The server validates with
// these schemas and the SPA parses its answers with them.

// ---- inputs --------------------------------------------------------------------------------

/** Form fields arrive as text; a list comes as repeated keys, one value, or comma-separated. */
const listOf = <T extends z.ZodType>(item: T, max = 500) =>
  z.preprocess((value) => {
    if (value === undefined || value === null || value === '') return [];
    if (Array.isArray(value)) return value as unknown[];
    return typeof value === 'string' ? value.split(',').filter((part) => part !== '') : [value];
  }, z.array(item).max(max));

const Id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const IdList = listOf(Id);

/** Which list a call reads: the five panel groups, or RECENT for every group at once. */
export const ListGroup = z.enum([...PANEL_GROUPS, 'RECENT']);
export type ListGroup = z.infer<typeof ListGroup>;

/** Whose notifications: the caller's own (personal) or their scope narrowed by the filter. */
export const NotificationFilter = z.object({
  fetchType: FetchType.default('personal'),
  agencyIds: IdList.default([]),
  branchIds: IdList.default([]),
  agentIds: IdList.default([]),
});
export type NotificationFilter = z.input<typeof NotificationFilter>;

/**
 * The order of a list: newest or oldest raised first, or the soonest ticketing deadline first
 * (notifications without one last). Each is read in order from an index.
 */
export const NotificationSort = z.enum(['newest', 'oldest', 'deadline'], {
  error: "Should be 'newest', 'oldest' or 'deadline'",
});
export type NotificationSort = z.infer<typeof NotificationSort>;

const NotificationListFields = NotificationFilter.extend({
  group: ListGroup.default('RECENT'),
  subtype: listOf(NotificationSubtype, 3).default(['Pending']),
  /** Notifications raised from this UTC day on. */
  dateFrom: Day.optional(),
  /** ... up to the end of this UTC day; never before dateFrom. */
  dateTo: Day.optional(),
  /** One booking's notifications (the details panel): its PNR number. */
  pnr_key: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{5,10}$/, 'Should be a PNR number')
    .optional(),
  sort: NotificationSort.default('newest'),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  chunk: z.coerce.number().int().min(1).max(MAX_CHUNK).default(NOTIFICATION_PAGE_SIZE),
});

function checkDateOrder(
  request: { dateFrom?: string; dateTo?: string },
  context: z.core.$RefinementCtx<{ dateFrom?: string; dateTo?: string }>,
) {
  if (request.dateFrom && request.dateTo && request.dateFrom > request.dateTo) {
    context.addIssue({ code: 'custom', path: ['dateTo'], message: messages.dateRangeOrder });
  }
}

export const NotificationListRequest = NotificationListFields.superRefine(checkDateOrder);
export type NotificationListRequest = z.input<typeof NotificationListRequest>;

/** The CSV takes the list's filters, without paging: every matching row, newest first. */
export const NotificationCsvRequest = NotificationListFields.omit({
  offset: true,
  chunk: true,
  sort: true,
}).superRefine(checkDateOrder);
export type NotificationCsvRequest = z.input<typeof NotificationCsvRequest>;

export const NotificationIdRequest = z.object({ notification_id: Id });

export const ExecuteRequest = z.object({ notification_id: Id, op_code: OperationCode });

/** The most notification ids one bulk call (delete or its undo) takes. */
export const BULK_IDS_MAX = 200;

export const BulkDeleteRequest = z.object({
  notification_ids: listOf(Id, BULK_IDS_MAX).refine(
    (ids) => ids.length > 0,
    'Select a notification',
  ),
});

export const FareBasisPenaltiesRequest = z.object({
  notification_id: Id,
  seq_num: z.coerce.number().int().min(0).max(1000),
  segment_id: z.string().trim().max(20).optional(),
  farebasis: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{1,15}$/, 'Should be a fare basis'),
  flight_class: z.string().trim().max(2).optional(),
});

/** A refund: an amount in major units and its currency, which money never travels without. */
export const Refund = z.object({
  amount: z.number().finite().min(0).max(1e9),
  currency: z.string().regex(/^[A-Z]{3}$/, messages.threeLetters),
});
export type Refund = z.infer<typeof Refund>;

/** JSON body of pnr/cancel/quote. */
export const CancelPnrQuoteRequest = z.object({ notificationId: Id });

/**
 * JSON body of pnr/cancel. `expectedRefund` is the refund the agent was shown (null: shown as
 * unknown); the server cancels only while the quote is still that. Without it, no check.
 */
export const CancelPnrRequest = z.object({
  notificationId: Id,
  expectedRefund: Refund.nullable().optional(),
});

/**
 * JSON body of the counters call: whose notifications to count.
 * @alias
 */
export const UnreadCountersRequest = NotificationFilter;

/** The three parts of a shared link (SPEC §2.12), as its address carries them. */
export const PublicShareParams = z.object({
  id: Id,
  timestamp: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  // Any other token is simply not ours: 404 like a tampered one, not 400.
  token: z.string().max(200),
});

export const ListAgenciesQuery = z.object({ level: z.literal('AGENT').optional() });
export const ListBranchesQuery = z.object({ agencyId: Id.optional() });
/**
 * `withoutUser`: only agents no user is placed at, for a new agent user (issue 38); but for
 * `keepingUser`, whose own agent stays listed while they are edited.
 */
export const ListAgentsQuery = z.object({
  branchId: Id.optional(),
  withoutUser: z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: 'Should be true or false' })
    .transform((value) => value === true || value === 'true')
    .optional(),
  keepingUser: Id.optional(),
});

// ---- answers -------------------------------------------------------------------------------

export const Alert = z.object({ text: z.string() });
export type Alert = z.infer<typeof Alert>;

/** The header of SPEC §3 Notification. */
export const NotificationHeader = z.object({
  notification_id: z.number().int(),
  type: NotificationType,
  subtype: NotificationSubtype,
  group: NotificationGroup,
  type_status: TypeStatus,
  title: z.string(),
  title_message: z.string(),
  notification_time: z.string(),
  readonly: z.boolean(),
});
export type NotificationHeader = z.infer<typeof NotificationHeader>;

/** A card of the lists. */
export const NotificationListItem = NotificationHeader.extend({
  status: NotificationStatus,
  contact_name: z.string().nullable(),
  pnr_summary: z.string().nullable(),
  pnr: z.string(),
  alerts: z.array(Alert),
  /** The agent who owns the booking: what a manager's All view needs to tell cards apart. */
  agent_name: z.string(),
  /** The booking's ticketing deadline (ISO) when raised, which the deadline sort orders by. */
  deadline: z.string().nullable(),
  /** Open credits of its passengers on its airlines (issue 36); absent where there are none. */
  credit_available: z.array(CreditAvailable).optional(),
});
export type NotificationListItem = z.infer<typeof NotificationListItem>;

export const NotificationListResponse = z.object({
  notifications: z.array(NotificationListItem),
  /** More rows follow this chunk. */
  hasMore: z.boolean(),
});
export type NotificationListResponse = z.infer<typeof NotificationListResponse>;

export const Flight = z.object({
  from: z.string(),
  to: z.string(),
  airline: z.string(),
  flight_number: z.string(),
  /** The airline that flies it when another sells it (a codeshare); absent or null otherwise. */
  operating_airline: z.string().nullable().optional(),
  flight_class: z.string(),
  status: z.string(),
  /** 'yyyy-MM-dd HH:mm', local to the airport */
  departure: z.string(),
  arrival: z.string(),
  /**
   * The notification is about this segment, of the several the booking holds (the one an ADM
   * asks to remove); absent on the others, and on every flight stored before it was kept.
   */
  alerted: z.boolean().optional(),
});
export type Flight = z.infer<typeof Flight>;

export const Hotel = z.object({
  hotel_name: z.string(),
  city: z.string(),
  country: z.string(),
  start: z.string(),
  end: z.string(),
  cost: z.number(),
  status: z.string(),
});
export type Hotel = z.infer<typeof Hotel>;

export const Car = z.object({
  pickup_city: z.string(),
  pickup_date: z.string(),
  return_date: z.string(),
  amount: z.number(),
  vendor: z.string(),
  car_type: z.string(),
});
export type Car = z.infer<typeof Car>;

export const Passenger = z.object({
  title: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  type: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type Passenger = z.infer<typeof Passenger>;

export const NotificationData = z.object({
  pnr: z.object({
    id: z.string(),
    pcc: z.string(),
    creator: z.string(),
    is_cancelled: z.boolean(),
    is_ticketed: z.boolean(),
    is_voidable: z.boolean(),
    is_departed: z.boolean(),
  }),
  contact: z.object({
    name: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
  }),
  passengers: z.array(Passenger),
  cars: z.array(Car),
  hotels: z.array(Hotel),
  flights: z.array(Flight),
  sc: z.object({ newFlights: z.array(Flight), oldFlights: z.array(Flight) }).nullable(),
});
export type NotificationData = z.infer<typeof NotificationData>;

export const NotificationPayload = z.object({
  alerts: z.array(Alert),
  remarks: z.array(z.string()),
  last_purchase_date: z.string().nullable(),
  segment_classes: z.array(z.string()),
});
export type NotificationPayload = z.infer<typeof NotificationPayload>;

/** getNotificationData: the whole notification, as the details overlay shows it. */
export const NotificationDetails = z.object({
  header: NotificationHeader.extend({ status: NotificationStatus }),
  payload: NotificationPayload,
  data: NotificationData,
});
export type NotificationDetails = z.infer<typeof NotificationDetails>;

const PenaltyRules = z.object({
  before_dept: z.object({
    change_ind: z.boolean(),
    change_amount: z.number(),
    refund_ind: z.boolean(),
    refund_amount: z.number(),
    currency: z.string(),
  }),
});

/**
 * Not of the spec's list: what repricing to the quote saves net (docs/decisions/037), in the
 * quote's currency: the fare difference less the change fee per reissued ticket and the free
 * bags the new fare drops. Quotes kept before have none.
 */
export const QuoteSaving = z.object({
  gross: z.number(),
  tickets: z.number().int().nonnegative(),
  change_fee: z.number(),
  /**
   * The refund penalty per ticket on a difference refunded in cash, and what kind of money the
   * net is (docs/decisions/067); quotes kept before say neither, and were counted as cash.
   */
  refund_fee: z.number().optional(),
  kind: z.enum(['cash', 'credit']).optional(),
  /**
   * The agency's own reissue fee per ticket, deducted where it is in the fare's currency; by
   * void and rebook inside the void window, with no change fee, until `void_until` (ISO, UTC);
   * the last day a credit kept by the airline can be used (docs/decisions/068). Older quotes
   * say none of these.
   */
  agency_fee: z.number().optional(),
  void_until: z.string().nullable().optional(),
  credit_expires_on: z.string().nullable().optional(),
  bags_lost: z.number().int().nonnegative(),
  bags_cost: z.number(),
  bag_price_unknown: z.boolean(),
  net: z.number(),
});
export type QuoteSaving = z.infer<typeof QuoteSaving>;

/** One entry of pq_data (SPEC §3 Price quote). */
export const PriceQuote = z.object({
  seq_num: z.number().int(),
  cmd: z.string(),
  current_price: z.number(),
  new_price: z.number(),
  currency: z.string(),
  last_purchase: z.string().nullable(),
  pax: z.array(z.object({ type: z.string() })),
  segments: z.array(
    z.object({
      id: z.string(),
      origin: z.string(),
      dest: z.string(),
      airline: z.string(),
      // Not of the spec's list: which flight it is, so the block can name it ('LY541').
      flight_number: z.string().optional(),
    }),
  ),
  conditions: z.object({
    current_conds: z.object({ penalty_rules: PenaltyRules }),
    new_conds: z.object({ penalty_rules: PenaltyRules }),
  }),
  fare_conds: z.object({ farebasis: z.string(), flight_class: z.string(), bag: z.string() }),
  newBaggageInfos: z.array(
    z.object({
      normalizedNonFreeBaggage: z.boolean(),
      cost: z.number().nullable(),
      segments: z.array(z.string()),
    }),
  ),
  saving: QuoteSaving.optional(),
});
export type PriceQuote = z.infer<typeof PriceQuote>;

export const PqDataResponse = z.object({ pq_data: z.array(PriceQuote) });

export const ExecuteResponse = z.object({ header: NotificationHeader });
export type ExecuteResponse = z.infer<typeof ExecuteResponse>;

export const FareBasisPenaltiesResponse = z.object({
  farebasis_penalty: z.object({ farebasis: z.string(), penalty: z.string() }).nullable(),
});
export type FareBasisPenaltiesResponse = z.infer<typeof FareBasisPenaltiesResponse>;

export const DeleteResponse = z.object({ deleted: z.number().int() });
export const UndoDeleteResponse = z.object({ restored: z.number().int() });

/** How long the snack after a delete offers Undo. */
export const UNDO_DELETE_MS = 8_000;
/**
 * How long after a delete the server still puts a notification back: the snack's window with
 * room for a slow network. Later, a deleted notification stays deleted.
 */
export const UNDO_DELETE_ACCEPTED_MS = 60_000;

export const CancelPnrResponse = z.object({
  cancellationSuccessful: z.boolean(),
  message: z.string(),
});
export type CancelPnrResponse = z.infer<typeof CancelPnrResponse>;

/**
 * Where a refund goes: the agency's balance with the provider, the card paid with, a voucher,
 * airline credit, the BSP/ARC settlement, or the ticket's form of payment.
 */
export const RefundDestination = z.enum([
  'balance',
  'card',
  'voucher',
  'airline_credits',
  'bsp',
  'form_of_payment',
]);
export type RefundDestination = z.infer<typeof RefundDestination>;

/** What cancelling the notification's PNR would refund now, before anything is cancelled. */
export const CancelPnrQuoteResponse = z.object({
  /** Null when the airline gave no quote: the refund is known only once cancelled. */
  refund: Refund.nullable(),
  /** Null when nothing was paid, so nothing goes anywhere. */
  refundTo: RefundDestination.nullable(),
  /** When the quote lapses (ISO); null when it stands until the booking changes. */
  expiresAt: z.string().nullable(),
});
export type CancelPnrQuoteResponse = z.infer<typeof CancelPnrQuoteResponse>;

/** What the GDS says now about the notification's booking (the reprice check of SPEC §4). */
export const PnrInfoResponse = z.object({ is_ticketed: z.boolean(), is_cancelled: z.boolean() });
export type PnrInfoResponse = z.infer<typeof PnrInfoResponse>;

/** Share data (SPEC §3): the public link and the words that go with it. */
export const ShareData = z.object({
  url: z.string(),
  messageText: z.string(),
  subject: z.string(),
});
export type ShareData = z.infer<typeof ShareData>;

const counters = z.object(
  Object.fromEntries(UNREAD_COUNTER_KEYS.map((key) => [key, z.number().int().min(0)])) as Record<
    (typeof UNREAD_COUNTER_KEYS)[number],
    z.ZodNumber
  >,
);
export type UnreadCounts = z.infer<typeof counters>;

/** Unread notifications per bucket and key (SPEC §3), and the newest one's id. */
export const UnreadCountersResponse = z.object({
  pending: counters,
  complete: counters,
  /** The newest notification in the caller's view: a change means something new arrived. */
  latestId: z.number().int().nullable(),
});
export type UnreadCountersResponse = z.infer<typeof UnreadCountersResponse>;

export const AgencyItem = z.object({ id: z.number().int(), name: z.string() });
export type AgencyItem = z.infer<typeof AgencyItem>;
export const BranchItem = z.object({ id: z.number().int(), pcc: z.string(), name: z.string() });
export type BranchItem = z.infer<typeof BranchItem>;
export const AgentItem = z.object({ id: z.number().int(), initials: z.string(), name: z.string() });
export type AgentItem = z.infer<typeof AgentItem>;

export const PublicSegment = z.object({
  /** Airline and number, e.g. 'LY315': a replacement may fly under another number. */
  flightNumber: z.string().optional(),
  origin: z.string(),
  dest: z.string(),
  departureDate: z.string(),
  arrivalDate: z.string().optional(),
  status: z.string(),
});
export type PublicSegment = z.infer<typeof PublicSegment>;

/** The public share page's notification (SPEC §3 Public notification). */
export const PublicNotification = z.object({
  notificationType: PublicNotificationType.nullable(),
  pnrNumber: z.string(),
  flights: z.array(
    z.object({
      flightNumber: z.string(),
      prevSegments: z.array(PublicSegment),
      currSegments: z.array(PublicSegment).optional(),
    }),
  ),
});
export type PublicNotification = z.infer<typeof PublicNotification>;

export const PublicShareResponse = z.object({
  responseData: PublicNotification,
  designProperties: z.object({ header: z.string().nullable(), footer: z.string().nullable() }),
});
export type PublicShareResponse = z.infer<typeof PublicShareResponse>;
