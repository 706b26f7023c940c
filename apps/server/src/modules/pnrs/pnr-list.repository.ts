import { addUtcDays, startOfUtcDay } from '@smt/shared';
import type { PanelGroup, PnrFilter, PnrSort, PnrSortColumn } from '@smt/shared';
import {
  and,
  arrayContains,
  asc,
  desc,
  eq,
  inArray,
  isNull,
  lt,
  ne,
  or,
  sql,
  type Column,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '@/db/client';
import { bookingChecks, bookings, notifications } from '@/db/schema';
import { inScope, type Scope } from '@/db/scope';
import { flightNumberText } from '@/monitoring/booking-columns';

/** Whose bookings My PNRs shows: the effective user's own agent identity, inside their scope. */
export type PnrOwner = { agentId: number; scope: Scope };

/** The first instant of a 'yyyy-MM-dd' day and of the day after it (UTC). */
const dayBounds = (range: { from: string; to: string }) => ({
  from: new Date(`${range.from}T00:00:00Z`),
  until: startOfUtcDay(addUtcDays(range.to, 1)),
});

const withinDays = (column: Column, range?: { from: string; to: string }) => {
  if (!range) return undefined;
  const { from, until } = dayBounds(range);
  return sql`${column} >= ${from} and ${column} < ${until}`;
};

/** LIKE treats % and _ as wildcards; a name may hold an underscore. */
const likeText = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export const ownedBy = (owner: PnrOwner): SQL =>
  and(
    eq(bookings.agentId, owner.agentId),
    inScope(owner.scope, {
      agency: bookings.agencyId,
      branch: bookings.branchId,
      agent: bookings.agentId,
    }),
  ) as SQL;

const nameMatches = (text: string): SQL =>
  and(
    ...text
      .split(/\s+/)
      .filter(Boolean)
      .map((word) => sql`${bookings.mainPassenger} ilike ${`%${likeText(word)}%`} escape '\\'`),
  ) as SQL;

const flightMatches = (number: string): SQL =>
  // '315' and '0315' are the same flight.
  sql`ltrim(${bookings.flightNumber}, '0') = ltrim(${number}, '0')`;

/** One of the booking's passengers has every word of the text in their name. */
const anyPassengerMatches = (text: string): SQL => {
  const words = text
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => sql`p.name ilike ${`%${likeText(word)}%`} escape '\\'`);
  return sql`exists (select 1 from unnest(${bookings.passengers}) as p(name)
    where ${sql.join(words, sql` and `)})`;
};

/**
 * The search box's term as whichever it can be: a PNR number (its start), a flight of any leg
 * ('541', 'LY541', 'LY 541') or the words of any passenger's name. Run over the owner's
 * bookings only, which their index finds, so one query answers however many rows match.
 */
export function searchCondition(term: string): SQL {
  const compact = term.replace(/\s+/g, '').toUpperCase();
  const ways: SQL[] = [];
  if (/^[A-Z0-9]{5,10}$/.test(compact)) {
    ways.push(sql`${bookings.pnrNumber} like ${`${compact}%`}`);
  }
  // An airline code has a letter ('4U', 'LY'); digits alone are the flight's number.
  const flight = /^([A-Z0-9]{2})(\d{1,4})$/.exec(compact);
  if (/^\d{1,4}$/.test(compact)) {
    ways.push(sql`exists (select 1 from unnest(${bookings.flights}) as f(code)
      where substr(f.code, 3) = ${flightNumberText(compact)})`);
  } else if (flight?.[1] && flight[2] && /[A-Z]/.test(flight[1])) {
    ways.push(arrayContains(bookings.flights, [`${flight[1]}${flightNumberText(flight[2])}`]));
  }
  if (/\p{L}/u.test(term)) ways.push(anyPassengerMatches(term));
  return ways.length === 0 ? sql`false` : (or(...ways) as SQL);
}

