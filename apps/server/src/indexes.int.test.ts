import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingTallyQuery } from '@/modules/home/home.repository';
import { pageIdsQuery, type Audience } from '@/modules/notifications/notification-list.query';
import { unreadCountsQuery } from '@/modules/notifications/notification-list.repository';
import { queryRows } from '@/db/client';
import type { Scope } from '@/db/scope';
import { seedDemoOrganisation } from '@/db/seed/seed';
import { createTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../test/test-database';

// The list queries of SPEC §7 must read an index in order, never sort a whole scope. Only
// PostgreSQL's planner is worth asking; PGlite runs the same plans but with a toy's statistics.
describe.runIf(TEST_DATABASE_KINDS.includes('postgres'))('query plans on postgres', () => {
  let database: TestDatabase;
  let small: { agencyId: number; branchId: number; agentId: number };

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
      -- Many small agencies, so one agency or branch is a small part of the table as in life.
      insert into agencies (name) select 'Extra ' || g from generate_series(1, 40) g;
      insert into branches (agency_id, pcc, name)
      select id, 'X' || id, 'Extra' from agencies where name like 'Extra %';
      insert into agents (branch_id, name, initials)
      select b.id, 'Extra agent', i from branches b, unnest(array['XA', 'XB']) i
      where b.pcc like 'X%';
      insert into bookings (gds_id, pnr_number, agency_id, branch_id, agent_id, pnr_created_at)
      select 'SIM', 'Q' || a.id || 'X' || g, b.agency_id, a.branch_id, a.id, now()
      from agents a join branches b on b.id = a.branch_id, generate_series(1, 20) g
      where b.pcc like 'X%';
      insert into notifications (booking_id, agency_id, branch_id, agent_id, type, "group",
        subtype, status, title, notification_time, payload, data, dedupe_key)
      select bk.id, bk.agency_id, bk.branch_id, bk.agent_id, 'Reprice',
        (array['REPRICE','TICKETING_DUE','RESCHEDULE','WAITLIST','ADM'])[1 + g % 5],
        (array['Pending','Complete','Failed'])[1 + g % 3],
        (array['NEW','READ','READY','DEL'])[1 + g % 4],
        'n', now() - (g || ' minutes')::interval, '{}'::jsonb, '{}'::jsonb, 'k' || g
      from bookings bk, generate_series(1, 10) g where bk.pnr_number like 'Q%';
      analyze;
    `);
    const [extra] = await queryRows<{ agency_id: number; branch_id: number; agent_id: number }>(
      database.db,
      sql`select b.agency_id, b.id as branch_id, a.id as agent_id
          from agents a join branches b on b.id = a.branch_id
          where b.pcc like 'X%' order by a.id limit 1`,
    );
    if (!extra) throw new Error('no extra organisation');
    small = { agencyId: extra.agency_id, branchId: extra.branch_id, agentId: extra.agent_id };
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

  // The queries the notification lists, CSV, counters and home really send. A Merge Append
  // names its 'Sort Key'; a sort of its own is a 'Sort' (or 'Incremental Sort') node.
  const SORT_NODE = /\bSort\s+\(/;
  const audienceOf = (scope: Scope, narrow: Partial<Audience> = {}): Audience => ({
    scope,
    agencyIds: [],
    branchIds: [],
    agentIds: [],
    ...narrow,
  });
  const agentScope = (): Scope => ({ kind: 'agent', agentId: 1, branchId: 1, agencyId: 1 });
  const window = { offset: 20, limit: 11 };

  it.each([
    ['an agent', agentScope, 'notifications_agent_list_idx', 'notifications_agent_recent_idx'],
    [
      'a branch',
      (): Scope => ({ kind: 'branch', branchId: 1, agencyId: 1 }),
      'notifications_branch_list_idx',
      'notifications_branch_recent_idx',
    ],
    [
      'an agency',
      (): Scope => ({ kind: 'agency', agencyId: 1 }),
      'notifications_agency_list_idx',
      'notifications_agency_recent_idx',
    ],
    [
      'a super user',
      (): Scope => ({ kind: 'superUser' }),
      'notifications_group_list_idx',
      'notifications_recent_idx',
    ],
  ])(
    "should page %s's group and RECENT lists from their indexes without sorting",
    async (_who, scope, groupIndex, recentIndex) => {
      const group = await plan(
        pageIdsQuery(audienceOf(scope()), { group: 'REPRICE', subtypes: ['Pending'] }, window),
      );
      expect(group).toContain(groupIndex);
      expect(group).not.toMatch(SORT_NODE);
      const recent = await plan(
        pageIdsQuery(audienceOf(scope()), { group: 'RECENT', subtypes: ['Pending'] }, window),
      );
      expect(recent).toContain(recentIndex);
      expect(recent).not.toMatch(SORT_NODE);
    },
  );

  it.each([
    ['an agent', agentScope, 'notifications_agent_list_idx', 'notifications_agent_deadline_idx'],
    [
      'a branch',
      (): Scope => ({ kind: 'branch', branchId: 1, agencyId: 1 }),
      'notifications_branch_list_idx',
      'notifications_branch_deadline_idx',
    ],
    [
      'an agency',
      (): Scope => ({ kind: 'agency', agencyId: 1 }),
      'notifications_agency_list_idx',
      'notifications_agency_deadline_idx',
    ],
    [
      'a super user',
      (): Scope => ({ kind: 'superUser' }),
      'notifications_group_list_idx',
      'notifications_group_deadline_idx',
    ],
  ])(
    "should page %s's group list oldest first and by deadline from indexes without sorting",
    async (_who, scope, listIndex, deadlineIndex) => {
      const criteria = { group: 'REPRICE', subtypes: ['Complete', 'Failed'] } as const;
      const oldest = await plan(
        pageIdsQuery(
          audienceOf(scope()),
          { ...criteria, subtypes: [...criteria.subtypes], sort: 'oldest' },
          window,
        ),
      );
      expect(oldest).toContain(listIndex);
      expect(oldest).not.toMatch(SORT_NODE);
      const deadline = await plan(
        pageIdsQuery(
          audienceOf(scope()),
          { ...criteria, subtypes: [...criteria.subtypes], sort: 'deadline' },
          window,
        ),
      );
      expect(deadline).toContain(deadlineIndex);
      expect(deadline).not.toMatch(SORT_NODE);
    },
  );

  it('should merge several subtypes and agents from their indexes without sorting', async () => {
    const completed = await plan(
      pageIdsQuery(
        audienceOf(agentScope()),
        { group: 'REPRICE', subtypes: ['Complete', 'Failed'] },
        window,
      ),
    );
    expect(completed).toContain('Merge Append');
    expect(completed).toContain('notifications_agent_list_idx');
    expect(completed).not.toMatch(SORT_NODE);
    const agents = await plan(
      pageIdsQuery(
        audienceOf({ kind: 'agency', agencyId: 1 }, { agentIds: [1, 2] }),
        { group: 'RECENT', subtypes: ['Pending', 'Complete', 'Failed'] },
        window,
      ),
    );
    expect(agents).toContain('Merge Append');
    expect(agents).toContain('notifications_agent_recent_idx');
    expect(agents).not.toMatch(SORT_NODE);
  });

  it('should read a CSV page after its cursor from the index without sorting', async () => {
    const text = await plan(
      pageIdsQuery(
        audienceOf({ kind: 'branch', branchId: 1, agencyId: 1 }),
        { group: 'RECENT', subtypes: ['Pending', 'Complete'] },
        { offset: 0, limit: 500, after: { time: new Date().toISOString(), id: 1_000_000 } },
      ),
    );
    expect(text).toContain('notifications_branch_recent_idx');
    expect(text).toMatch(/Index Cond: .*notification_time <=/);
    expect(text).not.toMatch(SORT_NODE);
  });

  const planOfBuilder = async (query: { toSQL: () => { sql: string; params: unknown[] } }) => {
    if (database.kind !== 'postgres') throw new Error('plans are asked of PostgreSQL');
    const { sql: text, params } = query.toSQL();
    const result = await database.pool.query<{ 'QUERY PLAN': string }>(`explain ${text}`, params);
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  };

  it('should count unread notifications of a branch or an agency from their indexes', async () => {
    const branch = await planOfBuilder(
      unreadCountsQuery(
        database.db,
        audienceOf({ kind: 'branch', branchId: small.branchId, agencyId: small.agencyId }),
      ),
    );
    expect(branch).toContain('notifications_branch_unread_idx');
    const agency = await planOfBuilder(
      unreadCountsQuery(database.db, audienceOf({ kind: 'agency', agencyId: small.agencyId })),
    );
    expect(agency).toContain('notifications_agency_unread_idx');
    const agent = await planOfBuilder(
      unreadCountsQuery(
        database.db,
        audienceOf({ kind: 'agency', agencyId: small.agencyId }, { agentIds: [small.agentId] }),
      ),
    );
    expect(agent).toContain('notifications_unread_idx');
  });

  // Kept queries run as named prepared statements (db/kept-queries.ts), which PostgreSQL may
  // come to run with a generic plan, made without the values: that plan must read the same
  // indexes in order.
  const genericPlan = async (query: SQL) => {
    if (database.kind !== 'postgres') throw new Error('plans are asked of PostgreSQL');
    const { sql: text, params } = new PgDialect().sqlToQuery(query);
    const client = await database.pool.connect();
    try {
      await client.query('set plan_cache_mode = force_generic_plan');
      await client.query(`prepare generic_check as ${text}`);
      const values = params.map((value) => client.escapeLiteral(String(value))).join(', ');
      const result = await client.query<{ 'QUERY PLAN': string }>(
        `explain execute generic_check(${values})`,
      );
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    } finally {
      await client.query('deallocate all; reset plan_cache_mode');
      client.release();
    }
  };

  it.each([
    ['an agent', agentScope, 'notifications_agent_list_idx', 'notifications_agent_recent_idx'],
    [
      'an agency',
      (): Scope => ({ kind: 'agency', agencyId: 1 }),
      'notifications_agency_list_idx',
      'notifications_agency_recent_idx',
    ],
  ])(
    "should page %s's lists from their indexes without sorting when planned generically",
    async (_who, scope, groupIndex, recentIndex) => {
      const group = await genericPlan(
        pageIdsQuery(
          audienceOf(scope()),
          { group: 'REPRICE', subtypes: ['Complete', 'Failed'] },
          window,
        ),
      );
      expect(group).toContain(groupIndex);
      expect(group).not.toMatch(SORT_NODE);
      const recent = await genericPlan(
        pageIdsQuery(audienceOf(scope()), { group: 'RECENT', subtypes: ['Pending'] }, window),
      );
      expect(recent).toContain(recentIndex);
      expect(recent).not.toMatch(SORT_NODE);
    },
  );

  it('should count unread notifications from their indexes when planned generically', async () => {
    const agent = await genericPlan(
      unreadCountsQuery(database.db, audienceOf(agentScope())).getSQL(),
    );
    expect(agent).toContain('notifications_unread_idx');
    const agency = await genericPlan(
      unreadCountsQuery(
        database.db,
        audienceOf({ kind: 'agency', agencyId: small.agencyId }),
      ).getSQL(),
    );
    expect(agency).toContain('notifications_agency_unread_idx');
  });

  it("should tally an agency's pending work for home from the tallies' index", async () => {
    const text = await planOfBuilder(
      pendingTallyQuery(database.db, audienceOf({ kind: 'agency', agencyId: small.agencyId })),
    );
    expect(text).toContain('notification_tallies_period_idx');
    expect(text).not.toContain('on notifications');
  });

  it("should page an agent's bookings newest first without sorting", async () => {
    const text = await plan(sql`
      select id from bookings where agent_id = 1
      order by pnr_created_at desc, id desc limit 20 offset 40`);
    expect(text).toContain('bookings_agent_created_idx');
    expect(text).not.toMatch(SORT_NODE);
  });

  it('should find due bookings from the schedule index', async () => {
    const text = await plan(sql`
      select id from bookings
      where monitored and not is_cancelled and not is_flown and next_check_at <= now()
      order by next_check_at limit 100`);
    expect(text).toContain('bookings_next_check_idx');
  });
});
