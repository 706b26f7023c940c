import {
  ApiErrorBody,
  CreatedId,
  MANAGEMENT_CALLS as CALLS,
  ManagedAgencyPage,
  ManagedAgentPage,
  ManagedBranchPage,
} from '@smt/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { parseCsv } from '../../../test/parse-csv';
import { DEMO, signIn } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';

type Role = keyof typeof DEMO;

// The agency, branch and agent management calls over HTTP: what each answers, who may make it,
// the shape of a refusal and the CSV files. The rules behind them (scope, taken names, rows in
// use, what is stored and audited, paging) are organisation-admin.service.test.ts's.

describe.each(TEST_DATABASE_KINDS)('the agency, branch and agent management on %s', (kind) => {
  let t: TestApp;
  const sessions = new Map<Role, Record<string, string>>();

  const headersOf = async (role: Role) => {
    const known = sessions.get(role);
    if (known) return known;
    const { headers } = await signIn(t.app, DEMO[role]);
    sessions.set(role, headers);
    return headers;
  };
  const post = async (role: Role, call: string, form: Record<string, string | number | boolean>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/${call}`,
      headers: {
        ...(await headersOf(role)),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams(
        Object.entries(form).map(([key, value]): [string, string] => [key, String(value)]),
      ).toString(),
      // Form-encoded, as SPEC §7 sends bodies.
    });
  const get = async (role: Role, call: string, query: Record<string, string | number> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/api/${call}`,
      headers: await headersOf(role),
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    });
  const idOf = async (table: 'agencies' | 'branches' | 'agents', column: string, value: string) => {
    const [row] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from ${sql.identifier(table)} where ${sql.identifier(column)} = ${value}`,
    );
    if (!row) throw new Error(`no ${value} in ${table}`);
    return row.id;
  };
  const expectError = (res: { statusCode: number; json: () => unknown }, status: number) => {
    expect(res.statusCode).toBe(status);
    return ApiErrorBody.parse(res.json());
  };
  const auditCount = async () =>
    (
      await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from audit_log`)
    )[0]?.n ?? 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('should answer 200 to a super user creating, renaming, disabling and deleting an agency', async () => {
    const created = await post('superUser', CALLS.agencyCreate, { name: 'Sun Trips' });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = CreatedId.parse(created.json());
    expect(
      (await post('superUser', CALLS.agencyUpdate, { agencyId: id, name: 'Sun Trips Ltd' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await post('superUser', CALLS.agencyUpdateStatus, { agencyId: id, enabled: 'false' }))
        .statusCode,
    ).toBe(200);
    const list = await get('superUser', CALLS.agencyList, { name: 'sun' });
    expect(list.statusCode, list.body).toBe(200);
    expect(ManagedAgencyPage.safeParse(list.json()).error).toBeUndefined();
    expect((await post('superUser', CALLS.agencyDelete, { agencyId: id })).statusCode).toBe(200);
  });

  it('should answer 409 with the refusal to deleting an agency still in use', async () => {
    const demoTravel = await idOf('agencies', 'name', 'Demo Travel');
    const body = expectError(
      await post('superUser', CALLS.agencyDelete, { agencyId: demoTravel }),
      409,
    );
    expect(body.code).toBe('CONFLICT');
  });

  it('should answer 200 to a manager running branches and agents of their agency', async () => {
    const demoTravel = await idOf('agencies', 'name', 'Demo Travel');
    const created = await post('manager', CALLS.branchCreate, {
      name: 'Eilat',
      pcc: 'eil1',
      agencyId: demoTravel,
    });
    expect(created.statusCode, created.body).toBe(200);
    const branchId = created.json<{ id: number }>().id;
    const agent = await post('manager', CALLS.agentCreate, {
      name: 'Eli Eilat',
      initials: 'ee',
      branchId,
    });
    expect(agent.statusCode, agent.body).toBe(200);
    const agentId = agent.json<{ id: number }>().id;
    expect(
      (
        await post('manager', CALLS.agentUpdate, {
          agentId,
          name: 'Eli E.',
          initials: 'EE2',
          branchId,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await post('manager', CALLS.agentUpdateStatus, { agentId, enabled: 'false' })).statusCode,
    ).toBe(200);
    const agents = await get('manager', CALLS.agentList, { branchId });
    expect(agents.statusCode, agents.body).toBe(200);
    expect(ManagedAgentPage.safeParse(agents.json()).error).toBeUndefined();
    expect((await post('manager', CALLS.agentDelete, { agentId })).statusCode).toBe(200);
    expect(
      (
        await post('manager', CALLS.branchUpdate, {
          branchId,
          name: 'Eilat Port',
          pcc: 'EIL2',
          agencyId: demoTravel,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await post('manager', CALLS.branchUpdateStatus, { branchId, enabled: false })).statusCode,
    ).toBe(200);
    const branches = await get('manager', CALLS.branchList, { name: 'eil2' });
    expect(branches.statusCode, branches.body).toBe(200);
    expect(ManagedBranchPage.safeParse(branches.json()).error).toBeUndefined();
    expect((await post('manager', CALLS.branchDelete, { branchId })).statusCode).toBe(200);
    // The agency list is not a Manager's page (SPEC §6: SuperUser, AgencyManager).
    expectError(await get('manager', CALLS.agencyList), 403);
  });

  it("should refuse with 403 a manager reaching another agency's ids", async () => {
    const globe = await idOf('agencies', 'name', 'Globe Tours');
    const hfa1 = await idOf('branches', 'pcc', 'HFA1');
    const gal = await idOf('agents', 'initials', 'GG');
    const attempts = [
      post('manager', CALLS.branchCreate, { name: 'Sneaky', pcc: 'SNK1', agencyId: globe }),
      post('manager', CALLS.branchUpdate, {
        branchId: hfa1,
        name: 'Mine',
        pcc: 'HFA1',
        agencyId: globe,
      }),
      post('manager', CALLS.branchUpdateStatus, { branchId: hfa1, enabled: 'false' }),
      post('manager', CALLS.branchDelete, { branchId: hfa1 }),
      post('manager', CALLS.agentCreate, { name: 'Sneaky', initials: 'SN', branchId: hfa1 }),
      post('manager', CALLS.agentUpdate, {
        agentId: gal,
        name: 'Mine',
        initials: 'GG',
        branchId: hfa1,
      }),
      post('manager', CALLS.agentUpdateStatus, { agentId: gal, enabled: 'false' }),
      post('manager', CALLS.agentDelete, { agentId: gal }),
      get('manager', CALLS.branchList, { agencyId: globe }),
      get('manager', CALLS.agentList, { branchId: hfa1 }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(expectError(res, 403).code).toBe('FORBIDDEN');
    }
  });

  // Access: a list answers in the caller's own scope (who sees what is the service's test).
  it("should list a manager their agency's branches only", async () => {
    const page = ManagedBranchPage.parse((await get('manager', CALLS.branchList)).json());
    expect(page.total).toBeGreaterThan(0);
    expect(new Set(page.items.map((item) => item.agencyName))).toEqual(new Set(['Demo Travel']));
  });

  it('should answer 400 to a page larger than a list gives', async () => {
    expectError(await get('superUser', CALLS.branchList, { limit: 101 }), 400);
  });

  it('should answer CSV files holding exactly the rows of the lists, formula-safe', async () => {
    expect(
      (await post('superUser', CALLS.agencyCreate, { name: '=HYPERLINK("x")' })).statusCode,
    ).toBe(200);
    const cases = [
      [CALLS.agencyList, CALLS.agencyCsv, (i: { name: string }) => i.name, 1],
      [CALLS.branchList, CALLS.branchCsv, (i: { pcc: string }) => i.pcc, 1],
      [CALLS.agentList, CALLS.agentCsv, (i: { initials: string }) => i.initials, 1],
    ] as const;
    for (const [list, csv, key, column] of cases) {
      const items = (await get('superUser', list, { limit: 100 })).json<{ items: never[] }>().items;
      const res = await get('superUser', csv);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="\w+-\d{4}-\d\d-\d\d\.csv"$/,
      );
      const rows = parseCsv(res.body.trimEnd()).slice(1);
      expect(rows.map((row) => row[column]?.replace(/^'(?=[=+\-@])/, ''))).toEqual(items.map(key));
    }
    expect((await get('superUser', CALLS.agencyCsv, { name: 'hyperlink' })).body).toContain(
      `'=HYPERLINK`,
    );
  });

  it('should answer 400, never 500, to any bad form and change nothing', async () => {
    const text = fc.oneof(
      fc.string(),
      fc.constantFrom('', '0', '-1', '1.5', 'abc', 'x'.repeat(200)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          CALLS.agencyCreate,
          CALLS.branchCreate,
          CALLS.agentCreate,
          CALLS.branchUpdateStatus,
        ),
        fc.record(
          { name: text, pcc: text, initials: text, agencyId: text, branchId: text, enabled: text },
          { requiredKeys: [] },
        ),
        async (call, form) => {
          const res = await post('superUser', call, form);
          expect(res.statusCode === 500).toBe(false);
          if (res.statusCode === 400)
            expect(ApiErrorBody.parse(res.json()).code).toBe('BAD_REQUEST');
        },
      ),
      { numRuns: 40 },
    );
    // The fuzz may make valid rows; the plainly bad forms below must change nothing.
    const before = await auditCount();
    const forms: Record<string, string>[] = [{}, { name: '' }, { name: 'x'.repeat(101) }];
    for (const form of forms) {
      expectError(await post('superUser', CALLS.agencyCreate, form), 400);
    }
    expectError(
      await post('superUser', CALLS.branchCreate, { name: 'X', pcc: 'a b', agencyId: 1 }),
      400,
    );
    expect(await auditCount()).toBe(before);
  });
});
