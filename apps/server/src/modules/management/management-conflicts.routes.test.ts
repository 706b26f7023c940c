import {
  ACCOUNT_CALLS,
  ApiErrorBody,
  MANAGEMENT_CALLS as CALLS,
  managementMessages,
} from '@smt/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { DEMO, signIn, type DemoPerson } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';
import { CONFLICT_LIMIT } from './conflict-limit';

// Issue 19, point 6: a stranger may self-register, add an agency and manage it, so the
// management calls' 409s on e-mail, phone and PCC must not answer "who exists" without limit
// (docs/decisions/025). Over HTTP: the 429 a limited caller is answered, and the limit under
// concurrent writes, which only PostgreSQL's connections make concurrent. What is audited, who
// is counted and when the limit lifts are management-conflicts.service.test.ts's.

type Headers = Record<string, string>;
type Form = Record<string, string | number>;
type Refusal = {
  user_id: number | null;
  action: string;
  entity_type: string;
  details: Record<string, unknown>;
};

const LIMIT = CONFLICT_LIMIT.perWindow;

const stranger = (n: number): DemoPerson => ({
  email: `stranger${n}@conflicts.test`,
  phone: `+9725000008${String(n).padStart(2, '0')}`,
});

describe.each(TEST_DATABASE_KINDS)('conflicts of the management calls on %s', (kind) => {
  let t: TestApp;
  let fresh = 0;
  // Phones and e-mails no one has, for the writes that must not conflict.
  const freshPhone = () => `+972500000${700 + (fresh += 1)}`;
  const freshEmail = () => `fresh${(fresh += 1)}@conflicts.test`;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const post = (headers: Headers, call: string, form: Form) =>
    t.app.inject({
      method: 'POST',
      url: `/api/${call}`,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(
        Object.entries(form).map(([key, value]): [string, string] => [key, String(value)]),
      ).toString(),
    });
  const idOf = async (table: 'users' | 'branches', column: string, value: string) => {
    const [row] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from ${sql.identifier(table)} where ${sql.identifier(column)} = ${value}`,
    );
    if (!row) throw new Error(`no ${value} in ${table}`);
    return row.id;
  };
  const refusalsOf = (realUserId: number) =>
    queryRows<Refusal>(
      t.database.db,
      sql`select user_id, action, entity_type, details from audit_log
          where real_user_id = ${realUserId} and result = 'FAILURE' order by id`,
    );
  const expectLimited = (res: { statusCode: number; json: () => unknown }) => {
    expect(res.statusCode, JSON.stringify(res.json())).toBe(429);
    expect(ApiErrorBody.parse(res.json())).toEqual({
      code: 'RATE_LIMITED',
      message: managementMessages.conflictsLimited,
      reason: 'management.conflicts-limited',
    });
  };

  /** A stranger signs in, adds an agency and a branch: theirs to probe with. */
  const onboard = async (person: DemoPerson) => {
    const { headers } = await signIn(t.app, person);
    const agency = await post(headers, CALLS.agencyCreate, { name: `Agency of ${person.email}` });
    expect(agency.statusCode, agency.body).toBe(200);
    const agencyId = agency.json<{ id: number }>().id;
    const pcc = `S${person.phone.slice(-4)}`;
    const branch = await post(headers, CALLS.branchCreate, { name: 'Home', pcc, agencyId });
    expect(branch.statusCode, branch.body).toBe(200);
    const branchId = branch.json<{ id: number }>().id;
    return { headers, branchId };
  };

  const newUser = (branchId: number, fields: { email?: string; deviceNumber?: string } = {}) => ({
    name: 'Probe',
    email: fields.email ?? freshEmail(),
    deviceNumber: fields.deviceNumber ?? freshPhone(),
    role: 'ROLE_SA_BRANCH_MANAGER_USER',
    branchId,
  });

  it('should answer 429 with the refusal to a self-registered manager who has named the limit of taken values', async () => {
    const o = await onboard(stranger(1));
    for (let i = 0; i < LIMIT; i += 1) {
      const res = await post(
        o.headers,
        CALLS.userCreate,
        newUser(o.branchId, { email: DEMO.agent.email }),
      );
      expect(res.statusCode, res.body).toBe(409);
    }
    expectLimited(await post(o.headers, CALLS.userCreate, newUser(o.branchId)));
  });

  it('should let no more than the limit through when one caller probes in parallel', async () => {
    const o = await onboard(stranger(3));
    const answers = await Promise.all(
      Array.from({ length: LIMIT + 5 }, () =>
        post(o.headers, CALLS.userCreate, newUser(o.branchId, { email: DEMO.agent.email })),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 409)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });

  it('should audit one refusal when two managers add the same phone at once', async () => {
    const superUser = await signIn(t.app, DEMO.superUser);
    const globe = await signIn(t.app, DEMO.globeManager);
    const ids = [
      await idOf('users', 'email', DEMO.superUser.email),
      await idOf('users', 'email', DEMO.globeManager.email),
    ];
    const before = await refusalsOf(ids[0] ?? 0);
    const phone = freshPhone();
    const answers = await Promise.all([
      post(
        superUser.headers,
        CALLS.userCreate,
        newUser(await idOf('branches', 'pcc', 'TLV1'), { deviceNumber: phone }),
      ),
      post(
        globe.headers,
        CALLS.userCreate,
        newUser(await idOf('branches', 'pcc', 'HFA1'), { deviceNumber: phone }),
      ),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const refusals = [
      ...(await refusalsOf(ids[0] ?? 0)).slice(before.length),
      ...(await refusalsOf(ids[1] ?? 0)),
    ];
    expect(refusals.map((row) => row.details)).toEqual([
      { refusal: 'taken', field: 'deviceNumber', kind: 'phone' },
    ]);
  });

  it('should answer the same for an unknown phone and a phone outside the scope when a manager switches user', async () => {
    const { headers } = await signIn(t.app, DEMO.manager);
    const outside = await post(headers, ACCOUNT_CALLS.switchUser, {
      username: DEMO.globeAgent.phone,
    });
    const unknown = await post(headers, ACCOUNT_CALLS.switchUser, { username: '+972500000699' });
    expect(outside.statusCode).toBe(404);
    expect({ status: outside.statusCode, body: outside.json() }).toEqual({
      status: unknown.statusCode,
      body: unknown.json(),
    });
  });
});
