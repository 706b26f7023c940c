import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';

// What the monitoring engine did while the soak ran, read from the database.

export type EngineWork = {
  lastCheckId: number;
  checks: number;
  checked: number;
  gone: number;
  failed: number;
  notificationsRaised: number;
  deliveriesSent: number;
};

export async function lastCheckId(database: Database): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    database.db,
    sql`select coalesce(max(id), 0)::bigint::float8 as id from booking_checks`,
  );
  return row?.id ?? 0;
}

/** What the engine did since `since`: checks are counted by their ids, since old ones are pruned. */
export async function engineWorkSince(
  database: Database,
  since: Date,
  fromId: number,
): Promise<EngineWork> {
  const [row] = await queryRows<Omit<EngineWork, 'checks'>>(
    database.db,
    sql`select (select coalesce(max(id), 0) from booking_checks)::float8 as "lastCheckId",
      (select count(*) from booking_checks where id > ${fromId} and result = 'checked')::int as checked,
      (select count(*) from booking_checks where id > ${fromId} and result = 'gone')::int as gone,
      (select count(*) from booking_checks where id > ${fromId} and result = 'failed')::int as failed,
      (select count(*) from notifications where created_at >= ${since})::int as "notificationsRaised",
      (select count(*) from deliveries where sent_at >= ${since})::int as "deliveriesSent"`,
  );
  if (!row) throw new Error('no engine figures');
  return { ...row, checks: row.lastCheckId - fromId };
}
