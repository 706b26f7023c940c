import { AgencyItem, AgentItem, ApiErrorBody, BranchItem, NOTIFICATION_CALLS } from '@smt/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '@/db/client';
import { DEMO, signIn, type DemoPerson } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';

type Role = keyof typeof DEMO;

/** What each demo user may pick in the organisation filter (CONTRACT's organisation). */
const VISIBLE: Record<Role, { agencies: string[]; branches: string[]; agents: string[] }> = {
  superUser: {
    agencies: ['Demo Travel', 'Globe Tours'],
    branches: ['HFA1', 'JRS1', 'TLV1'],
    agents: ['Adam Agent', 'Bella Agent', 'Ben Branch', 'Gal Globe', 'Gil Globe', 'Maya Manager'],
  },
  manager: {
    agencies: ['Demo Travel'],
    branches: ['JRS1', 'TLV1'],
    agents: ['Adam Agent', 'Bella Agent', 'Ben Branch', 'Maya Manager'],
  },
  agent: { agencies: ['Demo Travel'], branches: ['TLV1'], agents: ['Adam Agent'] },
  agent2: { agencies: ['Demo Travel'], branches: ['TLV1'], agents: ['Bella Agent'] },
  operator: { agencies: [], branches: [], agents: [] },
  branchManager: { agencies: ['Demo Travel'], branches: ['JRS1'], agents: ['Ben Branch'] },
  globeManager: {
    agencies: ['Globe Tours'],
    branches: ['HFA1'],
    agents: ['Gal Globe', 'Gil Globe'],
  },
  globeAgent: { agencies: ['Globe Tours'], branches: ['HFA1'], agents: ['Gal Globe'] },
};

