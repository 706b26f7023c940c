import {
  NotificationListRequest,
  PANEL_GROUPS,
  UnreadCountersRequest,
  type NotificationListResponse,
  type NotificationSubtype,
} from '@smt/shared';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { users } from '@/db/schema';
import { Clock } from '@/lib/clock';
import { callerAs, refusalOf, useServiceDatabase } from '../../../test/service-database';
import { aNotificationSpread } from '../../../test/service-notifications';
import { DEMO } from '../../../test/sign-in';
import { countUnreadBySql, unreadCountersBySql } from '../../../test/unread-counters-by-sql';
import { createNotificationList } from './notification-list.service';
import {
  DEMO_ROLES,
  demoIds,
  listIdsBySql,
  ownAgentOf,
  scopeSql,
  type DemoIds,
  type DemoRole,
} from './notification-list.test-helpers';

// The notification lists' and unread counters' rules, called as their routes call them: the
// bodies parsed by the calls' schemas, the caller as the auth plugin gives them. The answers'
// shapes, the bodies' encodings, who may call and the shape of a refusal are
// notification-list.routes.test.ts's and notification-list.counters.routes.test.ts's.

const EVERY_SUBTYPE: NotificationSubtype[] = ['Pending', 'Complete', 'Failed'];
const FORBIDDEN = { code: 'FORBIDDEN', reason: 'notifications.audience-outside' } as const;

