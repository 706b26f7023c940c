import type { ListGroup, NotificationSort, NotificationSubtype } from '@smt/shared';
import { and, eq, gte, inArray, lt, sql, type Column, type SQL } from 'drizzle-orm';
import { bookings, notifications } from '@/db/schema';
import { inScope, type Scope } from '@/db/scope';

// The SQL of the notification lists. A page is read as a merge of streams that each walk one
// partial list index in order (one stream per scope id and subtype), so PostgreSQL answers
// from the indexes with a Merge Append instead of sorting a whole scope.

/** Whose notifications a call reads: the caller's scope, narrowed by the filter's ids. */
export type Audience = {
  scope: Scope;
  agencyIds: number[];
  branchIds: number[];
  agentIds: number[];
};

/** What a list shows of the audience's notifications. */
export type ListCriteria = {
  group: ListGroup;
  subtypes: NotificationSubtype[];
  /** Inclusive lower bound on notification_time. */
  from?: Date;
  /** Exclusive upper bound on notification_time. */
  until?: Date;
  /** One booking's notifications: its PNR number. */
  pnrKey?: string;
  /** Newest first unless said otherwise. */
  sort?: NotificationSort;
};

/** Where the previous page ended: rows strictly after it in list order come next. */
export type ListCursor = { time: string; id: number };

export type PageWindow = { offset: number; limit: number; after?: ListCursor };

// Beyond this many streams (many agents times several subtypes) planning the merge costs more
// than sorting what the IN lists match, so one stream with IN lists is read instead.
const MAX_STREAMS = 30;

const n = notifications;

// Literal, not a parameter, so the planner matches the partial indexes' predicates.
export const notDeleted = sql`${n.status} <> 'DEL'`;
export const isUnread = sql`${n.status} in ('NEW', 'READY')`;

export function audienceCondition(audience: Audience): SQL {
  const { scope, agencyIds, branchIds, agentIds } = audience;
  const conditions = [
    inScope(scope, { agency: n.agencyId, branch: n.branchId, agent: n.agentId }),
    agencyIds.length > 0 ? inArray(n.agencyId, agencyIds) : undefined,
    branchIds.length > 0 ? inArray(n.branchId, branchIds) : undefined,
    agentIds.length > 0 ? inArray(n.agentId, agentIds) : undefined,
  ];
  return and(...conditions) ?? sql`true`;
}

/** The finest column the audience pins, which leads the index a stream reads. */
function leadingKey(audience: Audience): { column: Column; ids: number[] } | null {
  if (audience.agentIds.length > 0) return { column: n.agentId, ids: audience.agentIds };
  if (audience.branchIds.length > 0) return { column: n.branchId, ids: audience.branchIds };
  if (audience.agencyIds.length > 0) return { column: n.agencyId, ids: audience.agencyIds };
  const { scope } = audience;
  switch (scope.kind) {
    case 'agent':
      return { column: n.agentId, ids: [scope.agentId] };
    case 'multiAgent':
    case 'branch':
      return { column: n.branchId, ids: [scope.branchId] };
    case 'agency':
      return { column: n.agencyId, ids: [scope.agencyId] };
    case 'superUser':
    case 'none':
      return null;
  }
}

/** The conditions of each ordered stream whose merge is the list. */
function streamsOf(audience: Audience, criteria: ListCriteria): SQL[] {
  const base = and(
    audienceCondition(audience),
    notDeleted,
    criteria.group === 'RECENT' ? undefined : eq(n.group, criteria.group),
    criteria.from ? gte(n.notificationTime, criteria.from) : undefined,
    criteria.until ? lt(n.notificationTime, criteria.until) : undefined,
  );
  const { subtypes } = criteria;
  if (subtypes.length === 0) return [sql`false`];
  if (criteria.pnrKey !== undefined) {
    // A booking has a handful of notifications: its own index finds them all.
    const samePnr = eq(bookings.pnrNumber, criteria.pnrKey);
    const booking = sql`${n.bookingId} in (select ${bookings.id} from ${bookings} where ${samePnr})`;
    return [and(base, booking, inArray(n.subtype, subtypes)) ?? sql`false`];
  }
  const key = leadingKey(audience);
  const keys = key ? key.ids.map((id) => eq(key.column, id)) : [undefined];
  if (keys.length * subtypes.length > MAX_STREAMS) {
    const all = key ? inArray(key.column, key.ids) : undefined;
    return [and(base, all, inArray(n.subtype, subtypes)) ?? sql`false`];
  }
  return keys.flatMap((keyCondition) =>
    subtypes.map((subtype) => and(base, keyCondition, eq(n.subtype, subtype)) ?? sql`false`),
  );
}

function afterCursor(cursor: ListCursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  // The first conjunct bounds the index range; the second drops the rows already sent.
  const time = sql`${cursor.time}::timestamptz`;
  return sql`${n.notificationTime} <= ${time} and (${n.notificationTime} < ${time} or ${n.id} < ${cursor.id})`;
}

// Each order is the order of an index (newest and oldest read the list indexes forwards and
// backwards, deadline its own), with the id breaking ties so that pages never overlap.
const ORDER_OF: Record<NotificationSort, { inner: SQL; outer: SQL }> = {
  newest: {
    inner: sql`${n.notificationTime} desc, ${n.id} desc`,
    outer: sql`notification_time desc, id desc`,
  },
  oldest: {
    inner: sql`${n.notificationTime} asc, ${n.id} asc`,
    outer: sql`notification_time asc, id asc`,
  },
  deadline: {
    inner: sql`${n.deadlineAt} asc nulls last, ${n.id} asc`,
    outer: sql`deadline_at asc nulls last, id asc`,
  },
};

/**
 * The ids of one page of the list in its order (newest first unless the criteria say
 * otherwise), each with its time as text for a cursor. Answers rows `{ id, cursor_time }`.
 * A cursor is for newest first only, which is how exports read.
 */
export function pageIdsQuery(audience: Audience, criteria: ListCriteria, window: PageWindow): SQL {
  const reach = window.offset + window.limit;
  const order = ORDER_OF[criteria.sort ?? 'newest'];
  const after =
    criteria.sort === undefined || criteria.sort === 'newest' ? window.after : undefined;
  const streams = streamsOf(audience, criteria).map(
    (condition) => sql`(select ${n.id} as id, ${n.notificationTime} as notification_time,
        ${n.deadlineAt} as deadline_at, ${n.notificationTime}::text as cursor_time
      from ${n} where ${and(condition, afterCursor(after))}
      order by ${order.inner} limit ${reach})`,
  );
  return sql`select id, cursor_time from (${sql.join(streams, sql` union all `)}) as page
    order by ${order.outer} limit ${window.limit} offset ${window.offset}`;
}