/** The filter of SPEC §3 as one condition over the owner's bookings. */
export function filterCondition(owner: PnrOwner, filter: PnrFilter): SQL {
  const conditions: (SQL | undefined)[] = [ownedBy(owner)];
  if (filter.isTicketed !== undefined) conditions.push(eq(bookings.isTicketed, filter.isTicketed));
  if (filter.airline) conditions.push(eq(bookings.carrierCode, filter.airline));
  // Any flown leg's airports: 'To BKK' finds the return trips to Bangkok too (decision 032).
  if (filter.destinationFrom) {
    conditions.push(arrayContains(bookings.origins, [filter.destinationFrom]));
  }
  if (filter.destinationTo) {
    conditions.push(arrayContains(bookings.destinations, [filter.destinationTo]));
  }
  if (filter.pnrNumber) conditions.push(sql`${bookings.pnrNumber} like ${`${filter.pnrNumber}%`}`);
  if (filter.dkNumber) {
    conditions.push(sql`upper(${bookings.customerNumber}) = ${filter.dkNumber.toUpperCase()}`);
  }
  if (filter.flightNumber) conditions.push(flightMatches(filter.flightNumber));
  // Names are kept as 'LAST/FIRST'; 'dana levi' finds 'LEVI/DANA': every word must appear.
  if (filter.customerName) conditions.push(nameMatches(filter.customerName));
  if (filter.search) conditions.push(searchCondition(filter.search));
  conditions.push(withinDays(bookings.pnrCreatedAt, filter.creationDate));
  conditions.push(withinDays(bookings.ticketedAt, filter.ticketingDate));
  // Departures are kept as the airport's local time read as UTC, so the day is the local day.
  conditions.push(withinDays(bookings.departureAt, filter.departureDate));
  return and(...conditions) as SQL;
}

/** Booked, Ticket Voidable, Ticketed, Departed: the order of the lifecycle (lifecycleStepOf). */
const statusRank = sql<number>`case
  when ${bookings.isDeparted} then 3 when ${bookings.isVoidable} then 1
  when ${bookings.isTicketed} then 2 else 0 end`;

/**
 * The owner's pending notifications per booking, counted in one pass over their notifications
 * rather than once per booking: what the notifications column sorts by.
 */
const pendingPerBooking = (db: Db, owner: PnrOwner) =>
  db
    .select({
      bookingId: notifications.bookingId,
      count: sql<number>`count(*)`.as('pending_count'),
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.agentId, owner.agentId),
        eq(notifications.subtype, 'Pending'),
        ne(notifications.status, 'DEL'),
      ),
    )
    .groupBy(notifications.bookingId)
    .as('pending');

type PendingPerBooking = ReturnType<typeof pendingPerBooking>;

const sortExpression = (column: PnrSortColumn, pending: PendingPerBooking): SQL => {
  switch (column) {
    case 'pnrCreationDate':
      return sql`${bookings.pnrCreatedAt}`;
    case 'status':
      return statusRank;
    case 'passengersCount':
      return sql`${bookings.passengersCount}`;
    case 'passengerName':
      return sql`${bookings.mainPassenger}`;
    case 'flightDate':
      return sql`${bookings.departureAt}`;
    case 'notifications':
      return sql`coalesce(${pending.count}, 0)`;
  }
};

/**
 * The order of a search: its column (empty values last either way), then newest first so that
 * paging is stable. Without a column, newest first, which the owner's index reads in order.
 */
function orderOf(sort: PnrSort, pending: PendingPerBooking): SQL[] {
  const newestFirst = [desc(bookings.pnrCreatedAt), desc(bookings.id)];
  if (!sort.column) return newestFirst;
  const direction = sort.direction === 'desc' ? sql`desc` : sql`asc`;
  return [sql`${sortExpression(sort.column, pending)} ${direction} nulls last`, ...newestFirst];
}

export const listColumns = {
  id: bookings.id,
  pnrNumber: bookings.pnrNumber,
  gdsId: bookings.gdsId,
  type: bookings.type,
  pnrCreatedAt: bookings.pnrCreatedAt,
  isTicketing: bookings.isTicketing,
  isTicketed: bookings.isTicketed,
  isVoidable: bookings.isVoidable,
  isDeparted: bookings.isDeparted,
  isFlown: bookings.isFlown,
  isCancelled: bookings.isCancelled,
  ticketingSupported: bookings.ticketingSupported,
  passengersCount: bookings.passengersCount,
  mainPassenger: bookings.mainPassenger,
  carrierCode: bookings.carrierCode,
  flightNumber: bookings.flightNumber,
  origin: bookings.origin,
  destination: bookings.destination,
  departureAt: bookings.departureAt,
  customerNumber: bookings.customerNumber,
  monitored: bookings.monitored,
  lastCheckedAt: bookings.lastCheckedAt,
  syncJobId: bookings.syncJobId,
  syncRequestedAt: bookings.syncRequestedAt,
};

