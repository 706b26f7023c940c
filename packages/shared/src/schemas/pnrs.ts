import { z } from 'zod';
import { DATE_WINDOW_MONTHS, MAX_PNR_CHUNK, PNR_LIST_PAGE_SIZE } from '../constants';
import { BookingType, TicketingState } from '../enums/bookings';
import { PANEL_GROUPS } from '../enums/notifications';
import { validationMessages as messages } from '../messages';
import { utcDayOf as dayOf } from '../rules/utc-day';
import { CreditAvailable } from './credits';
import { OptionalDay } from './dates';
import { NotificationData } from './notifications';

// The schemas of the PNR calls of SPEC §7.4 (their contracts: calls/pnr-calls.ts) and the PNR
// filter of SPEC §3 and §5. The My PNRs form, the URL of a search and the server all read a
// filter through these schemas, so a value the form refuses the server refuses with the same
// words.

// ---- the filter ----------------------------------------------------------------------------

const upper = (value: string) => value.toUpperCase();

/** A text filter: trimmed, empty means no filter, otherwise it must match. */
const textFilter = (pattern: RegExp, message: string, transform?: (value: string) => string) =>
  z.preprocess((value) => {
    if (value === null || value === undefined) return undefined;
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    if (trimmed === '') return undefined;
    return transform ? transform(trimmed) : trimmed;
  }, z.string(message).regex(pattern, message).optional());

/** Ticketed Yes / No; All (or nothing) means no filter. */
export const TicketedChoice = z.enum(['Yes', 'No', 'All']);
export type TicketedChoice = z.infer<typeof TicketedChoice>;

const ticketedFilter = z.preprocess((value) => {
  if (value === true || value === 'true' || value === 'Yes') return true;
  if (value === false || value === 'false' || value === 'No') return false;
  if (value === undefined || value === null || value === '' || value === 'All') return undefined;
  return value;
}, z.boolean("Should be 'true' or 'false'").optional());

/**
 * A date range: both ends or neither. A form body may carry it as JSON text, since form
 * fields cannot nest.
 */
export const DateRange = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    if (value.trim() === '') return undefined;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  },
  z
    .object({ from: OptionalDay, to: OptionalDay }, 'Should be a range with from and to')
    .superRefine((range, context) => {
      if (range.from && !range.to) {
        context.addIssue({ code: 'custom', path: ['to'], message: messages.dateRangeBothEnds });
      }
      if (range.to && !range.from) {
        context.addIssue({ code: 'custom', path: ['from'], message: messages.dateRangeBothEnds });
      }
      if (range.from && range.to && range.from > range.to) {
        context.addIssue({ code: 'custom', path: ['to'], message: messages.dateRangeOrder });
      }
    })
    .transform((range) => (range.from && range.to ? { from: range.from, to: range.to } : undefined))
    .optional(),
);
export type DateRange = { from: string; to: string };

/** The PNR filter of SPEC §3, with the rules and messages of SPEC §5. */
export const PnrFilter = z.object({
  isTicketed: ticketedFilter,
  airline: textFilter(/^[A-Z0-9]{2}$/, messages.twoAlphanumeric, upper),
  dkNumber: textFilter(/^[A-Za-z0-9]{1,10}$/, messages.customerNumber),
  customerName: textFilter(/^[\p{L}\p{N} ._-]{2,100}$/u, messages.customerName),
  destinationFrom: textFilter(/^[A-Z]{3}$/, messages.threeLetters, upper),
  destinationTo: textFilter(/^[A-Z]{3}$/, messages.threeLetters, upper),
  pnrNumber: textFilter(/^[A-Z0-9]{6,10}$/, messages.pnrNumber, upper),
  flightNumber: textFilter(/^\d{1,4}$/, messages.flightNumber),
  creationDate: DateRange,
  ticketingDate: DateRange,
  departureDate: DateRange,
  /**
   * The search box's term: a PNR number, a passenger's name or a flight ('LY541', '541'). The
   * server matches it against all three at once, so the box needs no guess of which it is.
   */
  search: textFilter(/^[\p{L}\p{N} ._-]{2,100}$/u, messages.customerName),
});
export type PnrFilter = z.output<typeof PnrFilter>;
export type PnrFilterInput = z.input<typeof PnrFilter>;

