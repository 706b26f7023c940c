import {
  ACCOUNT_CALLS,
  ApiErrorBody,
  MANAGEMENT_CALLS as CALLS,
  TokenResponse,
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
// (docs/decisions/025).

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
  const withToken = (headers: Headers, res: { json: () => unknown }) => ({
    ...headers,
    'SA-REGID': TokenResponse.parse(res.json()).accessToken,
  });

  /** A stranger signs in, adds an agency, a branch and a branch manager: theirs to probe with. */
  const onboard = async (person: DemoPerson) => {
    const { headers } = await signIn(t.app, person);
    const agency = await post(headers, CALLS.agencyCreate, { name: `Agency of ${person.email}` });
    expect(agency.statusCode, agency.body).toBe(200);
    const agencyId = agency.json<{ id: number }>().id;
    const pcc = `S${person.phone.slice(-4)}`;
    const branch = await post(headers, CALLS.branchCreate, { name: 'Home', pcc, agencyId });
    expect(branch.statusCode, branch.body).toBe(200);
    const branchId = branch.json<{ id: number }>().id;
    const deputy: DemoPerson = { email: freshEmail(), phone: freshPhone() };
    const made = await post(headers, CALLS.userCreate, {
      name: 'Deputy',
      email: deputy.email,
      deviceNumber: deputy.phone,
      role: 'ROLE_SA_BRANCH_MANAGER_USER',
      branchId,
    });
    expect(made.statusCode, made.body).toBe(200);
    const deputyId = made.json<{ id: number }>().id;
    const userId = await idOf('users', 'email', person.email);
    return { headers, userId, agencyId, branchId, pcc, deputy, deputyId };
  };
  type Onboarded = Awaited<ReturnType<typeof onboard>>;

  const newUser = (branchId: number, fields: { email?: string; deviceNumber?: string } = {}) => ({
    name: 'Probe',
    email: fields.email ?? freshEmail(),
    deviceNumber: fields.deviceNumber ?? freshPhone(),
    role: 'ROLE_SA_BRANCH_MANAGER_USER',
    branchId,
  });

  /** Every way of naming something taken, with the field and kind the audit should say. */
  const probesOf = (o: Onboarded) => [
    {
      call: CALLS.userCreate,
      form: () => newUser(o.branchId, { email: DEMO.agent.email }),
      details: { refusal: 'taken', field: 'email', kind: 'email' },
      action: 'user.create',
    },
    {
      call: CALLS.userCreate,
      form: () => newUser(o.branchId, { deviceNumber: DEMO.agent.phone }),
      details: { refusal: 'taken', field: 'deviceNumber', kind: 'phone' },
      action: 'user.create',
    },
    {
      call: CALLS.branchCreate,
      form: () => ({ name: 'Probe', pcc: 'TLV1', agencyId: o.agencyId }),
      details: { refusal: 'taken', field: 'pcc', kind: 'branchCode' },
      action: 'branch.create',
    },
    {
      call: CALLS.userUpdate,
      form: () => ({
        ...newUser(o.branchId, { email: DEMO.globeAgent.email, deviceNumber: o.deputy.phone }),
        userId: o.deputyId,
      }),
      details: { refusal: 'taken', field: 'email', kind: 'email' },
      action: 'user.update',
    },
    {
      call: CALLS.branchUpdate,
      form: () => ({ name: 'Home', pcc: 'HFA1', agencyId: o.agencyId, branchId: o.branchId }),
      details: { refusal: 'taken', field: 'pcc', kind: 'branchCode' },
      action: 'branch.update',
    },
  ];

  it('should audit each taken e-mail, phone and PCC and answer 429 to every write after the limit when a self-registered manager probes', async () => {
    const o = await onboard(stranger(1));
    const probes = probesOf(o);
    const expected: { action: string; details: object }[] = [];
    for (let i = 0; i < LIMIT; i += 1) {
      const probe = probes[i % probes.length];
      if (!probe) throw new Error('no probe');
      const res = await post(o.headers, probe.call, probe.form());
      expect(res.statusCode, res.body).toBe(409);
      expected.push({ action: probe.action, details: probe.details });
    }
    const refusals = await refusalsOf(o.userId);
    expect(refusals.map(({ action, details }) => ({ action, details }))).toEqual(expected);
    // What was probed is not kept: the audit needs the field, not the person.
    const kept = JSON.stringify(refusals);
    for (const value of [DEMO.agent.email, DEMO.agent.phone, DEMO.globeAgent.email]) {
      expect(kept).not.toContain(value);
    }

    // Over the limit every such write answers the same, taken or not: 429 says nothing.
    const unused = newUser(o.branchId);
    const limited = [
      await post(o.headers, CALLS.userCreate, newUser(o.branchId, { email: DEMO.agent.email })),
      await post(o.headers, CALLS.userCreate, unused),
      await post(o.headers, CALLS.branchCreate, {
        name: 'New',
        pcc: 'FREE1',
        agencyId: o.agencyId,
      }),
      await post(o.headers, CALLS.userUpdate, {
        ...newUser(o.branchId, { email: o.deputy.email, deviceNumber: o.deputy.phone }),
        userId: o.deputyId,
      }),
      await post(o.headers, CALLS.branchUpdate, {
        name: 'Renamed',
        pcc: o.pcc,
        agencyId: o.agencyId,
        branchId: o.branchId,
      }),
    ];
    for (const res of limited) expectLimited(res);
    const written = await queryRows<{ n: number }>(
      t.database.db,
      sql`select (select count(*) from users where email = ${unused.email})
               + (select count(*) from branches where pcc = 'FREE1' or name = 'Renamed') as n`,
    );
    expect(Number(written[0]?.n)).toBe(0);
    const after = await refusalsOf(o.userId);
    expect(after.slice(LIMIT).map((row) => row.details)).toEqual(
      limited.map(() => ({ refusal: 'rateLimited' })),
    );

    // An hour after the conflicts the caller writes again.
    t.app.clock.advance(CONFLICT_LIMIT.windowMs);
    const { headers } = await signIn(t.app, stranger(1));
    const later = await post(headers, CALLS.userCreate, newUser(o.branchId));
    expect(later.statusCode, later.body).toBe(200);
  });

  it('should count the conflicts against the real user when a manager acts as someone else', async () => {
    const o = await onboard(stranger(2));
    const half = Math.floor(LIMIT / 2);
    for (let i = 0; i < half; i += 1) {
      const res = await post(
        o.headers,
        CALLS.userCreate,
        newUser(o.branchId, { email: DEMO.agent.email }),
      );
      expect(res.statusCode, res.body).toBe(409);
    }
    const switched = await post(o.headers, ACCOUNT_CALLS.switchUser, { username: o.deputy.phone });
    expect(switched.statusCode, switched.body).toBe(200);
    const acting = withToken(o.headers, switched);
    for (let i = half; i < LIMIT; i += 1) {
      const res = await post(
        acting,
        CALLS.userCreate,
        newUser(o.branchId, { deviceNumber: DEMO.agent.phone }),
      );
      expect(res.statusCode, res.body).toBe(409);
    }
    expectLimited(await post(acting, CALLS.userCreate, newUser(o.branchId)));

    const refusals = await refusalsOf(o.userId);
    const taken = refusals.filter((row) => row.details.refusal === 'taken');
    expect(taken).toHaveLength(LIMIT);
    expect(taken.filter((row) => row.user_id === o.deputyId)).toHaveLength(LIMIT - half);

    // Stopping the impersonation starts no new count either.
    const back = await post(acting, ACCOUNT_CALLS.switchUserExit, {});
    expect(back.statusCode, back.body).toBe(200);
    expectLimited(await post(withToken(o.headers, back), CALLS.userCreate, newUser(o.branchId)));
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

  it('should never limit a manager who adds users without conflicts', async () => {
    const { headers } = await signIn(t.app, DEMO.manager);
    const managerId = await idOf('users', 'email', DEMO.manager.email);
    const tlv1 = await idOf('branches', 'pcc', 'TLV1');
    // A few honest slips stay well under the limit and successes never count.
    for (let i = 0; i < LIMIT - 1; i += 1) {
      const res = await post(headers, CALLS.userCreate, newUser(tlv1, { email: DEMO.agent.email }));
      expect(res.statusCode, res.body).toBe(409);
    }
    for (let i = 0; i < LIMIT + 5; i += 1) {
      const res = await post(headers, CALLS.userCreate, newUser(tlv1));
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await refusalsOf(managerId)).toHaveLength(LIMIT - 1);
  });

  it('should audit but not limit a super user, who may list every user anyway', async () => {
    const { headers } = await signIn(t.app, DEMO.superUser);
    const superId = await idOf('users', 'email', DEMO.superUser.email);
    const tlv1 = await idOf('branches', 'pcc', 'TLV1');
    for (let i = 0; i < LIMIT + 2; i += 1) {
      const res = await post(headers, CALLS.userCreate, newUser(tlv1, { email: DEMO.agent.email }));
      expect(res.statusCode, res.body).toBe(409);
    }
    const refusals = await refusalsOf(superId);
    expect(refusals.map((row) => row.details)).toEqual(
      Array.from({ length: LIMIT + 2 }, () => ({
        refusal: 'taken',
        field: 'email',
        kind: 'email',
      })),
    );
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