const selectPnrs = (db: Db) => db.select(listColumns).from(bookings);
export type PnrRow = Awaited<ReturnType<typeof selectPnrs>>[number];

export async function findPnrPage(
  db: Db,
  owner: PnrOwner,
  search: PnrFilter & PnrSort,
  page: { offset: number; limit: number },
): Promise<PnrRow[]> {
  const pending = pendingPerBooking(db, owner);
  const base = selectPnrs(db).$dynamic();
  const query =
    search.column === 'notifications'
      ? base.leftJoin(pending, eq(pending.bookingId, bookings.id))
      : base;
  return query
    .where(filterCondition(owner, search))
    .orderBy(...orderOf(search, pending))
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * Bookings matching the filter, counted up to `limit` + 1: a count is a scan of every match,
 * and an agent with a hundred thousand bookings should not pay for it on every page.
 */
export async function countPnrs(
  db: Db,
  owner: PnrOwner,
  filter: PnrFilter,
  limit: number,
): Promise<number> {
  const matching = db
    .select({ one: sql`1` })
    .from(bookings)
    .where(filterCondition(owner, filter))
    .limit(limit + 1)
    .as('matching');
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(matching);
  return Number(row?.count ?? 0);
}

export type NotificationStatRow = {
  bookingId: number;
  group: PanelGroup;
  total: number;
  unread: number;
};

/** Pending notifications per booking and group, for a page of bookings in one query. */
export async function notificationStats(
  db: Db,
  bookingIds: number[],
): Promise<NotificationStatRow[]> {
  if (bookingIds.length === 0) return [];
  const rows = await db
    .select({
      bookingId: notifications.bookingId,
      group: notifications.group,
      total: sql<number>`count(*)::int`,
      unread: sql<number>`(count(*) filter (where ${notifications.status} in ('NEW', 'READY')))::int`,
    })
    .from(notifications)
    .where(
      and(
        inArray(notifications.bookingId, bookingIds),
        eq(notifications.subtype, 'Pending'),
        sql`${notifications.status} <> 'DEL'`,
      ),
    )
    .groupBy(notifications.bookingId, notifications.group)
    .orderBy(asc(notifications.bookingId));
  return rows as NotificationStatRow[];
}

/**
 * When each of these bookings was last checked, well or not, on the server's clock: the newest
 * of the few checks kept per booking, on their index. Bookings never checked are left out.
 */
export async function lastAttempts(db: Db, bookingIds: number[]): Promise<Map<number, Date>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .select({
      bookingId: bookingChecks.bookingId,
      at: sql<Date>`max(${bookingChecks.checkedAt})`.mapWith(bookingChecks.checkedAt),
    })
    .from(bookingChecks)
    .where(inArray(bookingChecks.bookingId, bookingIds))
    .groupBy(bookingChecks.bookingId);
  return new Map(rows.map((row) => [row.bookingId, row.at]));
}

/** The owner's bookings of one refresh (pnrUpdates). */
export async function findPnrsOfSync(
  db: Db,
  owner: PnrOwner,
  syncJobId: string,
): Promise<PnrRow[]> {
  return selectPnrs(db)
    .where(and(ownedBy(owner), eq(bookings.syncJobId, syncJobId)))
    .orderBy(desc(bookings.pnrCreatedAt), desc(bookings.id));
}

/**
 * Records a refresh of these bookings, for those with none under way (asked for after
 * `openSince`, or not at all): the list says an update will be available. Answers the ids it
 * took, so two lists opened at once do not both ask the GDS.
 */
export async function requestRefresh(
  db: Db,
  owner: PnrOwner,
  ids: number[],
  refresh: { syncJobId: string; requestedAt: Date; openSince: Date },
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(bookings)
    .set({ syncJobId: refresh.syncJobId, syncRequestedAt: refresh.requestedAt })
    .where(
      and(
        ownedBy(owner),
        inArray(bookings.id, ids),
        or(isNull(bookings.syncRequestedAt), lt(bookings.syncRequestedAt, refresh.openSince)),
      ),
    )
    .returning({ id: bookings.id });
  return rows.map((row) => row.id);
}
