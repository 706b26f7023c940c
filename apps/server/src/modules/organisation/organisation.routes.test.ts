import { AgencyItem, AgentItem, ApiErrorBody, BranchItem, NOTIFICATION_CALLS } from '@smt/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '@/db/client';
import { DEMO, signIn, type DemoPerson } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';

type Role = keyof typeof DEMO;

// The organisation filter's menus over HTTP: the fields each call answers, who may call and the
// shape of a refusal. What each caller may see, and an agency's or branch's menu, are
// organisation.service.test.ts's.

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

  it("should list a manager's agencies, branches and agents, their agency's alone", async () => {
    const agencies = await ok(AgencyItem, await get('manager', NOTIFICATION_CALLS.listAgencies));
    const branches = await ok(BranchItem, await get('manager', NOTIFICATION_CALLS.listBranches));
    const agents = await ok(AgentItem, await get('manager', NOTIFICATION_CALLS.listAgents));
    expect(agencies.map((a) => a.name)).toEqual(['Demo Travel']);
    expect(branches.map((b) => b.pcc)).toEqual(['JRS1', 'TLV1']);
    expect(agents.map((a) => a.name)).toEqual([
      'Adam Agent',
      'Bella Agent',
      'Ben Branch',
      'Maya Manager',
    ]);
  });

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

  it('should answer 403 with the refusal for an agency or branch outside the scope', async () => {
    const cases: [Role, string, string][] = [
      ['manager', NOTIFICATION_CALLS.listBranches, `?agencyId=${idOf(ids.agency, 'Globe Tours')}`],
      ['branchManager', NOTIFICATION_CALLS.listAgents, `?branchId=${idOf(ids.branch, 'TLV1')}`],
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
});
