import {
  ApiErrorBody,
  MANAGEMENT_CALLS as CALLS,
  ManagedAgencyPage,
  ManagedBranchPage,
  ManagedUserPage,
  NOTIFICATION_CALLS,
  UserDetails,
} from '@smt/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { DEMO, signIn, type DemoPerson } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';
import { onboardingMessages } from './onboarding.service';

// A brand-new person signs in, adds their agency on Add agency (SPEC §4) and runs it from then
// on (docs/decisions/018).

const newcomer = (n: number): DemoPerson => ({
  email: `newcomer${n}@onboarding.test`,
  phone: `+9725000009${String(n).padStart(2, '0')}`,
});

describe.each(TEST_DATABASE_KINDS)('onboarding a new registered user on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const post = (headers: Record<string, string>, call: string, form: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/${call}`,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
  const get = (headers: Record<string, string>, call: string, query: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/${call}`, headers, query });
  const userDetails = async (headers: Record<string, string>) =>
    UserDetails.parse((await get(headers, 'getUserDetails')).json());
  const agencyCount = async () =>
    (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from agencies`))[0]
      ?.n ?? 0;
  const seatOf = async (email: string) =>
    (
      await queryRows<{ agency_id: number | null; roles: string[] }>(
        t.database.db,
        sql`select agency_id, roles from users where email = ${email}`,
      )
    )[0];

  it('should make the new user the agency manager of the agency they add, audited', async () => {
    const person = newcomer(1);
    const { headers } = await signIn(t.app, person);
    expect((await userDetails(headers)).serverRoles).toEqual(['ROLE_SA_NEW_REGISTERED_USER']);

    const created = await post(headers, CALLS.agencyCreate, { name: 'First Light Travel' });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json<{ id: number }>();

    const user = await userDetails(headers);
    expect(user.serverRoles).toEqual(['ROLE_SA_AGENCY_MANAGER_USER']);
    expect(user.roles).toEqual(['MANAGER']);
    expect(await seatOf(person.email)).toEqual({
      agency_id: id,
      roles: ['ROLE_SA_AGENCY_MANAGER_USER'],
    });
    const audit = await queryRows<{ action: string; entity_id: string }>(
      t.database.db,
      sql`select action, entity_id from audit_log where user_id = ${user.id} order by id`,
    );
    expect(audit).toEqual([
      { action: 'agency.create', entity_id: String(id) },
      { action: 'user.onboard', entity_id: String(user.id) },
    ]);
  });

  it('should let the new agency manager run their agency and see nothing of the others', async () => {
    const person = newcomer(2);
    const { headers } = await signIn(t.app, person);
    const { id } = (await post(headers, CALLS.agencyCreate, { name: 'Blue Lagoon Trips' })).json<{
      id: number;
    }>();

    const agencies = ManagedAgencyPage.parse((await get(headers, CALLS.agencyList)).json());
    expect(agencies).toEqual({
      items: [{ id, name: 'Blue Lagoon Trips', enabled: true }],
      total: 1,
    });
    const choices = await get(headers, NOTIFICATION_CALLS.listAgencies, { level: 'AGENT' });
    expect(choices.statusCode).toBe(200);
    expect(choices.json()).toEqual([{ id, name: 'Blue Lagoon Trips' }]);

    const branch = await post(headers, CALLS.branchCreate, {
      name: 'Lagoon Eilat',
      pcc: 'BLE1',
      agencyId: String(id),
    });
    expect(branch.statusCode, branch.body).toBe(200);
    const branchId = branch.json<{ id: number }>().id;
    const agent = await post(headers, CALLS.agentCreate, {
      name: 'Noa Levi',
      initials: 'NL',
      branchId: String(branchId),
    });
    expect(agent.statusCode, agent.body).toBe(200);

    const branches = ManagedBranchPage.parse((await get(headers, CALLS.branchList)).json());
    expect(branches.items.map((row) => row.pcc)).toEqual(['BLE1']);
    const users = ManagedUserPage.parse((await get(headers, CALLS.userList)).json());
    expect(users.items.map((row) => row.email)).toEqual([person.email]);

    const [demoTravel] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from agencies where name = 'Demo Travel'`,
    );
    const outside = await post(headers, CALLS.branchCreate, {
      name: 'Sneaky',
      pcc: 'SNK9',
      agencyId: String(demoTravel?.id),
    });
    expect(outside.statusCode).toBe(403);
    const theirBranches = await get(headers, NOTIFICATION_CALLS.listBranches, {
      agencyId: String(demoTravel?.id),
    });
    expect(theirBranches.statusCode).toBe(403);
  });

  it('should refuse a second agency with 409 and write nothing', async () => {
    const person = newcomer(3);
    const { headers } = await signIn(t.app, person);
    expect((await post(headers, CALLS.agencyCreate, { name: 'Only Once Tours' })).statusCode).toBe(
      200,
    );
    const before = await agencyCount();
    const again = await post(headers, CALLS.agencyCreate, { name: 'Twice Tours' });
    expect(again.statusCode).toBe(409);
    expect(ApiErrorBody.parse(again.json())).toEqual({
      code: 'CONFLICT',
      message: onboardingMessages.alreadyInAgency,
      reason: 'onboarding.already-in-agency',
    });
    expect(await agencyCount()).toBe(before);
  });

  it('should seat the user once when two agencies are added at the same time', async () => {
    const person = newcomer(4);
    const { headers } = await signIn(t.app, person);
    const before = await agencyCount();
    const answers = await Promise.all([
      post(headers, CALLS.agencyCreate, { name: 'Race North' }),
      post(headers, CALLS.agencyCreate, { name: 'Race South' }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(await agencyCount()).toBe(before + 1);
    const winner = answers.find((res) => res.statusCode === 200)?.json<{ id: number }>();
    expect((await seatOf(person.email))?.agency_id).toBe(winner?.id);
  });

  it('should keep a super user where they are when they add agencies', async () => {
    const { headers } = await signIn(t.app, DEMO.superUser);
    for (const name of ['Super One', 'Super Two']) {
      expect((await post(headers, CALLS.agencyCreate, { name })).statusCode).toBe(200);
    }
    expect(await seatOf(DEMO.superUser.email)).toEqual({
      agency_id: null,
      roles: ['ROLE_SA_SUPER_USER'],
    });
  });

  it('should not let a new user add a branch before they have an agency', async () => {
    const { headers } = await signIn(t.app, newcomer(5));
    const [demoTravel] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from agencies where name = 'Demo Travel'`,
    );
    const res = await post(headers, CALLS.branchCreate, {
      name: 'Early',
      pcc: 'ERL1',
      agencyId: String(demoTravel?.id),
    });
    expect(res.statusCode).toBe(403);
  });
});
