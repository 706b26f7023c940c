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
  const confirmedOf = async (userId: number) => {
    const [row] = await queryRows<{ confirmed: boolean }>(
      t.database.db,
      sql`select email_confirmed_at is not null as confirmed from users where id = ${userId}`,
    );
    return row?.confirmed;
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

  it('should let a manager edit, disable, deactivate and delete a user of their agency', async () => {
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
    const page = ManagedUserPage.parse((await list('manager', { email: 'dana.d' })).json());
    expect(page.items).toEqual([
      expect.objectContaining({
        id: userId,
        name: 'Dana D.',
        deviceNumber: '+972500000097',
        branchId: jrs1,
        enabled: false,
        activated: false,
      }),
    ]);
    expect((await post('manager', CALLS.userDelete, { userId })).statusCode).toBe(200);
    expect(ManagedUserPage.parse((await list('manager', { email: 'dana.d' })).json()).total).toBe(
      0,
    );
  });

  it('should refuse a manager disabling, deactivating or deleting their own user, and change nothing', async () => {
    const self = await idOf('users', 'email', DEMO.manager.email);
    for (const [call, form] of [
      [CALLS.userUpdateStatus, { userId: self, enabled: 'false' }],
      [CALLS.userUpdateActivation, { userId: self, activated: 'false' }],
      [CALLS.userDelete, { userId: self }],
    ] as const) {
      expect(expectError(await post('manager', call, form), 409), call).toEqual({
        code: 'CONFLICT',
        message: 'You cannot disable, deactivate or delete yourself.',
        reason: 'management.not-yourself',
      });
    }
    const [row] = await queryRows<{ enabled: boolean; activated: boolean }>(
      t.database.db,
      sql`select enabled, activated from users where id = ${self}`,
    );
    expect(row).toEqual({ enabled: true, activated: true });
  });

  it('should end the sessions of a deleted user', async () => {
    const agent2 = await idOf('users', 'email', DEMO.agent2.email);
    const { headers } = await signIn(t.app, DEMO.agent2);
    expect((await post('superUser', CALLS.userDelete, { userId: agent2 })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/api/getUserDetails', headers });
    expect(res.statusCode).toBe(401);
  });

  it('should answer 409 naming the e-mail or the device number of a duplicate', async () => {
    const tlv1 = await idOf('branches', 'pcc', 'TLV1');
    const base = { name: 'Copy', role: 'ROLE_SA_BRANCH_MANAGER_USER', branchId: tlv1 };
    const email = expectError(
      await post('superUser', CALLS.userCreate, {
        ...base,
        email: DEMO.agent.email,
        deviceNumber: '+972500000090',
      }),
      409,
    );
    expect(email.message).toMatch(/email/);
    const phone = expectError(
      await post('superUser', CALLS.userCreate, {
        ...base,
        email: 'copy@demo.test',
        deviceNumber: DEMO.agent.phone,
      }),
      409,
    );
    expect(phone.message).toMatch(/device number/);
  });

  it('should let a manager add a user whose e-mail another user only claims, and vouch for it', async () => {
    // An e-mail no one proved is a claim: it blocks no one (docs/decisions/024).
    await t.database.exec(
      `update users set email_confirmed_at = null where email = '${DEMO.operator.email}'`,
    );
    const tlv1 = await idOf('branches', 'pcc', 'TLV1');
    const created = await post('manager', CALLS.userCreate, {
      name: 'Real Owner',
      email: DEMO.operator.email.toUpperCase(),
      deviceNumber: '+972500000089',
      role: 'ROLE_SA_BRANCH_MANAGER_USER',
      branchId: tlv1,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(await confirmedOf(created.json<{ id: number }>().id)).toBe(true);
  });

  it('should vouch for an e-mail when a manager changes it, and only then', async () => {
    const tlv1 = await idOf('branches', 'pcc', 'TLV1');
    const fields = {
      name: 'Claimed Mail',
      email: 'claimed@demo.test',
      deviceNumber: '+972500000088',
      role: 'ROLE_SA_BRANCH_MANAGER_USER',
      branchId: tlv1,
    };
    const created = await post('manager', CALLS.userCreate, fields);
    expect(created.statusCode, created.body).toBe(200);
    const userId = created.json<{ id: number }>().id;
    await t.database.exec(`update users set email_confirmed_at = null where id = ${userId}`);
    const renamed = await post('manager', CALLS.userUpdate, { ...fields, userId, name: 'C. Mail' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await confirmedOf(userId)).toBe(false);
    const moved = await post('manager', CALLS.userUpdate, {
      ...fields,
      userId,
      email: 'vouched@demo.test',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await confirmedOf(userId)).toBe(true);
  });

  it("should refuse with 403 a manager reaching another agency's users or a super role", async () => {
    const gil = await idOf('users', 'email', DEMO.globeManager.email);
    const hfa1 = await idOf('branches', 'pcc', 'HFA1');
    const adam = await idOf('users', 'email', DEMO.agent.email);
    const aa = await idOf('agents', 'initials', 'AA');
    const person = { name: 'X', email: 'x@demo.test', deviceNumber: '+972500000091' };
    const attempts = [
      // Adding a user in another agency's branch, or a super user.
      post('manager', CALLS.userCreate, {
        ...person,
        role: 'ROLE_SA_BRANCH_MANAGER_USER',
        branchId: hfa1,
      }),
      post('manager', CALLS.userCreate, { ...person, role: 'ROLE_SA_SUPER_USER', branchId: hfa1 }),
      post('manager', CALLS.userUpdateStatus, { userId: gil, enabled: 'false' }),
      post('manager', CALLS.userDelete, { userId: gil }),
      post('manager', CALLS.userUpdate, {
        ...person,
        userId: gil,
        role: 'ROLE_SA_MANAGER_USER',
        branchId: hfa1,
      }),
      // Moving one of their own users out of the agency, or making them a super user.
      post('manager', CALLS.userUpdate, {
        ...person,
        userId: adam,
        role: 'ROLE_SA_BRANCH_MANAGER_USER',
        branchId: hfa1,
      }),
      post('manager', CALLS.userUpdate, {
        ...person,
        userId: adam,
        role: 'ROLE_SA_SUPER_USER',
        agentId: aa,
      }),
      list('manager', { branchId: hfa1 }),
    ];
    for (const res of await Promise.all(attempts)) expectError(res, 403);
    const users = ManagedUserPage.parse((await list('superUser', { limit: 100 })).json()).items;
    expect(users.find((u) => u.id === gil)).toMatchObject({ enabled: true });
    expect(users.find((u) => u.id === adam)).toMatchObject({ roles: ['ROLE_SA_AGENT_USER'] });
    expect(users.find((u) => u.email === person.email)).toBeUndefined();
  });

  it('should search, page and answer a CSV equal to the list', async () => {
    const all = ManagedUserPage.parse((await list('superUser', { limit: 100 })).json());
    const page = ManagedUserPage.parse((await list('superUser', { offset: 1, limit: 2 })).json());
    expect(page.total).toBe(all.total);
    expect(page.items).toEqual(all.items.slice(1, 3));
    const agents = ManagedUserPage.parse(
      (await list('superUser', { role: 'ROLE_SA_AGENT_USER' })).json(),
    );
    expect(agents.items.every((u) => u.roles.includes('ROLE_SA_AGENT_USER'))).toBe(true);
    const byPhone = ManagedUserPage.parse(
      (await list('superUser', { deviceNumber: '0000005' })).json(),
    );
    expect(byPhone.items.map((u) => u.email)).toEqual([DEMO.operator.email]);
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
