import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from './client';
import { seedDemoOrganisation } from './seed/seed';
import {
  createTestDatabase,
  TEST_DATABASE_KINDS,
  type TestDatabase,
} from '../../test/test-database';

// The list queries of SPEC §7 must read an index in order, never sort a whole scope. Only
// PostgreSQL's planner is worth asking; PGlite runs the same plans but with a toy's statistics.
describe.runIf(TEST_DATABASE_KINDS.includes('postgres'))('query plans on postgres', () => {
  let database: TestDatabase;

  const plan = async (query: SQL) => {
    const rows = await queryRows<{ 'QUERY PLAN': string }>(database.db, sql`explain ${query}`);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  };

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await seedDemoOrganisation(database.db);
    await database.exec(`
      insert into bookings (gds_id, pnr_number, agency_id, branch_id, agent_id, pnr_created_at)
      select 'SIM', 'P' || a.id || 'X' || g, b.agency_id, a.branch_id, a.id, now() - (g || ' hours')::interval
      from agents a join branches b on b.id = a.branch_id, generate_series(1, 200) g;
      insert into notifications (booking_id, agency_id, branch_id, agent_id, type, "group",
        subtype, status, title, notification_time, payload, data, dedupe_key)
      select bk.id, bk.agency_id, bk.branch_id, bk.agent_id,
        (array['Reprice','TicketingDue','Reschedule','HoldsWaitlist','Churning'])[1 + g % 5],
        (array['REPRICE','TICKETING_DUE','RESCHEDULE','WAITLIST','ADM'])[1 + g % 5],
        (array['Pending','Complete','Failed'])[1 + g % 3],
        (array['NEW','READ','READY','DEL'])[1 + g % 4],
        'n', now() - (g || ' minutes')::interval, '{}'::jsonb, '{}'::jsonb, 'k' || g
      from bookings bk, generate_series(1, 40) g;
      analyze;
    `);
  });
  afterAll(() => database.close());

  const page = (scopeColumn: string, id: number) => sql`
    select id from notifications
    where ${sql.raw(scopeColumn)} = ${id} and "group" = 'REPRICE' and subtype = 'Pending'
      and status <> 'DEL'
    order by notification_time desc, id desc limit 10 offset 20`;

  it.each([
    ['agent_id', 'notifications_agent_list_idx'],
    ['branch_id', 'notifications_branch_list_idx'],
    ['agency_id', 'notifications_agency_list_idx'],
  ])('should page a %s-scoped notification list from %s without sorting', async (column, index) => {
    const text = await plan(page(column, 1));
    expect(text).toContain(index);
    expect(text).not.toMatch(/\bSort\b/);
  });

  it('should count unread notifications from the unread index', async () => {
    const text = await plan(sql`
      select subtype, "group", count(*) from notifications
      where agent_id = 1 and status in ('NEW', 'READY') group by subtype, "group"`);
    expect(text).toContain('notifications_unread_idx');
  });

  it("should page an agent's bookings newest first without sorting", async () => {
    const text = await plan(sql`
      select id from bookings where agent_id = 1
      order by pnr_created_at desc, id desc limit 20 offset 40`);
    expect(text).toContain('bookings_agent_created_idx');
    expect(text).not.toMatch(/\bSort\b/);
  });

  it('should find due bookings from the schedule index', async () => {
    const text = await plan(sql`
      select id from bookings
      where monitored and not is_cancelled and not is_departed and next_check_at <= now()
      order by next_check_at limit 100`);
    expect(text).toContain('bookings_next_check_idx');
  });
});
