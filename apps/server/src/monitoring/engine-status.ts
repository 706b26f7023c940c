import { EngineStatus } from '@smt/shared';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/db/client';
import { systemSettings } from '@/db/schema';
import type { GdsClient } from '@/gds/gds-client';
import { REAL_TIME_GDS_IDS } from './connection-owners.repository';

const ERRORS_KEY = 'engine_last_errors';
const KEEP_ERRORS = 10;

/**
 * How late a booking's next check may be and still count as up to date: a due booking waits
 * for the next sweep of the queue, which takes seconds when the engine keeps up.
 */
export const UP_TO_DATE_MARGIN_MS = 60_000;

// The shape is shared with the SPA's health page (its contract: calls/management-tool-calls.ts);
// the health route's tests import it from here.
export { EngineStatus };

type StoredError = { at: string; message: string };

/** Keeps the newest errors of any worker where the health page of any API process sees them. */
export async function recordEngineError(db: Db, error: unknown, at: Date): Promise<void> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.key, ERRORS_KEY));
  const kept = Array.isArray(row?.value) ? (row.value as StoredError[]) : [];
  const value = [{ at: at.toISOString(), message }, ...kept].slice(0, KEEP_ERRORS);
  await db
    .insert(systemSettings)
    .values({ key: ERRORS_KEY, value })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value, updatedAt: at } });
}

/**
 * What the health page shows of the engine, read from the database all workers share. "The
 * last minute" is the server's (`now`): what the engine did, counted from its own records of
 * checks and sends. A booking is up to date when the engine has looked at it and is not late
 * with it: its next check is not overdue by more than `UP_TO_DATE_MARGIN_MS`. The engine checks
 * each booking on a cadence (often near departure, rarely far from it), not every minute, so
 * 'checked in the last minute' read as a stuck engine (issue 38). `checkedWithinMinute` keeps
 * that stricter measure for a tester who has moved the simulator's clock and waits until the
 * engine has looked at every booking since. Both are measured against the simulator's clock
 * for its bookings, which a tester may move ahead of the server's; a real provider's bookings
 * live on real time (Duffel's are checked on their cadence and at once on a webhook).
 */
export async function engineStatus(db: Db, gds: GdsClient, now: Date): Promise<EngineStatus> {
  const gdsNow = await gds.now();
  const gdsMinuteAgo = new Date(gdsNow.getTime() - 60_000).toISOString();
  const minuteAgo = new Date(now.getTime() - 60_000).toISOString();
  const overdueSince = new Date(now.getTime() - UP_TO_DATE_MARGIN_MS).toISOString();
  const gdsOverdueSince = new Date(gdsNow.getTime() - UP_TO_DATE_MARGIN_MS).toISOString();
  const realTime = sql.join(
    REAL_TIME_GDS_IDS.map((id) => sql`${id}`),
    sql`, `,
  );
  const [counts] = await queryRows<{
    monitored: number;
    checked: number;
    up_to_date: number;
    checked_within_minute: number;
    pending: number;
    sending: number;
    sent: number;
    sent_last_minute: number;
    failed: number;
    dead: number;
  }>(
    db,
    sql`select
      (select count(*)::int from bookings
        where monitored and not is_cancelled and not is_flown) as monitored,
      (select count(*)::int from booking_checks where checked_at > ${minuteAgo}::timestamptz) as checked,
      (select count(*)::int from bookings
        where monitored and not is_cancelled and not is_flown
          and last_checked_at is not null
          and next_check_at > case when gds_id in (${realTime})
            then ${overdueSince}::timestamptz else ${gdsOverdueSince}::timestamptz end) as up_to_date,
      (select count(*)::int from bookings
        where monitored and not is_cancelled and not is_flown
          and last_checked_at > case when gds_id in (${realTime})
            then ${minuteAgo}::timestamptz else ${gdsMinuteAgo}::timestamptz end) as checked_within_minute,
      (select count(*)::int from deliveries where status = 'PENDING') as pending,
      (select count(*)::int from deliveries where status = 'SENDING') as sending,
      (select count(*)::int from deliveries where status = 'SENT') as sent,
      (select count(*)::int from deliveries where sent_at > ${minuteAgo}::timestamptz) as sent_last_minute,
      (select count(*)::int from deliveries where status = 'FAILED') as failed,
      (select count(*)::int from deliveries where status = 'DEAD') as dead`,
  );
  // The queue lives in pg-boss's schema, which exists once a worker has started.
  const [queue] = await queryRows<{ depth: number }>(
    db,
    sql`select case when to_regclass('pgboss.job') is null then 0 else
      (select count(*)::int from pgboss.job where name = 'check-bookings'
        and state in ('created', 'retry')) end as depth`,
  ).catch(() => [{ depth: 0 }]);
  const [errors] = await db.select().from(systemSettings).where(eq(systemSettings.key, ERRORS_KEY));
  return {
    bookingsMonitored: counts?.monitored ?? 0,
    checkedLastMinute: counts?.checked ?? 0,
    upToDate: counts?.up_to_date ?? 0,
    checkedWithinMinute: counts?.checked_within_minute ?? 0,
    queueDepth: queue?.depth ?? 0,
    lastErrors: Array.isArray(errors?.value) ? (errors.value as StoredError[]) : [],
    deliveries: {
      pending: counts?.pending ?? 0,
      sending: counts?.sending ?? 0,
      sent: counts?.sent ?? 0,
      sentLastMinute: counts?.sent_last_minute ?? 0,
      failed: counts?.failed ?? 0,
      dead: counts?.dead ?? 0,
    },
  };
}
