import {
  COUNTER_KEY_OF_GROUP,
  PANEL_GROUPS,
  type UnreadCountersResponse,
  type UnreadCounts,
} from '@smt/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '@/db/client';

// The unread counters counted straight from the notifications table, key by key: what
// notification-list.service.test.ts and notification-list.counters.routes.test.ts compare the
// answers with.

/** The unread notifications `where` selects. */
export async function countUnreadBySql(db: Db, where: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from notifications
        where status in ('NEW', 'READY') and (${where})`,
  );
  return row?.n ?? 0;
}

/** The counters of SPEC §3 of the notifications `where` selects. */
export async function unreadCountersBySql(db: Db, where: SQL): Promise<UnreadCountersResponse> {
  const bucket = async (subtypes: SQL): Promise<UnreadCounts> => {
    const all = await countUnreadBySql(db, sql`(${where}) and subtype in (${subtypes})`);
    const counts: UnreadCounts = {
      total: all,
      recent: all,
      reprice: 0,
      ADM: 0,
      ticketingDue: 0,
      reschedule: 0,
      waitlist: 0,
      SA: 0,
      alert: 0,
    };
    for (const group of PANEL_GROUPS) {
      counts[COUNTER_KEY_OF_GROUP[group]] = await countUnreadBySql(
        db,
        sql`(${where}) and subtype in (${subtypes}) and "group" = ${group}`,
      );
    }
    return counts;
  };
  const [latest] = await queryRows<{ id: string | number | null }>(
    db,
    sql`select max(id) as id from notifications where status <> 'DEL' and (${where})`,
  );
  return {
    pending: await bucket(sql`'Pending'`),
    complete: await bucket(sql`'Complete', 'Failed'`),
    latestId: latest?.id === null || latest?.id === undefined ? null : Number(latest.id),
  };
}