describe(createNotificationList.name, () => {
  const database = useServiceDatabase();
  let sut: ReturnType<typeof createNotificationList>;
  let ids: DemoIds;

  beforeEach(async () => {
    sut = createNotificationList({ db: database.db, clock: new Clock() });
    await aNotificationSpread(database.db);
    ids = await demoIds(database.db);
  });

  const callerOf = async (role: DemoRole) => {
    const { agentId, scope } = await callerAs(database.db, DEMO[role]);
    return { user: { agentId }, scope };
  };
  const list = async (role: DemoRole, body: z.input<typeof NotificationListRequest>) =>
    sut.list(await callerOf(role), NotificationListRequest.parse(body));
  const counters = async (role: DemoRole, body: z.input<typeof UnreadCountersRequest>) =>
    sut.unreadCounters(await callerOf(role), UnreadCountersRequest.parse(body));
  const idsOf = (body: NotificationListResponse) =>
    body.notifications.map((item) => item.notification_id);
  const listIds = (where: SQL) => listIdsBySql(database.db, where);
  const everything = { group: 'RECENT', subtype: EVERY_SUBTYPE, chunk: 9999 } as const;
  const exec = (query: SQL) => database.db.execute(query);

  describe('list', () => {
    it.each(DEMO_ROLES)('should show %s exactly their scope when fetching all', async (role) => {
      const body = await list(role, { ...everything, fetchType: 'all' });

      const expected = await listIds(scopeSql(ids, role));
      expect(idsOf(body)).toEqual(expected);
      expect(body.hasMore).toBe(false);
      if (role !== 'operator') expect(expected.length).toBeGreaterThan(0);
    });

    it.each(DEMO_ROLES)(
      'should show %s only their own agent identity when fetching personal',
      async (role) => {
        const body = await list(role, { ...everything, fetchType: 'personal' });

        const own = ownAgentOf(ids, role);
        expect(idsOf(body)).toEqual(own === null ? [] : await listIds(sql`agent_id = ${own}`));
      },
    );

    it("should never show agent2 the agent's notifications whatever the filter", async () => {
      const mine = await list('agent2', { ...everything, fetchType: 'all' });

      const agents = await queryRows<{ agent_id: number }>(
        database.db,
        sql`select distinct agent_id from notifications
            where id in (${sql.join(
              idsOf(mine).map((id) => sql`${id}`),
              sql`, `,
            )})`,
      );
      expect(agents.map((row) => row.agent_id)).toEqual([ids.agent.BA]);
      expect(
        await refusalOf(
          list('agent2', { ...everything, fetchType: 'personal', agentIds: [ids.agent.AA] }),
        ),
      ).toMatchObject(FORBIDDEN);
    });

    it('should refuse when any named id lies outside the scope', async () => {
      const cases: [DemoRole, Partial<z.input<typeof NotificationListRequest>>][] = [
        ['manager', { fetchType: 'all', agencyIds: [ids.agency.globeTours] }],
        [
          'manager',
          { fetchType: 'all', agencyIds: [ids.agency.demoTravel, ids.agency.globeTours] },
        ],
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
      for (const [role, filter] of cases) {
        expect(await refusalOf(list(role, { ...everything, ...filter })), role).toMatchObject(
          FORBIDDEN,
        );
      }
    });

    it('should narrow the scope to the named agencies, branches and agents', async () => {
      const tlv = await list('manager', {
        ...everything,
        fetchType: 'all',
        branchIds: [ids.branch.TLV1],
      });
      expect(idsOf(tlv)).toEqual(await listIds(sql`branch_id = ${ids.branch.TLV1}`));
      const two = await list('superUser', {
        ...everything,
        fetchType: 'all',
        agentIds: [ids.agent.AA, ids.agent.GA],
      });
      expect(idsOf(two)).toEqual(
        await listIds(sql`agent_id in (${ids.agent.AA}, ${ids.agent.GA})`),
      );
      const globe = await list('superUser', {
        ...everything,
        fetchType: 'all',
        agencyIds: [ids.agency.globeTours],
      });
      expect(idsOf(globe)).toEqual(await listIds(sql`agency_id = ${ids.agency.globeTours}`));
    });

    it("should let an agent with multi-agent access filter their branch's agents", async () => {
      await database.db
        .update(users)
        .set({ multiAgentAccess: true })
        .where(eq(users.email, DEMO.agent.email));

      const body = await list('agent', {
        ...everything,
        fetchType: 'personal',
        agentIds: [ids.agent.BA, ids.agent.MM],
      });

      expect(idsOf(body)).toEqual(
        await listIds(sql`agent_id in (${ids.agent.BA}, ${ids.agent.MM})`),
      );
      expect(
        await refusalOf(
          list('agent', { ...everything, fetchType: 'personal', agentIds: [ids.agent.BB] }),
        ),
      ).toMatchObject(FORBIDDEN);
    });

    it('should page through a group in chunks of 10 without overlap or gap', async () => {
      const [largest] = await queryRows<{ group: (typeof PANEL_GROUPS)[number] }>(
        database.db,
        sql`select "group" from notifications where agency_id = ${ids.agency.demoTravel}
            and status <> 'DEL' group by "group" order by count(*) desc, "group" limit 1`,
      );
      for (const group of ['RECENT', largest?.group ?? 'REPRICE'] as const) {
        const where =
          group === 'RECENT'
            ? sql`agency_id = ${ids.agency.demoTravel}`
            : sql`agency_id = ${ids.agency.demoTravel} and "group" = ${group}`;
        const expected = await listIds(where);
        expect(expected.length).toBeGreaterThan(10);
        const page = (offset: number) =>
          list('manager', { fetchType: 'all', group, subtype: EVERY_SUBTYPE, offset, chunk: 10 });
        const seen: number[] = [];
        for (let offset = 0; ; offset += 10) {
          const chunk = await page(offset);
          seen.push(...idsOf(chunk));
          expect(chunk.hasMore).toBe(offset + 10 < expected.length);
          if (!chunk.hasMore) break;
        }
        expect(seen).toEqual(expected);
        const last = await page(expected.length - 10);
        expect(last.hasMore).toBe(false);
        expect(idsOf(last)).toEqual(expected.slice(-10));
        expect((await page(expected.length - 11)).hasMore).toBe(true);
      }
    });

    it('should list each group and subtype of the caller as SQL does', async () => {
      for (const group of PANEL_GROUPS) {
        for (const subtype of [['Pending'], ['Complete', 'Failed']] as NotificationSubtype[][]) {
          const body = await list('agent', { group, subtype, chunk: 9999 });
          const expected = await listIds(
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
      const body = await list('agent', { group: 'RECENT', chunk: 5 });

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
        database.db,
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
      const [booking] = await queryRows<{ id: number; pnr_number: string }>(
        database.db,
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

      const expected = await listIds(sql`booking_id = ${booking.id} and subtype = 'Pending'`);
      expect(expected.length).toBeGreaterThan(0);
      expect(idsOf(await list('agent', form))).toEqual(expected);
      expect(idsOf(await list('manager', form))).toEqual(expected);
      expect(idsOf(await list('agent2', form))).toEqual([]);
      expect(idsOf(await list('globeManager', form))).toEqual([]);
    });

    it('should keep to the dates asked, whole UTC days inclusive', async () => {
      const moved = await listIds(sql`agent_id = ${ids.agent.BA}`);
      const [early, late, later] = moved;
      if (!early || !late || !later) throw new Error('too few notifications');
      await exec(sql`update notifications set notification_time = '2026-03-01T00:00:00Z'
                     where id = ${early}`);
      await exec(sql`update notifications set notification_time = '2026-03-02T23:59:59.999Z'
                     where id = ${late}`);
      await exec(sql`update notifications set notification_time = '2026-03-03T00:00:00Z'
                     where id = ${later}`);

      const body = await list('agent2', {
        ...everything,
        dateFrom: '2026-03-01',
        dateTo: '2026-03-02',
      });
      expect(idsOf(body)).toEqual([late, early]);
      const from = await list('agent2', { ...everything, dateFrom: '2026-03-02' });
      expect(idsOf(from)).toEqual(
        await listIds(
          sql`agent_id = ${ids.agent.BA} and notification_time >= '2026-03-02T00:00:00Z'`,
        ),
      );
    });

    it('should never show a deleted notification', async () => {
      const before = await list('agent', { ...everything, fetchType: 'all' });
      const deleted = idsOf(before).filter((_, index) => index % 3 === 0);
      await exec(
        sql`update notifications set status = 'DEL' where id in (${sql.join(
          deleted.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );

      const after = await list('agent', { ...everything, fetchType: 'all' });

      expect(idsOf(after)).toEqual(idsOf(before).filter((id) => !deleted.includes(id)));
      expect(idsOf(after)).toEqual(await listIds(sql`agent_id = ${ids.agent.AA}`));
    });
  });

  describe('unreadCounters', () => {
    const expectCountersOf = async (
      role: DemoRole,
      filter: z.input<typeof UnreadCountersRequest>,
      where: SQL,
    ) => {
      expect(await counters(role, filter)).toEqual(await unreadCountersBySql(database.db, where));
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

    it('should count for every role exactly what SQL counts in their scope', async () => {
      expect(await countUnreadBySql(database.db, sql`agent_id = ${ids.agent.AA}`)).toBeGreaterThan(
        0,
      );

      await expectEveryRoleRight();
    });

    it('should follow changes made to the rows: read, deleted, completed', async () => {
      const unread = await queryRows<{ id: number }>(
        database.db,
        sql`select id from notifications where status in ('NEW', 'READY') order by id`,
      );
      const pick = (every: number, from: number) =>
        unread.filter((_, index) => index % every === from).map((row) => sql`${row.id}`);
      await exec(sql`update notifications set status = 'READ'
                     where id in (${sql.join(pick(5, 0), sql`, `)})`);
      await exec(sql`update notifications set status = 'DEL'
                     where id in (${sql.join(pick(5, 1), sql`, `)})`);
      await exec(sql`update notifications set subtype = 'Complete'
                     where id in (${sql.join(pick(5, 2).slice(0, 3), sql`, `)})`);
      await exec(sql`update notifications set status = 'DEL'
                     where id = (select max(id) from notifications where status <> 'DEL')`);

      await expectEveryRoleRight();
    });

    it('should refuse ids outside the scope', async () => {
      const cases: [DemoRole, z.input<typeof UnreadCountersRequest>][] = [
        ['agent2', { fetchType: 'personal', agentIds: [ids.agent.AA] }],
        ['globeManager', { fetchType: 'all', agencyIds: [ids.agency.demoTravel] }],
        ['operator', { fetchType: 'all', branchIds: [ids.branch.HFA1] }],
      ];
      for (const [role, filter] of cases) {
        expect(await refusalOf(counters(role, filter)), role).toMatchObject(FORBIDDEN);
      }
    });
  });
});