describe.each(TEST_DATABASE_KINDS)('the organisation filter lists on %s', (kind) => {
  let t: TestApp;
  const sessions = new Map<string, Record<string, string>>();
  const ids = { agency: new Map<string, number>(), branch: new Map<string, number>() };

  const get = async (role: Role | null, path: string, query = '') => {
    let headers: Record<string, string> = {};
    if (role !== null) {
      const person: DemoPerson = DEMO[role];
      headers = sessions.get(role) ?? (await signIn(t.app, person)).headers;
      sessions.set(role, headers);
    }
    return t.app.inject({ method: 'GET', url: `/api/${path}${query}`, headers });
  };
  const ok = async <T extends z.ZodType>(schema: T, res: Awaited<ReturnType<typeof get>>) => {
    expect(res.statusCode, res.body).toBe(200);
    return z.array(schema).parse(res.json());
  };
  const expectError = (res: Awaited<ReturnType<typeof get>>, status: number, code: string) => {
    expect(res.statusCode).toBe(status);
    const body = ApiErrorBody.parse(res.json());
    expect(body.code).toBe(code);
    return body;
  };
  const idOf = (map: Map<string, number>, key: string) => {
    const id = map.get(key);
    if (id === undefined) throw new Error(`no ${key} in the demo organisation`);
    return id;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const row of await queryRows<{ id: number; name: string }>(
      t.database.db,
      sql`select id, name from agencies`,
    )) {
      ids.agency.set(row.name, row.id);
    }
    for (const row of await queryRows<{ id: number; pcc: string }>(
      t.database.db,
      sql`select id, pcc from branches`,
    )) {
      ids.branch.set(row.pcc, row.id);
    }
  });
  afterAll(() => t.close());

  it.each(Object.keys(VISIBLE) as Role[])(
    'should list for %s exactly the agencies, branches and agents of their scope',
    async (role) => {
      const agencies = await ok(AgencyItem, await get(role, NOTIFICATION_CALLS.listAgencies));
      const branches = await ok(BranchItem, await get(role, NOTIFICATION_CALLS.listBranches));
      const agents = await ok(AgentItem, await get(role, NOTIFICATION_CALLS.listAgents));
      expect(agencies.map((a) => a.name)).toEqual(VISIBLE[role].agencies);
      expect(branches.map((b) => b.pcc)).toEqual(VISIBLE[role].branches);
      expect(agents.map((a) => a.name)).toEqual(VISIBLE[role].agents);
    },
  );

  it('should answer only the fields of the contract', async () => {
    const agencies = await get('superUser', NOTIFICATION_CALLS.listAgencies, '?level=AGENT');
    const branches = await get('superUser', NOTIFICATION_CALLS.listBranches);
    const agents = await get('superUser', NOTIFICATION_CALLS.listAgents);
    const keys = (res: Awaited<ReturnType<typeof get>>) =>
      res.json<object[]>().map((item) => Object.keys(item).sort());
    expect(new Set(keys(agencies).map(String))).toEqual(new Set(['id,name']));
    expect(new Set(keys(branches).map(String))).toEqual(new Set(['id,name,pcc']));
    expect(new Set(keys(agents).map(String))).toEqual(new Set(['id,initials,name']));
  });

  it("should list one agency's branches and one branch's agents inside the scope", async () => {
    const demoTravel = idOf(ids.agency, 'Demo Travel');
    const tlv1 = idOf(ids.branch, 'TLV1');
    const branches = await ok(
      BranchItem,
      await get('manager', NOTIFICATION_CALLS.listBranches, `?agencyId=${demoTravel}`),
    );
    expect(branches.map((b) => b.pcc)).toEqual(['JRS1', 'TLV1']);
    const agents = await ok(
      AgentItem,
      await get('manager', NOTIFICATION_CALLS.listAgents, `?branchId=${tlv1}`),
    );
    expect(agents.map((a) => [a.initials, a.name])).toEqual([
      ['AA', 'Adam Agent'],
      ['BA', 'Bella Agent'],
      ['MM', 'Maya Manager'],
    ]);
    const own = await ok(
      AgentItem,
      await get('agent', NOTIFICATION_CALLS.listAgents, `?branchId=${tlv1}`),
    );
    expect(own.map((a) => a.name)).toEqual(['Adam Agent']);
    const globe = await ok(
      BranchItem,
      await get(
        'superUser',
        NOTIFICATION_CALLS.listBranches,
        `?agencyId=${idOf(ids.agency, 'Globe Tours')}`,
      ),
    );
    expect(globe.map((b) => b.pcc)).toEqual(['HFA1']);
  });

  it('should refuse with 403 an agency or branch outside the scope', async () => {
    const cases: [Role, string, string][] = [
      [
        'globeManager',
        NOTIFICATION_CALLS.listBranches,
        `?agencyId=${idOf(ids.agency, 'Demo Travel')}`,
      ],
      ['manager', NOTIFICATION_CALLS.listBranches, `?agencyId=${idOf(ids.agency, 'Globe Tours')}`],
      ['operator', NOTIFICATION_CALLS.listBranches, `?agencyId=${idOf(ids.agency, 'Demo Travel')}`],
      ['branchManager', NOTIFICATION_CALLS.listAgents, `?branchId=${idOf(ids.branch, 'TLV1')}`],
      ['agent', NOTIFICATION_CALLS.listAgents, `?branchId=${idOf(ids.branch, 'JRS1')}`],
      ['superUser', NOTIFICATION_CALLS.listAgents, '?branchId=999999'],
      ['superUser', NOTIFICATION_CALLS.listBranches, '?agencyId=99999999999'],
    ];
    for (const [role, path, query] of cases) {
      expectError(await get(role, path, query), 403, 'FORBIDDEN');
    }
  });

  it('should answer 401 when signed out', async () => {
    for (const path of [
      NOTIFICATION_CALLS.listAgencies,
      NOTIFICATION_CALLS.listBranches,
      NOTIFICATION_CALLS.listAgents,
    ]) {
      expectError(await get(null, path), 401, 'UNAUTHORIZED');
    }
  });

  it.each([
    [NOTIFICATION_CALLS.listAgencies, '?level=BRANCH', 'level'],
    [NOTIFICATION_CALLS.listBranches, '?agencyId=abc', 'agencyId'],
    [NOTIFICATION_CALLS.listBranches, '?agencyId=0', 'agencyId'],
    [NOTIFICATION_CALLS.listAgents, '?branchId=1.5', 'branchId'],
  ])('should answer 400 with field errors for %s%s', async (path, query, field) => {
    const body = expectError(await get('manager', path, query), 400, 'BAD_REQUEST');
    expect(Object.keys(body.fieldErrors ?? {})).toContain(field);
  });

  it("should list only the agents without a user, keeping the edited user's own, when asked", async () => {
    const tlv1 = idOf(ids.branch, 'TLV1');
    const [free] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into agents (branch_id, name, initials) values (${tlv1}, 'Nora New', 'NN') returning id`,
    );
    const [adam] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from users where name = 'Adam Agent'`,
    );
    try {
      const names = async (role: Role, query: string) =>
        (await ok(AgentItem, await get(role, NOTIFICATION_CALLS.listAgents, query))).map(
          (a) => a.name,
        );
      expect(await names('manager', `?branchId=${tlv1}`)).toEqual([
        'Adam Agent',
        'Bella Agent',
        'Maya Manager',
        'Nora New',
      ]);
      expect(await names('manager', `?branchId=${tlv1}&withoutUser=true`)).toEqual(['Nora New']);
      expect(
        await names('manager', `?branchId=${tlv1}&withoutUser=true&keepingUser=${adam!.id}`),
      ).toEqual(['Adam Agent', 'Nora New']);
      expect(await names('manager', `?branchId=${tlv1}&withoutUser=false`)).toHaveLength(4);
      // Still the caller's scope: an agent sees no colleague, free or not.
      expect(await names('agent', '?withoutUser=true')).toEqual([]);
      expect(await names('globeManager', '?withoutUser=true')).toEqual([]);
      expectError(
        await get(
          'globeManager',
          NOTIFICATION_CALLS.listAgents,
          `?branchId=${tlv1}&withoutUser=true`,
        ),
        403,
        'FORBIDDEN',
      );
    } finally {
      await queryRows(t.database.db, sql`delete from agents where id = ${free!.id}`);
    }
  });
});