export const PNR_FILTER_FIELDS = Object.keys(PnrFilter.shape) as (keyof PnrFilter)[];
export const PNR_DATE_FIELDS = ['creationDate', 'ticketingDate', 'departureDate'] as const;
export type PnrDateField = (typeof PNR_DATE_FIELDS)[number];

/** The days a date filter may reach: the future is refused for some, the far past for all. */
export type PnrDateLimits = {
  /** The latest day that is not in the future. */
  today: string;
  /** The earliest day that is not more than the window back. */
  earliest: string;
};

/** Dates that cannot be in the future (SPEC §5): departures can. */
const NOT_IN_FUTURE: Record<PnrDateField, boolean> = {
  creationDate: true,
  ticketingDate: true,
  departureDate: false,
};

/** The same calendar day some months earlier (the last day of a shorter month). */
export function monthsBefore(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 - months, 1));
  const lastOfMonth = new Date(
    Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0),
  ).getUTCDate();
  first.setUTCDate(Math.min(date, lastOfMonth));
  return dayOf(first);
}

/**
 * The limits for someone whose today is `today` ('yyyy-MM-dd'). The server, which cannot know
 * the agent's time zone, passes the latest day anywhere on earth as today and the earliest day
 * as the start of the window, so no agent is refused a day that is today or in range for them.
 */
export function pnrDateLimits(today: string, earliestToday = today): PnrDateLimits {
  return { today, earliest: monthsBefore(earliestToday, DATE_WINDOW_MONTHS) };
}

/** The limits the server applies at an instant: any time zone's today is fine (UTC−12…+14). */
export function serverPnrDateLimits(now: Date): PnrDateLimits {
  const hour = 3_600_000;
  return pnrDateLimits(
    dayOf(new Date(now.getTime() + 14 * hour)),
    dayOf(new Date(now.getTime() - 12 * hour)),
  );
}

/** Field path → message for every date end past its limits. */
export function pnrDateIssues(filter: PnrFilter, limits: PnrDateLimits): Record<string, string> {
  const issues: Record<string, string> = {};
  for (const field of PNR_DATE_FIELDS) {
    const range = filter[field];
    if (!range) continue;
    for (const end of ['from', 'to'] as const) {
      const day = range[end];
      if (NOT_IN_FUTURE[field] && day > limits.today) {
        issues[`${field}.${end}`] = messages.dateInFuture;
      } else if (day < limits.earliest) {
        issues[`${field}.${end}`] = messages.dateTooFarBack;
      }
    }
  }
  return issues;
}

/** The filter as the form checks it: the rules of SPEC §5 including the date limits. */
export function pnrFilterWithLimits(limits: PnrDateLimits) {
  return PnrFilter.superRefine((filter, context) => {
    for (const [path, message] of Object.entries(pnrDateIssues(filter, limits))) {
      context.addIssue({ code: 'custom', path: path.split('.'), message });
    }
  });
}

/** The non-empty values of a filter: what the chips show and count. */
export function activePnrFilters(filter: Partial<PnrFilter>): (keyof PnrFilter)[] {
  return PNR_FILTER_FIELDS.filter((field) => {
    const value = filter[field];
    return value !== undefined && value !== null && value !== '';
  });
}

// ---- sorting and paging --------------------------------------------------------------------

/** The sortable columns of SPEC §2.7. */
export const PnrSortColumn = z.enum([
  'pnrCreationDate',
  'status',
  'passengersCount',
  'passengerName',
  'flightDate',
  'notifications',
]);
export type PnrSortColumn = z.infer<typeof PnrSortColumn>;

export const SortDirection = z.enum(['asc', 'desc']);
export type SortDirection = z.infer<typeof SortDirection>;

const emptyAsMissing = (value: unknown) => (value === '' || value === null ? undefined : value);

export const PnrSort = z.object({
  column: z.preprocess(emptyAsMissing, PnrSortColumn.optional()),
  direction: z.preprocess(emptyAsMissing, SortDirection.optional()),
});
export type PnrSort = z.infer<typeof PnrSort>;

/** A search: the filter, its sort, and a client's id for it (SPEC §3 'searchId'). */
export const PnrSearch = PnrFilter.extend({
  ...PnrSort.shape,
  searchId: z.preprocess(emptyAsMissing, z.string().max(64).optional()),
});
export type PnrSearch = z.output<typeof PnrSearch>;
export type PnrSearchInput = z.input<typeof PnrSearch>;

