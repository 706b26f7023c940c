import {
  COUNTER_KEY_OF_GROUP,
  NOTIFICATION_CALLS,
  PANEL_GROUPS,
  UnreadCountersResponse,
  type NotificationFilter,
  type UnreadCounts,
} from '@smt/shared';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import {
  createNotificationsWorld,
  type NotificationsWorld,
} from '../../../test/notifications-world';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';
import {
  bookForAgent,
  callAs,
  DEMO_ROLES,
  demoIds,
  expectError,
  ownAgentOf,
  scopeSql,
  type Caller,
  type DemoIds,
} from './notification-list.test-helpers';

describe.each(TEST_DATABASE_KINDS)('the unread counters on %s', (kind) => {
  let world: NotificationsWorld;
  let ids: DemoIds;

  const counters = (who: Caller, payload: object) =>
    callAs(world, who, {
      method: 'POST',
      url: `/api/${NOTIFICATION_CALLS.unreadCounters}`,
      payload,
    });

  const count = async (where: SQL) => {
    const [row] = await queryRows<{ n: number }>(
      world.database.db,
      sql`select count(*)::int as n from notifications
          where status in ('NEW', 'READY') and (${where})`,
    );
    return row?.n ?? 0;
  };

  /** The counters of SPEC §3 counted straight from the table, key by key. */
  const expectedFor = async (where: SQL): Promise<UnreadCountersResponse> => {
    const bucket = async (subtypes: SQL): Promise<UnreadCounts> => {
      const all = await count(sql`(${where}) and subtype in (${subtypes})`);
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
        counts[COUNTER_KEY_OF_GROUP[group]] = await count(
          sql`(${where}) and subtype in (${subtypes}) and "group" = ${group}`,
        );
      }
      return counts;
    };
    const [latest] = await queryRows<{ id: string | number | null }>(
      world.database.db,
      sql`select max(id) as id from notifications where status <> 'DEL' and (${where})`,
    );
    return {
      pending: await bucket(sql`'Pending'`),
      complete: await bucket(sql`'Complete', 'Failed'`),
      latestId: latest?.id === null || latest?.id === undefined ? null : Number(latest.id),
    };
  };

  const expectCountersOf = async (who: Caller, filter: NotificationFilter, where: SQL) => {
    const res = await counters(who, filter);
    expect(res.statusCode, res.body).toBe(200);
    expect(UnreadCountersResponse.parse(res.json())).toEqual(await expectedFor(where));
  };

  const expectEveryRoleRight = async () => {
    for (const role of DEMO_ROLES) {
      await expectCountersOf(role, { fetchType: 'all' }, scopeSql(ids, role));
      const own = ownAgentOf(ids, role);
      await expectCountersOf(
        role,
        { fetchType: 'personal' },
        own === null ? sql`false` : sql`agent_id = ${own}`,
      );
    }
    await expectCountersOf(
      'manager',
      { fetchType: 'all', branchIds: [ids.branch.JRS1] },
      sql`branch_id = ${ids.branch.JRS1}`,
    );
    await expectCountersOf(
      'superUser',
      { fetchType: 'all', agentIds: [ids.agent.AA, ids.agent.GG] },
      sql`agent_id in (${ids.agent.AA}, ${ids.agent.GG})`,
    );
  };

  beforeAll(async () => {
    world = await createNotificationsWorld(kind);
    ids = await demoIds(world.database.db);
  });
  afterAll(() => world.close());

  it('should count for every role exactly what SQL counts in their scope', async () => {
    const some = await count(sql`agent_id = ${ids.agent.AA}`);
    expect(some).toBeGreaterThan(0);
    await expectEveryRoleRight();
  });

  it('should follow changes made to the rows: read, deleted, completed', async () => {
    const db = world.database.db;
    const unread = await queryRows<{ id: number }>(
      db,
      sql`select id from notifications where status in ('NEW', 'READY') order by id`,
    );
    const pick = (every: number, from: number) =>
      unread.filter((_, index) => index % every === from).map((row) => row.id);
    const read = pick(5, 0);
    const deleted = pick(5, 1);
    const completed = pick(5, 2).slice(0, 3);
    await world.database.exec(`
      update notifications set status = 'READ' where id in (${read.join(',')});
      update notifications set status = 'DEL' where id in (${deleted.join(',')});
      update notifications set subtype = 'Complete' where id in (${completed.join(',')});
      update notifications set status = 'DEL'
        where id = (select max(id) from notifications where status <> 'DEL');
    `);
    await expectEveryRoleRight();
  });

  it('should follow changes made through the calls: open, act, delete, bulk delete, cancel', async () => {
    const db = world.database.db;
    // Pending and not deleted, unread ones first: each change below moves the counters.
    const pendingOf = async (agent: number, type: string) => {
      const rows = await queryRows<{ id: number | string }>(
        db,
        sql`select id from notifications where agent_id = ${agent} and type = ${type}
            and subtype = 'Pending' and status <> 'DEL' and not readonly
            order by status in ('NEW', 'READY') desc, id`,
      );
      expect(rows.length, `a pending ${type} of agent ${agent}`).toBeGreaterThan(0);
      return rows.map((row) => Number(row.id));
    };
    const call = async (who: Caller, path: string, payload: object) => {
      const res = await callAs(world, who, { method: 'POST', url: `/api/${path}`, payload });
      expect(res.statusCode, res.body).toBe(200);
    };
    const check = async () => {
      for (const role of ['agent', 'manager', 'superUser'] as const) {
        await expectCountersOf(role, { fetchType: 'all' }, scopeSql(ids, role));
      }
      await expectCountersOf('agent', {}, sql`agent_id = ${ids.agent.AA}`);
    };

    const [opened] = await pendingOf(ids.agent.AA, 'Reschedule');
    await call('agent', NOTIFICATION_CALLS.data, { notification_id: opened });
    await check();

    const [kept] = await pendingOf(ids.agent.BA, 'Reprice');
    await call('manager', NOTIFICATION_CALLS.execute, { notification_id: kept, op_code: 'SR' });
    await check();

    const [approved] = await pendingOf(ids.agent.AA, 'Churning');
    await call('agent', NOTIFICATION_CALLS.execute, { notification_id: approved, op_code: 'A' });
    await check();

    const [removed] = await pendingOf(ids.agent.AA, 'SegmentRemoval');
    await call('agent', NOTIFICATION_CALLS.delete, { notification_id: removed });
    await check();

    const several = (await pendingOf(ids.agent.MM, 'Reschedule')).slice(0, 3);
    await call('manager', NOTIFICATION_CALLS.bulkDelete, { notification_ids: several });
    await check();

    // A deadline of its own: the demo's may be ticketed by now (which withdraws their alerts)
    // or deleted by the tests above.
    await bookForAgent(world, { pcc: 'TLV1', initials: 'AA' }, 'Dana Levi');
    await world.runEngine();
    const [due] = await pendingOf(ids.agent.AA, 'TicketingDue');
    await call('agent', NOTIFICATION_CALLS.cancelPnr, { notificationId: due });
    await check();
  });

  it('should count a notification the engine raises later', async () => {
    const locator = await bookForAgent(world, { pcc: 'TLV1', initials: 'AA' }, 'Noam Cohen');
    await world.runEngine();
    const [raised] = await queryRows<{ id: string | number }>(
      world.database.db,
      sql`select max(n.id) as id from notifications n join bookings b on b.id = n.booking_id
          where b.pnr_number = ${locator} and n.type = 'TicketingDue' and n.status = 'NEW'`,
    );
    expect(raised?.id).not.toBeNull();
    const after = UnreadCountersResponse.parse((await counters('agent', {})).json());
    expect(after.latestId).toBeGreaterThanOrEqual(Number(raised?.id));
    await expectCountersOf('agent', {}, sql`agent_id = ${ids.agent.AA}`);
    await expectCountersOf('manager', { fetchType: 'all' }, scopeSql(ids, 'manager'));
  });

  it('should refuse ids outside the scope with 403 and a signed-out call with 401', async () => {
    expectError(
      await counters('agent2', { fetchType: 'personal', agentIds: [ids.agent.AA] }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await counters('globeManager', { fetchType: 'all', agencyIds: [ids.agency.demoTravel] }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await counters('operator', { fetchType: 'all', branchIds: [ids.branch.HFA1] }),
      403,
      'FORBIDDEN',
    );
    expectError(await counters(null, {}), 401, 'UNAUTHORIZED');
  });

  it('should answer 400 with field errors for bad input', async () => {
    for (const [payload, field] of [
      [{ agentIds: ['x'] }, 'agentIds.0'],
      [{ branchIds: [-3] }, 'branchIds.0'],
      [{ fetchType: 'everyone' }, 'fetchType'],
    ] as const) {
      const body = expectError(await counters('manager', payload), 400, 'BAD_REQUEST');
      expect(Object.keys(body.fieldErrors ?? {})).toContain(field);
    }
  });
});
