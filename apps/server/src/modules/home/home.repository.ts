import type { MoneyKind } from '@smt/shared';
import { and, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { notificationTallies } from '@/db/schema';
import { inScope } from '@/db/scope';
import type { Audience } from '@/modules/notifications/notification-list.query';

const t = notificationTallies;

export type PendingTally = {
  group: string;
  currency: string | null;
  /** Cash or airline credit, for reprices; null for the other groups. */
  kind: MoneyKind | null;
  unread: number;
  pending: number;
  saving: number;
};

/**
 * The audience's pending notifications, from the month tallies of the `pending` kind
 * (docs/decisions/016): per agency when the audience is whole agencies, else per agent.
 */
function pendingRows(audience: Audience) {
  const { scope, agencyIds, branchIds, agentIds } = audience;
  const wholeAgencies =
    (scope.kind === 'superUser' || scope.kind === 'agency') &&
    branchIds.length === 0 &&
    agentIds.length === 0;
  return and(
    sql`${t.kind} = 'pending' and ${t.grain} = 'M'`,
    sql`${t.level} = ${wholeAgencies ? 'agency' : 'agent'}`,
    wholeAgencies
      ? inScope(scope, { agency: t.agencyId })
      : inScope(scope, { agency: t.agencyId, branch: t.branchId, agent: t.agentId }),
    agencyIds.length > 0 ? inArray(t.agencyId, agencyIds) : undefined,
    branchIds.length > 0 ? inArray(t.branchId, branchIds) : undefined,
    agentIds.length > 0 ? inArray(t.agentId, agentIds) : undefined,
  );
}

export const pendingTallyQuery = (db: Db, audience: Audience) =>
  db
    .select({
      group: t.group,
      currency: sql<string | null>`nullif(${t.currency}, '')`,
      kind: sql<MoneyKind | null>`nullif(${t.savingKind}, '')`,
      unread: sql<number>`coalesce(sum(${t.unread}), 0)::int`,
      pending: sql<number>`coalesce(sum(${t.notifications}), 0)::int`,
      saving: sql<number>`coalesce(sum(${t.potentialCents}::float8), 0) / 100`,
    })
    .from(t)
    .where(pendingRows(audience))
    .groupBy(t.group, t.currency, t.savingKind)
    .having(sql`sum(${t.notifications}) <> 0`);

/** The audience's pending notifications per group, currency and kind, with their saving. */
export async function tallyPending(db: Db, audience: Audience): Promise<PendingTally[]> {
  return pendingTallyQuery(db, audience);
}