/** POST pnrList: a search and a page of it. */
export const PnrListRequest = PnrSearch.extend({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  chunk: z.coerce.number().int().min(1).max(MAX_PNR_CHUNK).default(PNR_LIST_PAGE_SIZE),
});
export type PnrListRequest = z.input<typeof PnrListRequest>;

/** POST pnrList/csv: the search as JSON text in `request` (SPEC §7.4), or as fields. */
export const PnrCsvRequest = z.preprocess((body) => {
  if (!body || typeof body !== 'object' || !('request' in body)) return body;
  const { request } = body;
  if (typeof request !== 'string') return request;
  try {
    return JSON.parse(request) as unknown;
  } catch {
    return { request };
  }
}, PnrSearch.strict());
export type PnrCsvRequest = z.input<typeof PnrSearch>;

export const PnrUpdatesRequest = z.object({
  syncJobId: z.uuid('Should be the syncJobId of a list answer'),
});

export const PnrDetailsQuery = z.object({
  // A booking's id is a PostgreSQL integer; a larger one names no booking.
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

export const TicketingQuery = z.object({
  pnrNumber: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
    z.string(messages.pnrNumber).regex(/^[A-Z0-9]{6,10}$/, messages.pnrNumber),
  ),
  gdsId: z.string().trim().min(1).max(40),
});

// ---- answers -------------------------------------------------------------------------------

/** A booking's pending notifications in one group. */
export const PnrNotificationStat = z.object({
  group: z.enum(PANEL_GROUPS),
  total: z.number().int().min(0),
  unread: z.number().int().min(0),
});
export type PnrNotificationStat = z.infer<typeof PnrNotificationStat>;

/** SPEC §3 PNR list item, with the two flags its status also needs. */
export const PnrListItem = z.object({
  id: z.number().int(),
  pnrNumber: z.string(),
  /** ISO instant */
  pnrCreationDate: z.string(),
  isTicketing: z.boolean(),
  isTicketed: z.boolean(),
  isVoidable: z.boolean(),
  isDeparted: z.boolean(),
  isCancelled: z.boolean(),
  passengersCount: z.number().int(),
  passengerName: z.string().nullable(),
  carrierCode: z.string().nullable(),
  flightNumber: z.string().nullable(),
  /** 'TLV-LHR' */
  flightRoute: z.string().nullable(),
  /** The first flight's departure, 'yyyy-MM-dd HH:mm' local to its airport. */
  flightDate: z.string().nullable(),
  notificationStat: z.array(PnrNotificationStat),
  /** The GDS is being asked for this booking now; pnrUpdates tells when it answered. */
  updateWillAvailable: z.boolean(),
  syncJobId: z.string().nullable(),
  type: BookingType,
  gdsId: z.string(),
  ticketingSupported: z.boolean(),
});
export type PnrListItem = z.infer<typeof PnrListItem>;

export const PnrListResponse = z.object({
  pnrs: z.array(PnrListItem),
  /** Bookings matching the filter, for the pager, counted up to PNR_COUNT_LIMIT. */
  total: z.number().int().min(0),
  /** More bookings match than `total`: the count stopped at its limit. */
  totalCapped: z.boolean(),
  hasMore: z.boolean(),
});
export type PnrListResponse = z.infer<typeof PnrListResponse>;

export const PnrUpdatesResponse = z.object({ pnrs: z.array(PnrListItem) });
export type PnrUpdatesResponse = z.infer<typeof PnrUpdatesResponse>;

/**
 * SPEC §3 PNR details: the booking as the GDS last answered it, and the agency's open credits
 * of its passengers on its airlines (issue 36; absent where there are none).
 */
export const PnrDetails = NotificationData.omit({ sc: true }).extend({
  credit_available: z.array(CreditAvailable).optional(),
});
export type PnrDetails = z.infer<typeof PnrDetails>;

/** GET pnr/ticketing: the SPA reads data.state and data.errorText (SPEC §7.4). */
export const TicketingResponse = z.object({
  data: z.object({ state: TicketingState, errorText: z.string().nullable() }),
});
export type TicketingResponse = z.infer<typeof TicketingResponse>;
