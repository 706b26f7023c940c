import {
  AgentItem,
  ApiErrorBody,
  MANAGEMENT_CALLS as CALLS,
  ManagedUserPage,
  NOTIFICATION_CALLS,
} from '@smt/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '@/db/client';
import { parseCsv } from '../../../test/parse-csv';
import { DEMO, signIn, type DemoPerson } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';

type Role = keyof typeof DEMO;

// The user management calls over HTTP: what each answers, who may make it and the shape of a
// refusal. The rules behind them (scope, roles, taken values, what is stored) are
// user-admin.service.test.ts's.

describe.each(TEST_DATABASE_KINDS)('the user management on %s', (kind) => {
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
    });
  const list = async (
    role: Role,
    query: Record<string, string | number>,
    call: string = CALLS.userList,
  ) =>
    t.app.inject({
      method: 'GET',
      url: `/api/${call}`,
      headers: await headersOf(role),
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    });
  const idOf = async (
    table: 'agencies' | 'branches' | 'agents' | 'users',
    where: string,
    value: string,
  ) => {
    const [row] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from ${sql.identifier(table)} where ${sql.identifier(where)} = ${value}`,
    );
    if (!row) throw new Error(`no ${value} in ${table}`);
    return row.id;
  };
  const expectError = (res: { statusCode: number; json: () => unknown }, status: number) => {
    expect(res.statusCode).toBe(status);
    return ApiErrorBody.parse(res.json());
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('should let a manager add an agent user of their agency, who signs in with that scope', async () => {
    const adam = await idOf('agents', 'initials', 'AA');
    const person: DemoPerson = { email: 'new.agent@demo.test', phone: '+972500000099' };
    const created = await post('manager', CALLS.userCreate, {
      name: 'New Agent',
      email: 'New.Agent@demo.test',
      deviceNumber: person.phone,
      role: 'ROLE_SA_AGENT_USER',
      agentId: adam,
    });
    expect(created.statusCode, created.body).toBe(200);
    const { headers } = await signIn(t.app, person);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/${NOTIFICATION_CALLS.listAgents}`,
      headers,
    });
    expect(
      z
        .array(AgentItem)
        .parse(res.json())
        .map((a) => a.initials),
    ).toEqual(['AA']);
  });

  it('should answer 200 to a manager editing, disabling, deactivating and deleting a user of their agency', async () => {
    const jrs1 = await idOf('branches', 'pcc', 'JRS1');
    const created = await post('superUser', CALLS.userCreate, {
      name: 'Dana Desk',
      email: 'dana@demo.test',
      deviceNumber: '+972500000098',
      role: 'ROLE_SA_BRANCH_MANAGER_USER',
      branchId: jrs1,
    });
    expect(created.statusCode, created.body).toBe(200);
    const userId = created.json<{ id: number }>().id;
    const update = await post('manager', CALLS.userUpdate, {
      userId,
      name: 'Dana D.',
      email: 'dana.d@demo.test',
      deviceNumber: '+972500000097',
      role: 'ROLE_SA_BRANCH_MANAGER_USER',
      branchId: jrs1,
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(
      (await post('manager', CALLS.userUpdateStatus, { userId, enabled: 'false' })).statusCode,
    ).toBe(200);
    expect(
      (await post('manager', CALLS.userUpdateActivation, { userId, activated: 'false' }))
        .statusCode,
    ).toBe(200);
    expect((await post('manager', CALLS.userDelete, { userId })).statusCode).toBe(200);
  });

  it('should answer 409 with the refusal to a manager deactivating their own user', async () => {
    const self = await idOf('users', 'email', DEMO.manager.email);
    const res = await post('manager', CALLS.userUpdateActivation, {
      userId: self,
      activated: 'false',
    });
    expect(expectError(res, 409)).toEqual({
      code: 'CONFLICT',
      message: 'You cannot disable, deactivate or delete yourself.',
      reason: 'management.not-yourself',
    });
  });

  it('should end the sessions of a deleted user', async () => {
    const agent2 = await idOf('users', 'email', DEMO.agent2.email);
    const { headers } = await signIn(t.app, DEMO.agent2);
    expect((await post('superUser', CALLS.userDelete, { userId: agent2 })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/api/getUserDetails', headers });
    expect(res.statusCode).toBe(401);
  });

  it("should answer 403 with the refusal to each call of a manager reaching another agency's users", async () => {
    const gil = await idOf('users', 'email', DEMO.globeManager.email);
    const hfa1 = await idOf('branches', 'pcc', 'HFA1');
    const person = { name: 'X', email: 'x@demo.test', deviceNumber: '+972500000091' };
    const attempts = [
      post('manager', CALLS.userCreate, {
        ...person,
        role: 'ROLE_SA_BRANCH_MANAGER_USER',
        branchId: hfa1,
      }),
      post('manager', CALLS.userUpdateStatus, { userId: gil, enabled: 'false' }),
      post('manager', CALLS.userDelete, { userId: gil }),
      post('manager', CALLS.userUpdate, {
        ...person,
        userId: gil,
        role: 'ROLE_SA_MANAGER_USER',
        branchId: hfa1,
      }),
      list('manager', { branchId: hfa1 }),
    ];
    for (const res of await Promise.all(attempts)) expectError(res, 403);
  });

  it('should answer a CSV file equal to the list', async () => {
    const all = ManagedUserPage.parse((await list('superUser', { limit: 100 })).json());
    const csv = await list('superUser', {}, CALLS.userCsv);
    expect(csv.headers['content-disposition']).toMatch(/filename="users-\d{4}-\d\d-\d\d\.csv"/);
    expect(
      parseCsv(csv.body.trimEnd())
        .slice(1)
        .map((row) => Number(row[0])),
    ).toEqual(all.items.map((u) => u.id));
  });

  it('should answer 400, never 500, to a bad user form', async () => {
    const text = fc.oneof(
      fc.string(),
      fc.constantFrom('', '0', 'abc', '+972', '+972500000001', 'ROLE_SA_NEW_REGISTERED_USER'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            name: text,
            email: text,
            deviceNumber: text,
            role: text,
            agencyId: text,
            branchId: text,
            agentId: text,
          },
          { requiredKeys: [] },
        ),
        async (form) => {
          const res = await post('superUser', CALLS.userCreate, form);
          expect(res.statusCode).not.toBe(500);
        },
      ),
      { numRuns: 40 },
    );
    const tlv1 = await idOf('branches', 'pcc', 'TLV1');
    const good = { name: 'Y', email: 'y@demo.test', deviceNumber: '+972500000092', branchId: tlv1 };
    const cases = [
      { ...good, role: 'ROLE_SA_NEW_REGISTERED_USER' },
      { ...good, role: 'ROLE_SA_AGENT_USER' },
      { ...good, role: 'ROLE_SA_MANAGER_USER', agencyId: 1 },
      { ...good, role: 'ROLE_SA_MANAGER_USER', deviceNumber: '12' },
    ];
    for (const form of cases) expectError(await post('superUser', CALLS.userCreate, form), 400);
  });
});
