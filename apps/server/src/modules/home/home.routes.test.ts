import { HomeData, NOTIFICATION_CALLS, PANEL_GROUPS } from '@smt/shared';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import {
  callAs,
  DEMO_ROLES,
  demoIds,
  expectError,
  ownAgentOf,
  scopeSql,
  type Caller,
  type DemoIds,
} from '@/modules/notifications/notification-list.test-helpers';
import {
  createNotificationsWorld,
  type NotificationsWorld,
} from '../../../test/notifications-world';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';

describe.each(TEST_DATABASE_KINDS)('home data on %s', (kind) => {
  let world: NotificationsWorld;
  let ids: DemoIds;

  const get = (who: Caller, url: string) => callAs(world, who, { method: 'GET', url });
  const userStats = (who: Caller) => get(who, `/api/${NOTIFICATION_CALLS.userStats}`);
  const allStats = (who: Caller, query = '') =>
    get(who, `/api/${NOTIFICATION_CALLS.allStats}${query}`);

  /** Home data counted straight from the table. */
  const expectedFor = async (where: SQL): Promise<HomeData> => {
    const db = world.database.db;
    const pending = sql`subtype = 'Pending' and status <> 'DEL' and (${where})`;
    const counts = await queryRows<{ group: string; new: number; pending: number }>(
      db,
      sql`select "group", count(*) filter (where status in ('NEW', 'READY'))::int as new,
            count(*)::int as pending
          from notifications where ${pending} group by "group"`,
    );
    const [top] = await queryRows<{ currency: string }>(
      db,
      sql`select currency from notifications
          where ${pending} and "group" = 'REPRICE' and currency is not null
          group by currency order by count(*) desc, currency limit 1`,
    );
    const currency = top?.currency ?? null;
    // SPEC's single amount: the cash of that currency; a reprice without a kind is cash.
    const [saving] = await queryRows<{ amount: number }>(
      db,
      sql`select coalesce(sum(potential_saving), 0)::float8 as amount from notifications
          where ${pending} and "group" = 'REPRICE' and currency = ${currency}
            and coalesce(saving_kind, 'cash') = 'cash'`,
    );
    // Cash and airline credit of each currency apart, cash first ('cash' < 'credit').
    const perCurrency = await queryRows<{
      currency: string;
      kind: 'cash' | 'credit';
      amount: number;
    }>(
      db,
      sql`select currency, coalesce(saving_kind, 'cash') as kind,
            sum(potential_saving)::float8 as amount from notifications
          where ${pending} and "group" = 'REPRICE' and currency is not null
          group by 1, 2 order by 1, 2`,
    );
    return {
      byGroup: PANEL_GROUPS.map((group) => {
        const row = counts.find((count) => count.group === group);
        return {
          group,
          new: row?.new ?? 0,
          pending: row?.pending ?? 0,
          amount: group === 'REPRICE' ? (saving?.amount ?? 0) : 0,
          amounts: group === 'REPRICE' ? perCurrency : [],
        };
      }),
      currency,
    };
  };

  const expectHome = async (res: Awaited<ReturnType<typeof get>>, where: SQL) => {
    expect(res.statusCode, res.body).toBe(200);
    const body = HomeData.parse(res.json());
    const expected = await expectedFor(where);
    expect(body.currency).toBe(expected.currency);
    expect(body.byGroup.map((g) => g.group)).toEqual([...PANEL_GROUPS]);
    body.byGroup.forEach((group, index) => {
      const want = expected.byGroup[index];
      expect({ ...group, amount: 0, amounts: [] }).toEqual({ ...want, amount: 0, amounts: [] });
      expect(group.amount).toBeCloseTo(want?.amount ?? 0, 2);
      // Every currency and kind of the pending reprices, each summed on its own.
      expect(group.amounts.map(({ currency, kind }) => [currency, kind])).toEqual(
        want?.amounts.map(({ currency, kind }) => [currency, kind]),
      );
      group.amounts.forEach((each, at) => {
        expect(each.amount).toBeCloseTo(want?.amounts[at]?.amount ?? 0, 2);
      });
    });
    return body;
  };

  beforeAll(async () => {
    world = await createNotificationsWorld(kind);
    ids = await demoIds(world.database.db);
    // The whole demo raised by the engine three times over: slow on a busy machine.
  }, 400_000);
  afterAll(() => world.close());

  it.each(DEMO_ROLES)("should show %s their own agent identity's pending work", async (role) => {
    const own = ownAgentOf(ids, role);
    await expectHome(await userStats(role), own === null ? sql`false` : sql`agent_id = ${own}`);
  });

  it.each(DEMO_ROLES)('should show %s their whole scope when no id is named', async (role) => {
    const body = await expectHome(await allStats(role, '?type=Agency'), scopeSql(ids, role));
    if (role !== 'operator') {
      expect(body.byGroup.every((group) => group.pending > 0)).toBe(true);
    }
  });

  it('should show a super user a saving and its currency', async () => {
    const body = await expectHome(await allStats('superUser', '?type=Agency'), sql`true`);
    expect(body.currency).not.toBeNull();
    expect(body.byGroup[0]?.amount).toBeGreaterThan(0);
  });

  it('should narrow to the agencies, branches or agents named', async () => {
    await expectHome(
      await allStats('superUser', `?type=Agency&id=${ids.agency.globeTours}`),
      sql`agency_id = ${ids.agency.globeTours}`,
    );
    await expectHome(
      await allStats('manager', `?type=Branch&id=${ids.branch.TLV1}&id=${ids.branch.JRS1}`),
      sql`branch_id in (${ids.branch.TLV1}, ${ids.branch.JRS1})`,
    );
    await expectHome(
      await allStats('manager', `?type=Agent&id=${ids.agent.AA},${ids.agent.BB}`),
      sql`agent_id in (${ids.agent.AA}, ${ids.agent.BB})`,
    );
    await expectHome(
      await allStats('branchManager', `?type=Branch&id=${ids.branch.JRS1}`),
      sql`branch_id = ${ids.branch.JRS1}`,
    );
  });

  it('should follow changes: read and deleted notifications leave the counts', async () => {
    await world.database.exec(`
      update notifications set status = 'READ'
        where id in (select id from notifications where subtype = 'Pending' and status = 'NEW'
                     order by id limit 10);
      update notifications set status = 'DEL'
        where id in (select id from notifications where subtype = 'Pending'
                     and "group" = 'REPRICE' and status <> 'DEL' order by id desc limit 3);
    `);
    for (const role of DEMO_ROLES) {
      await expectHome(await allStats(role, '?type=Agency'), scopeSql(ids, role));
    }
  });

  it('should refuse ids outside the scope with 403', async () => {
    const cases: [Caller, string][] = [
      ['manager', `?type=Agency&id=${ids.agency.globeTours}`],
      ['branchManager', `?type=Branch&id=${ids.branch.TLV1}`],
      ['agent', `?type=Agent&id=${ids.agent.BA}`],
      ['globeManager', `?type=Agent&id=${ids.agent.AA}`],
      ['operator', `?type=Agency&id=${ids.agency.demoTravel}`],
      ['superUser', '?type=Branch&id=999999'],
      ['superUser', '?type=Agent&id=99999999999'],
    ];
    for (const [who, query] of cases) {
      expectError(await allStats(who, query), 403, 'FORBIDDEN');
    }
  });

  it('should answer 401 when signed out', async () => {
    expectError(await userStats(null), 401, 'UNAUTHORIZED');
    expectError(await allStats(null, '?type=Agency'), 401, 'UNAUTHORIZED');
  });

  it.each([
    ['an unknown type', '?type=Company', 'type'],
    ['no type', '', 'type'],
    ['a non-numeric id', '?type=Agent&id=abc', 'id.0'],
    ['a negative id', '?type=Agent&id=-4', 'id.0'],
  ])('should answer 400 with field errors for %s', async (_name, query, field) => {
    const body = expectError(await allStats('manager', query), 400, 'BAD_REQUEST');
    expect(Object.keys(body.fieldErrors ?? {})).toContain(field);
  });
});
