import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { notifications } from '@/db/schema';
import {
  audienceCondition,
  isUnread,
  notDeleted,
  type Audience,
} from '@/modules/notifications/notification-list.query';

const n = notifications;

export type PendingTally = {
  group: string;
  currency: string | null;
  unread: number;
  pending: number;
  saving: number;
};

export const pendingTallyQuery = (db: Db, audience: Audience) =>
  db
    .select({
      group: n.group,
      currency: n.currency,
      unread: sql<number>`(count(*) filter (where ${isUnread}))::int`,
      pending: sql<number>`count(*)::int`,
      saving: sql<number>`coalesce(sum(${n.potentialSaving}), 0)::float8`,
    })
    .from(n)
    .where(and(audienceCondition(audience), notDeleted, eq(n.subtype, 'Pending')))
    .groupBy(n.group, n.currency);

/** The audience's pending notifications counted per group and currency, with their saving. */
export async function tallyPending(db: Db, audience: Audience): Promise<PendingTally[]> {
  return pendingTallyQuery(db, audience);
}
