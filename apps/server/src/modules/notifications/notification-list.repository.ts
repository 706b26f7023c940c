import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/db/client';
import { keptRows, runKeptSelect } from '@/db/kept-queries';
import { agencies, agents, bookings, branches, notifications } from '@/db/schema';
import { inScope, type Scope } from '@/db/scope';
import {
  audienceCondition,
  isUnread,
  notDeleted,
  pageIdsQuery,
  type Audience,
  type ListCriteria,
  type ListCursor,
  type PageWindow,
} from './notification-list.query';

const n = notifications;

export type OrganisationIds = { agencyIds: number[]; branchIds: number[]; agentIds: number[] };

// The organisation's ids are PostgreSQL integers; a larger one names nothing.
const MAX_INTEGER = 2_147_483_647;

/** Whether every given agency, branch and agent exists inside the scope. */
export async function allInScope(db: Db, scope: Scope, ids: OrganisationIds): Promise<boolean> {
  const named = [...ids.agencyIds, ...ids.branchIds, ...ids.agentIds];
  if (named.some((id) => id > MAX_INTEGER)) return false;
  const found = async (query: Promise<{ id: number }[]>, wanted: number[]) =>
    wanted.length === 0 || (await query).length === new Set(wanted).size;
  return (
    (await found(
      db
        .select({ id: agencies.id })
        .from(agencies)
        .where(and(inArray(agencies.id, ids.agencyIds), inScope(scope, { agency: agencies.id }))),
      ids.agencyIds,
    )) &&
    (await found(
      db
        .select({ id: branches.id })
        .from(branches)
        .where(
          and(
            inArray(branches.id, ids.branchIds),
            inScope(scope, { agency: branches.agencyId, branch: branches.id }),
          ),
        ),
      ids.branchIds,
    )) &&
    (await found(
      db
        .select({ id: agents.id })
        .from(agents)
        .innerJoin(branches, eq(branches.id, agents.branchId))
        .where(
          and(
            inArray(agents.id, ids.agentIds),
            inScope(scope, {
              agency: branches.agencyId,
              branch: agents.branchId,
              agent: agents.id,
            }),
          ),
        ),
      ids.agentIds,
    ))
  );
}

export type PageEntry = { id: number; cursor: ListCursor };

/** The key of a kept query: its kind and every input it is built from (db/kept-queries.ts). */
const keyOf = (kind: string, ...inputs: unknown[]) => `${kind}:${JSON.stringify(inputs)}`;

/**
 * The ids of one page of a list, in list order. A page after a cursor is an export's, read once:
 * it is built each time rather than kept, so an export does not push the lists out.
 */
export async function findPageIds(
  db: Db,
  audience: Audience,
  criteria: ListCriteria,
  window: PageWindow,
): Promise<PageEntry[]> {
  type Row = { id: number | string; cursor_time: string };
  const build = () => pageIdsQuery(audience, criteria, window);
  const rows = window.after
    ? await queryRows<Row>(db, build())
    : await keptRows<Row>(db, keyOf('page', audience, criteria, window), build);
  return rows.map((row) => {
    const id = Number(row.id);
    return { id, cursor: { time: row.cursor_time, id } };
  });
}

export type ListRow = Awaited<ReturnType<typeof selectListRows>>[number];

function selectListRows(db: Db, audience: Audience, ids: number[]) {
  return db
    .select({
      id: n.id,
      type: n.type,
      subtype: n.subtype,
      group: n.group,
      typeStatus: n.typeStatus,
      status: n.status,
      title: n.title,
      titleMessage: n.titleMessage,
      notificationTime: n.notificationTime,
      readonly: n.readonly,
      contactName: n.contactName,
      pnrSummary: n.pnrSummary,
      alerts: sql<unknown>`${n.payload} -> 'alerts'`,
      pnr: bookings.pnrNumber,
      agentName: agents.name,
      deadlineAt: n.deadlineAt,
      // What 'credit available' on the card is looked up by.
      bookingId: n.bookingId,
    })
    .from(n)
    .innerJoin(bookings, eq(bookings.id, n.bookingId))
    .innerJoin(agents, eq(agents.id, n.agentId))
    .where(and(inArray(n.id, ids), audienceCondition(audience), notDeleted));
}

/** The list fields of the given notifications, in the order of `ids`. */
export async function findListRows(db: Db, audience: Audience, ids: number[]): Promise<ListRow[]> {
  if (ids.length === 0) return [];
  const rows = await runKeptSelect(db, keyOf('rows', audience, ids), () =>
    selectListRows(db, audience, ids),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export type UnreadCount = { subtype: string; group: string; count: number };

export const unreadCountsQuery = (db: Db, audience: Audience) =>
  db
    .select({ subtype: n.subtype, group: n.group, count: sql<number>`count(*)::int` })
    .from(n)
    .where(and(audienceCondition(audience), isUnread))
    .groupBy(n.subtype, n.group);

/** Unread notifications of the audience per subtype and group. */
export async function countUnread(db: Db, audience: Audience): Promise<UnreadCount[]> {
  return runKeptSelect(db, keyOf('unread', audience), () => unreadCountsQuery(db, audience));
}

/** The highest id among the audience's notifications that are not deleted. */
export async function findLatestId(db: Db, audience: Audience): Promise<number | null> {
  const [row] = await runKeptSelect(db, keyOf('latest', audience), () =>
    db
      .select({ id: sql<string | number | null>`max(${n.id})` })
      .from(n)
      .where(and(audienceCondition(audience), notDeleted)),
  );
  return row?.id === null || row?.id === undefined ? null : Number(row.id);
}
