import {
  NOTIFICATION_CALLS,
  NotificationListResponse,
  PANEL_GROUPS,
  type NotificationListRequest,
} from '@smt/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import {
  createNotificationsWorld,
  type NotificationsWorld,
} from '../../../test/notifications-world';
import { DEMO } from '../../../test/sign-in';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';
import type { ListCriteria } from './notification-list.query';
import { findPageIds } from './notification-list.repository';
import {
  callAs,
  DEMO_ROLES,
  demoIds,
  expectError,
  listIdsBySql,
  ownAgentOf,
  scopeSql,
  type Caller,
  type DemoIds,
} from './notification-list.test-helpers';

const EVERY_SUBTYPE = ['Pending', 'Complete', 'Failed'];

describe.each(TEST_DATABASE_KINDS)('the notification list on %s', (kind) => {
  let world: NotificationsWorld;
  let ids: DemoIds;

  const list = (who: Caller, payload: NotificationListRequest) =>
    callAs(world, who, { method: 'POST', url: `/api/${NOTIFICATION_CALLS.list}`, payload });
  const listOk = async (who: Caller, payload: NotificationListRequest) => {
    const res = await list(who, payload);
    expect(res.statusCode, res.body).toBe(200);
    return NotificationListResponse.parse(res.json());
  };
  const idsOf = (body: NotificationListResponse) =>
    body.notifications.map((item) => item.notification_id);
  const everything = { group: 'RECENT', subtype: EVERY_SUBTYPE, chunk: 9999 } as const;

  beforeAll(async () => {
    world = await createNotificationsWorld(kind);
    ids = await demoIds(world.database.db);
  });
  afterAll(() => world.close());

  it.each(DEMO_ROLES)('should show %s exactly their scope when fetching all', async (role) => {
    const body = await listOk(role, { ...everything, fetchType: 'all' });
    const expected = await listIdsBySql(world.database.db, scopeSql(ids, role));
    expect(idsOf(body)).toEqual(expected);
    expect(body.hasMore).toBe(false);
    if (role !== 'operator') expect(expected.length).toBeGreaterThan(0);
  });

  it.each(DEMO_ROLES)(
    'should show %s only their own agent identity when fetching personal',
    async (role) => {
      const body = await listOk(role, { ...everything, fetchType: 'personal' });
      const own = ownAgentOf(ids, role);
      const expected =
        own === null ? [] : await listIdsBySql(world.database.db, sql`agent_id = ${own}`);
      expect(idsOf(body)).toEqual(expected);
    },
  );

  it("should never show agent2 the agent's notifications whatever the filter", async () => {
    const mine = await listOk('agent2', { ...everything, fetchType: 'all' });
    const agents = await queryRows<{ agent_id: number }>(
      world.database.db,
      sql`select distinct agent_id from notifications
          where id in (${sql.join(
            idsOf(mine).map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    expect(agents.map((row) => row.agent_id)).toEqual([ids.agent.BA]);
    expectError(
      await list('agent2', { ...everything, fetchType: 'personal', agentIds: [ids.agent.AA] }),
      403,
      'FORBIDDEN',
    );
  });

  it('should refuse with 403 when any named id lies outside the scope', async () => {
    const cases: [Caller, Partial<NotificationListRequest>][] = [
      ['manager', { fetchType: 'all', agencyIds: [ids.agency.globeTours] }],
      ['manager', { fetchType: 'all', agencyIds: [ids.agency.demoTravel, ids.agency.globeTours] }],
      ['globeManager', { fetchType: 'all', branchIds: [ids.branch.TLV1] }],
      ['branchManager', { fetchType: 'all', branchIds: [ids.branch.TLV1] }],
      ['branchManager', { fetchType: 'all', agentIds: [ids.agent.AA] }],
      ['agent', { fetchType: 'all', agentIds: [ids.agent.BA] }],
      ['agent', { fetchType: 'personal', agentIds: [ids.agent.GA] }],
      ['globeAgent', { fetchType: 'all', agencyIds: [ids.agency.demoTravel] }],
      ['operator', { fetchType: 'all', agencyIds: [ids.agency.demoTravel] }],
      ['superUser', { fetchType: 'all', agentIds: [999_999] }],
      ['superUser', { fetchType: 'all', branchIds: [99_999_999_999] }],
    ];
    for (const [who, filter] of cases) {
      expectError(await list(who, { ...everything, ...filter }), 403, 'FORBIDDEN');
    }
  });

  it('should narrow the scope to the named agencies, branches and agents', async () => {
    const db = world.database.db;
    const tlv = await listOk('manager', {
      ...everything,
      fetchType: 'all',
      branchIds: [ids.branch.TLV1],
    });
    expect(idsOf(tlv)).toEqual(await listIdsBySql(db, sql`branch_id = ${ids.branch.TLV1}`));
    const two = await listOk('superUser', {
      ...everything,
      fetchType: 'all',
      agentIds: [ids.agent.AA, ids.agent.GA],
    });
    expect(idsOf(two)).toEqual(
      await listIdsBySql(db, sql`agent_id in (${ids.agent.AA}, ${ids.agent.GA})`),
    );
    const globe = await listOk('superUser', {
      ...everything,
      fetchType: 'all',
      agencyIds: [ids.agency.globeTours],
    });
    expect(idsOf(globe)).toEqual(await listIdsBySql(db, sql`agency_id = ${ids.agency.globeTours}`));
  });

  it('should read a form-encoded body with repeated and comma-separated lists', async () => {
    const form = new URLSearchParams([
      ['fetchType', 'all'],
      ['group', 'RECENT'],
      ['subtype', 'Pending'],
      ['subtype', 'Complete'],
      ['subtype', 'Failed'],
      ['agentIds', `${ids.agent.AA},${ids.agent.BA}`],
      ['chunk', '9999'],
    ]);
    const res = await world.app.inject({
      method: 'POST',
      url: `/api/${NOTIFICATION_CALLS.list}`,
      headers: {
        ...(await world.headersOf(DEMO.manager)),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: form.toString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(idsOf(NotificationListResponse.parse(res.json()))).toEqual(
      await listIdsBySql(world.database.db, sql`agent_id in (${ids.agent.AA}, ${ids.agent.BA})`),
    );
  });

  it("should let an agent with multi-agent access filter their branch's agents", async () => {
    const db = world.database.db;
    await world.database.exec(
      `update users set multi_agent_access = true where email = 'agent@demo.test'`,
    );
    // Written past the app, as by another process: this one would hear it by NOTIFY while it
    // listens, and an app under inject does not (decision 046).
    world.app.sessions.cache.clear();
    try {
      const body = await listOk('agent', {
        ...everything,
        fetchType: 'personal',
        agentIds: [ids.agent.BA, ids.agent.MM],
      });
      expect(idsOf(body)).toEqual(
        await listIdsBySql(db, sql`agent_id in (${ids.agent.BA}, ${ids.agent.MM})`),
      );
      expectError(
        await list('agent', { ...everything, fetchType: 'personal', agentIds: [ids.agent.BB] }),
        403,
        'FORBIDDEN',
      );
    } finally {
      await world.database.exec(
        `update users set multi_agent_access = false where email = 'agent@demo.test'`,
      );
      world.app.sessions.cache.clear();
    }
  });

  it('should answer 401 when signed out', async () => {
    expectError(await list(null, everything), 401, 'UNAUTHORIZED');
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['an unknown group', { group: 'FOO' }, 'group'],
    ['a negative offset', { offset: -1 }, 'offset'],
    ['chunk 0', { chunk: 0 }, 'chunk'],
    ['chunk 10000', { chunk: 10_000 }, 'chunk'],
    ['a malformed date', { dateFrom: '22/11/2026' }, 'dateFrom'],
    ['a date that does not exist', { dateTo: '2026-02-30' }, 'dateTo'],
    ['dates the wrong way round', { dateFrom: '2026-03-02', dateTo: '2026-03-01' }, 'dateTo'],
    ['a non-numeric agent id', { agentIds: 'abc' }, 'agentIds.0'],
    ['an unknown subtype', { subtype: 'Done' }, 'subtype.0'],
    ['a bad fetch type', { fetchType: 'mine' }, 'fetchType'],
  ])('should answer 400 with field errors for %s', async (_name, payload, field) => {
    const res = await list('manager', payload);
    const body = expectError(res, 400, 'BAD_REQUEST');
    expect(Object.keys(body.fieldErrors ?? {})).toContain(field);
  });

  it('should never answer 500 whatever the body holds', async () => {
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.oneof(fc.string(), fc.integer())),
      fc.constantFrom('RECENT', 'REPRICE', 'Pending', '2026-01-01', '0', '-1', '99999999999'),
    );
    const body = fc.dictionary(
      fc.constantFrom(
        'fetchType',
        'group',
        'subtype',
        'agencyIds',
        'branchIds',
        'agentIds',
        'dateFrom',
        'dateTo',
        'pnr_key',
        'offset',
        'chunk',
      ),
      value,
    );
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const res = await list('manager', payload);
        expect([200, 400, 403]).toContain(res.statusCode);
        if (res.statusCode === 400) expect(res.json()).toHaveProperty('fieldErrors');
      }),
      { numRuns: 60 },
    );
  });

  it('should page through a group in chunks of 10 without overlap or gap', async () => {
    const db = world.database.db;
    const [largest] = await queryRows<{ group: (typeof PANEL_GROUPS)[number] }>(
      db,
      sql`select "group" from notifications where agency_id = ${ids.agency.demoTravel}
          and status <> 'DEL' group by "group" order by count(*) desc, "group" limit 1`,
    );
    for (const group of ['RECENT', largest?.group ?? 'REPRICE'] as const) {
      const where =
        group === 'RECENT'
          ? sql`agency_id = ${ids.agency.demoTravel}`
          : sql`agency_id = ${ids.agency.demoTravel} and "group" = ${group}`;
      const expected = await listIdsBySql(db, where);
      expect(expected.length).toBeGreaterThan(10);
      const seen: number[] = [];
      for (let offset = 0; ; offset += 10) {
        const page = await listOk('manager', {
          fetchType: 'all',
          group,
          subtype: EVERY_SUBTYPE,
          offset,
          chunk: 10,
        });
        seen.push(...idsOf(page));
        expect(page.hasMore).toBe(offset + 10 < expected.length);
        if (!page.hasMore) break;
      }
      expect(seen).toEqual(expected);
      const last = await listOk('manager', {
        fetchType: 'all',
        group,
        subtype: EVERY_SUBTYPE,
        offset: expected.length - 10,
        chunk: 10,
      });
      expect(last.hasMore).toBe(false);
      expect(idsOf(last)).toEqual(expected.slice(-10));
      const oneBefore = await listOk('manager', {
        fetchType: 'all',
        group,
        subtype: EVERY_SUBTYPE,
        offset: expected.length - 11,
        chunk: 10,
      });
      expect(oneBefore.hasMore).toBe(true);
    }
  });

  it('should list each group and subtype of the caller as SQL does', async () => {
    const db = world.database.db;
    for (const group of PANEL_GROUPS) {
      for (const subtype of [['Pending'], ['Complete', 'Failed']]) {
        const body = await listOk('agent', { group, subtype, chunk: 9999 });
        const expected = await listIdsBySql(
          db,
          sql`agent_id = ${ids.agent.AA} and "group" = ${group}
              and subtype in (${sql.join(
                subtype.map((s) => sql`${s}`),
                sql`, `,
              )})`,
        );
        expect(idsOf(body)).toEqual(expected);
      }
    }
  });

  it('should give each item the fields of its notification and booking', async () => {
    const body = await listOk('agent', { group: 'RECENT', chunk: 5 });
    const first = body.notifications[0];
    expect(first).toBeDefined();
    const [row] = await queryRows<{
      type: string;
      subtype: string;
      group: string;
      status: string;
      title: string;
      title_message: string;
      contact_name: string | null;
      pnr_summary: string | null;
      pnr_number: string;
      alerts: unknown;
      notification_time: Date;
    }>(
      world.database.db,
      sql`select n.*, b.pnr_number, n.payload -> 'alerts' as alerts from notifications n
          join bookings b on b.id = n.booking_id where n.id = ${first?.notification_id}`,
    );
    expect(first).toMatchObject({
      type: row?.type,
      subtype: row?.subtype,
      group: row?.group,
      status: row?.status,
      title: row?.title,
      title_message: row?.title_message,
      contact_name: row?.contact_name,
      pnr_summary: row?.pnr_summary,
      pnr: row?.pnr_number,
      alerts: row?.alerts,
      notification_time: new Date(row?.notification_time ?? 0).toISOString(),
    });
  });

  it("should list one booking's notifications by its PNR, still within scope", async () => {
    const db = world.database.db;
    const [booking] = await queryRows<{ id: number; pnr_number: string }>(
      db,
      sql`select b.id, b.pnr_number from bookings b join notifications n on n.booking_id = b.id
          where b.agent_id = ${ids.agent.AA} and n.subtype = 'Pending' and n.status <> 'DEL'
          group by b.id, b.pnr_number order by count(*) desc, b.id limit 1`,
    );
    if (!booking) throw new Error('the agent has no booking with notifications');
    const form = {
      fetchType: 'all',
      group: 'RECENT',
      subtype: ['Pending'],
      pnr_key: booking.pnr_number,
      chunk: 9999,
    } as const;
    const expected = await listIdsBySql(
      db,
      sql`booking_id = ${booking.id} and subtype = 'Pending'`,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(idsOf(await listOk('agent', form))).toEqual(expected);
    expect(idsOf(await listOk('manager', form))).toEqual(expected);
    expect(idsOf(await listOk('agent2', form))).toEqual([]);
    expect(idsOf(await listOk('globeManager', form))).toEqual([]);
  });

  it('should keep to the dates asked, whole UTC days inclusive', async () => {
    const db = world.database.db;
    const moved = await listIdsBySql(db, sql`agent_id = ${ids.agent.BA}`);
    const [early, late, later] = moved;
    if (!early || !late || !later) throw new Error('too few notifications');
    await world.database.exec(`
      update notifications set notification_time = '2026-03-01T00:00:00Z' where id = ${early};
      update notifications set notification_time = '2026-03-02T23:59:59.999Z' where id = ${late};
      update notifications set notification_time = '2026-03-03T00:00:00Z' where id = ${later};
    `);
    const body = await listOk('agent2', {
      ...everything,
      dateFrom: '2026-03-01',
      dateTo: '2026-03-02',
    });
    expect(idsOf(body)).toEqual([late, early]);
    const from = await listOk('agent2', { ...everything, dateFrom: '2026-03-02' });
    expect(idsOf(from)).toEqual(
      await listIdsBySql(
        db,
        sql`agent_id = ${ids.agent.BA} and notification_time >= '2026-03-02T00:00:00Z'`,
      ),
    );
  });

  it('should read one stream with IN lists when a merge would be too wide', async () => {
    const db = world.database.db;
    // 11 agents times 3 subtypes is past the widest merge.
    const unknown = [1, 2, 3, 4, 5].map((i) => 900_000 + i);
    const audience = {
      scope: { kind: 'superUser' as const },
      agencyIds: [],
      branchIds: [],
      agentIds: [...Object.values(ids.agent), ...unknown],
    };
    const criteria: ListCriteria = { group: 'RECENT', subtypes: ['Pending', 'Complete', 'Failed'] };
    const page = await findPageIds(db, audience, criteria, { offset: 10, limit: 25 });
    const expected = await listIdsBySql(db, sql`true`);
    expect(page.map((entry) => entry.id)).toEqual(expected.slice(10, 35));
  });

  it('should never show a deleted notification', async () => {
    const db = world.database.db;
    const before = await listOk('agent', { ...everything, fetchType: 'all' });
    const deleted = idsOf(before).filter((_, index) => index % 3 === 0);
    await world.database.exec(
      `update notifications set status = 'DEL' where id in (${deleted.join(',')})`,
    );
    const after = await listOk('agent', { ...everything, fetchType: 'all' });
    expect(idsOf(after)).toEqual(idsOf(before).filter((id) => !deleted.includes(id)));
    expect(idsOf(after)).toEqual(await listIdsBySql(db, sql`agent_id = ${ids.agent.AA}`));
  });
});
