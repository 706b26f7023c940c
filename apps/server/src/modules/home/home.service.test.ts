import { AllStatsQuery } from '@smt/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEMO_ROLES,
  demoIds,
  ownAgentOf,
  scopeSql,
  type DemoIds,
  type DemoRole,
} from '@/modules/notifications/notification-list.test-helpers';
import { expectHomeData, homeDataBySql } from '../../../test/home-data-by-sql';
import { callerAs, refusalOf, useServiceDatabase } from '../../../test/service-database';
import { aNotificationSpread } from '../../../test/service-notifications';
import { DEMO } from '../../../test/sign-in';
import { createHome } from './home.service';

// Home's rules, called as its routes call them: the query parsed by the call's schema, the
// caller as the auth plugin gives them. The answer's shape, who may call and the shape of a
// refusal are home.routes.test.ts's.

describe(createHome.name, () => {
  const database = useServiceDatabase();
  let sut: ReturnType<typeof createHome>;
  let ids: DemoIds;

  beforeEach(async () => {
    sut = createHome({ db: database.db });
    await aNotificationSpread(database.db);
    ids = await demoIds(database.db);
  });

  const callerOf = async (role: DemoRole) => {
    const { agentId, scope } = await callerAs(database.db, DEMO[role]);
    return { user: { agentId }, scope };
  };
  const userStats = async (role: DemoRole) => sut.data(await callerOf(role), { personal: true });
  const allStats = async (role: DemoRole, query: z.input<typeof AllStatsQuery>) =>
    sut.data(await callerOf(role), AllStatsQuery.parse(query));
  const expectHome = async (body: Awaited<ReturnType<typeof userStats>>, where: SQL) => {
    expectHomeData(body, await homeDataBySql(database.db, where));
    return body;
  };

  describe('data', () => {
    it.each(DEMO_ROLES)("should show %s their own agent identity's pending work", async (role) => {
      const own = ownAgentOf(ids, role);

      const body = await userStats(role);

      await expectHome(body, own === null ? sql`false` : sql`agent_id = ${own}`);
    });

    it.each(DEMO_ROLES)('should show %s their whole scope when no id is named', async (role) => {
      const body = await allStats(role, { type: 'Agency' });

      await expectHome(body, scopeSql(ids, role));
      if (role !== 'operator') {
        expect(body.byGroup.every((group) => group.pending > 0)).toBe(true);
      }
    });

    it('should show a super user a saving and its currency', async () => {
      const body = await expectHome(await allStats('superUser', { type: 'Agency' }), sql`true`);

      expect(body.currency).not.toBeNull();
      expect(body.byGroup[0]?.amount).toBeGreaterThan(0);
    });

    it('should narrow to the agencies, branches or agents named', async () => {
      await expectHome(
        await allStats('superUser', { type: 'Agency', id: `${ids.agency.globeTours}` }),
        sql`agency_id = ${ids.agency.globeTours}`,
      );
      await expectHome(
        await allStats('manager', {
          type: 'Branch',
          id: [`${ids.branch.TLV1}`, `${ids.branch.JRS1}`],
        }),
        sql`branch_id in (${ids.branch.TLV1}, ${ids.branch.JRS1})`,
      );
      await expectHome(
        await allStats('manager', { type: 'Agent', id: `${ids.agent.AA},${ids.agent.BB}` }),
        sql`agent_id in (${ids.agent.AA}, ${ids.agent.BB})`,
      );
      await expectHome(
        await allStats('branchManager', { type: 'Branch', id: `${ids.branch.JRS1}` }),
        sql`branch_id = ${ids.branch.JRS1}`,
      );
    });

    it('should follow changes: read and deleted notifications leave the counts', async () => {
      await database.db.execute(sql`
        update notifications set status = 'READ'
          where id in (select id from notifications where subtype = 'Pending' and status = 'NEW'
                       order by id limit 10)`);
      await database.db.execute(sql`
        update notifications set status = 'DEL'
          where id in (select id from notifications where subtype = 'Pending'
                       and "group" = 'REPRICE' and status <> 'DEL' order by id desc limit 3)`);

      for (const role of DEMO_ROLES) {
        await expectHome(await allStats(role, { type: 'Agency' }), scopeSql(ids, role));
      }
    });

    it('should refuse ids outside the scope', async () => {
      const cases: [DemoRole, z.input<typeof AllStatsQuery>][] = [
        ['manager', { type: 'Agency', id: `${ids.agency.globeTours}` }],
        ['branchManager', { type: 'Branch', id: `${ids.branch.TLV1}` }],
        ['agent', { type: 'Agent', id: `${ids.agent.BA}` }],
        ['globeManager', { type: 'Agent', id: `${ids.agent.AA}` }],
        ['operator', { type: 'Agency', id: `${ids.agency.demoTravel}` }],
        ['superUser', { type: 'Branch', id: '999999' }],
        ['superUser', { type: 'Agent', id: '99999999999' }],
      ];
      for (const [role, query] of cases) {
        expect(await refusalOf(allStats(role, query)), role).toMatchObject({ code: 'FORBIDDEN' });
      }
    });
  });
});
