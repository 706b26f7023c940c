import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';

/**
 * Folds the rows of differences the triggers added into one row per key and period, so a
 * figure over months reads a few rows per agent (docs/decisions/016). Sums are unchanged, so
 * a figure read at any moment, before or after, is the same. A difference written while this
 * runs is not visible to it and is left for the next time.
 */
export async function foldTallies(db: Db): Promise<void> {
  await foldNotificationTallies(db);
  await foldBookingTallies(db);
}

async function foldBookingTallies(db: Db): Promise<void> {
  await db.execute(sql`
    with days as (
      select distinct departure_day from booking_tallies where not compacted
    ),
    gone as (
      delete from booking_tallies t using days d
      where t.departure_day is not distinct from d.departure_day
      returning t.*
    )
    insert into booking_tallies (departure_day, agency_id, branch_id, agent_id, priced,
      unpriced, compacted)
    select departure_day, agency_id, branch_id, agent_id, sum(priced)::int, sum(unpriced)::int,
      true
    from gone
    group by departure_day, agency_id, branch_id, agent_id
    having sum(priced) <> 0 or sum(unpriced) <> 0
    order by departure_day`);
}

async function foldNotificationTallies(db: Db): Promise<void> {
  await db.execute(sql`
    with periods as (
      select distinct kind, level, grain, period from notification_tallies where not compacted
    ),
    gone as (
      delete from notification_tallies t using periods p
      where t.kind = p.kind and t.level = p.level and t.grain = p.grain and t.period = p.period
      returning t.*
    )
    insert into notification_tallies (kind, level, grain, period, agency_id, branch_id, agent_id,
      type, "group", currency, saving_kind, key, notifications, completed, unread, executed,
      potential_cents, actual_cents, compacted)
    select kind, level, grain, period, agency_id, branch_id, agent_id, type, "group", currency,
      saving_kind, key, sum(notifications)::int, sum(completed)::int, sum(unread)::int,
      sum(executed)::int, sum(potential_cents)::bigint, sum(actual_cents)::bigint, true
    from gone
    group by kind, level, grain, period, agency_id, branch_id, agent_id, type, "group", currency,
      saving_kind, key
    having sum(notifications) <> 0 or sum(completed) <> 0 or sum(unread) <> 0
      or sum(executed) <> 0 or sum(potential_cents) <> 0 or sum(actual_cents) <> 0
    -- A period's rows side by side on disk, as a figure reads them.
    order by kind, level, grain, period`);
}
