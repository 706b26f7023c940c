import {
  type Alert,
  COUNTER_KEY_OF_GROUP,
  DAY_MS,
  type ListGroup,
  type NotificationListItem,
  type NotificationListResponse,
  type NotificationSort,
  NotificationSubtype,
  PANEL_GROUPS,
  type PanelGroup,
  UNREAD_COUNTER_KEYS,
  type UnreadCountersResponse,
  type UnreadCounts,
} from '@smt/shared';
import type { Db } from '@/db/client';
import type { Clock } from '@/lib/clock';
import { creditsAvailableOn } from '@/modules/credits';
import { audienceOf, type AudienceFilter, type Caller } from './notification-list.audience';
import type { Audience, ListCriteria, ListCursor } from './notification-list.query';
import {
  countUnread,
  findLatestId,
  findListRows,
  findPageIds,
  type ListRow,
} from './notification-list.repository';
import { headerOf } from './notification-header';

export type ListFilter = AudienceFilter & {
  group: ListGroup;
  subtype: NotificationSubtype[];
  dateFrom?: string;
  dateTo?: string;
  pnr_key?: string;
  sort?: NotificationSort;
};

/** The UTC midnight of a day the shared schema has checked (real, in the window, in order). */
const midnightOf = (day: string) => new Date(`${day}T00:00:00.000Z`);

export function criteriaOf(filter: ListFilter): ListCriteria {
  const from = filter.dateFrom === undefined ? undefined : midnightOf(filter.dateFrom);
  const to = filter.dateTo === undefined ? undefined : midnightOf(filter.dateTo);
  return {
    group: filter.group,
    subtypes: [...new Set(filter.subtype)],
    from,
    // dateTo is inclusive: the whole of that UTC day.
    until: to && new Date(to.getTime() + DAY_MS),
    pnrKey: filter.pnr_key,
    sort: filter.sort,
  };
}

const alertsOf = (value: unknown): Alert[] =>
  Array.isArray(value)
    ? value.flatMap((alert: unknown) =>
        alert && typeof (alert as Alert).text === 'string' ? [{ text: (alert as Alert).text }] : [],
      )
    : [];

export function toListItem(row: ListRow): NotificationListItem {
  return {
    ...headerOf(row),
    status: row.status,
    contact_name: row.contactName,
    pnr_summary: row.pnrSummary,
    pnr: row.pnr,
    alerts: alertsOf(row.alerts),
    agent_name: row.agentName,
    deadline: row.deadlineAt?.toISOString() ?? null,
  };
}

const EXPORT_PAGE_SIZE = 500;

/** Every row of a list in list order, read a page at a time so memory stays flat. */
export async function* allListRows(
  db: Db,
  audience: Audience | null,
  criteria: ListCriteria,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<ListRow> {
  if (!audience) return;
  let after: ListCursor | undefined;
  for (;;) {
    const page = await findPageIds(db, audience, criteria, {
      offset: 0,
      limit: pageSize,
      after,
    });
    yield* await findListRows(
      db,
      audience,
      page.map((entry) => entry.id),
    );
    const last = page.at(-1);
    if (!last || page.length < pageSize) return;
    after = last.cursor;
  }
}

const zeroCounts = (): UnreadCounts =>
  Object.fromEntries(UNREAD_COUNTER_KEYS.map((key) => [key, 0])) as UnreadCounts;

const isPanelGroup = (group: string): group is PanelGroup =>
  (PANEL_GROUPS as readonly string[]).includes(group);

/** The notification lists of SPEC §7.1 and their unread counters, of the caller's audience. */
export function createNotificationList(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  return {
    /**
     * One page of a list; `hasMore` comes from reading one row past the chunk. Each card says
     * when its passengers hold an open credit with its airlines, read for the whole page at once.
     */
    async list(
      caller: Caller,
      request: ListFilter & { offset: number; chunk: number },
    ): Promise<NotificationListResponse> {
      const now = clock.now();
      const criteria = criteriaOf(request);
      const audience = await audienceOf(db, caller, request);
      if (!audience) return { notifications: [], hasMore: false };
      const page = await findPageIds(db, audience, criteria, {
        offset: request.offset,
        limit: request.chunk + 1,
      });
      const ids = page.slice(0, request.chunk).map((entry) => entry.id);
      const rows = await findListRows(db, audience, ids);
      const credits = await creditsAvailableOn(
        db,
        rows.map((row) => row.bookingId),
        now,
      );
      const notifications = rows.map((row) => {
        const available = credits.get(row.bookingId);
        return available ? { ...toListItem(row), credit_available: available } : toListItem(row);
      });
      return { notifications, hasMore: page.length > request.chunk };
    },

    /**
     * Every row of a list, for its CSV file. The audience is settled before anything is sent,
     * so ids outside the scope are refused with an answer rather than a broken file.
     */
    async allRows(caller: Caller, filter: ListFilter): Promise<AsyncGenerator<ListRow>> {
      const criteria = criteriaOf(filter);
      const audience = await audienceOf(db, caller, filter);
      return allListRows(db, audience, criteria);
    },

    /** Unread notifications per bucket (pending; complete and failed) and key. */
    async unreadCounters(caller: Caller, filter: AudienceFilter): Promise<UnreadCountersResponse> {
      const audience = await audienceOf(db, caller, filter);
      const answer = { pending: zeroCounts(), complete: zeroCounts(), latestId: null };
      if (!audience) return answer;
      const [counts, latestId] = await Promise.all([
        countUnread(db, audience),
        findLatestId(db, audience),
      ]);
      for (const { subtype, group, count } of counts) {
        const bucket =
          subtype === NotificationSubtype.enum.Pending ? answer.pending : answer.complete;
        bucket.total += count;
        bucket.recent += count;
        if (isPanelGroup(group)) bucket[COUNTER_KEY_OF_GROUP[group]] += count;
      }
      return { ...answer, latestId };
    },
  };
}
