import { NOTIFICATION_CALLS, UnreadCountersResponse, type NotificationFilter } from '@smt/shared';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import {
  createNotificationsWorld,
  type NotificationsWorld,
} from '../../../test/notifications-world';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';
import { unreadCountersBySql } from '../../../test/unread-counters-by-sql';
import {
  bookForAgent,
  callAs,
  demoIds,
  expectError,
  scopeSql,
  type Caller,
  type DemoIds,
} from './notification-list.test-helpers';

// The unread counters over HTTP: the answer, kept right by the calls and the engine that change
// notifications, who may call and the shape of a refusal. What each scope and filter counts, and
// how the rows' states count, are notification-list.service.test.ts's.

describe.each(TEST_DATABASE_KINDS)('the unread counters on %s', (kind) => {
  let world: NotificationsWorld;
  let ids: DemoIds;

  const counters = (who: Caller, payload: object) =>
    callAs(world, who, {
      method: 'POST',
      url: `/api/${NOTIFICATION_CALLS.unreadCounters}`,
      payload,
    });

  const expectedFor = (where: SQL) => unreadCountersBySql(world.database.db, where);

  const expectCountersOf = async (who: Caller, filter: NotificationFilter, where: SQL) => {
    const res = await counters(who, filter);
    expect(res.statusCode, res.body).toBe(200);
    expect(UnreadCountersResponse.parse(res.json())).toEqual(await expectedFor(where));
  };

  beforeAll(async () => {
    world = await createNotificationsWorld(kind);
    ids = await demoIds(world.database.db);
  });
  afterAll(() => world.close());

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

  it('should answer 403 with the refusal for ids outside the scope and 401 to a signed-out call', async () => {
    expectError(
      await counters('agent2', { fetchType: 'personal', agentIds: [ids.agent.AA] }),
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
