import {
  ApiErrorBody,
  CONNECTION_CALLS,
  ConnectionItem,
  ConnectionList,
  ConnectionTestResult,
  connectionMessages,
} from '@smt/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { DEMO, signIn } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';

type Role = keyof typeof DEMO;

const TOKEN = 'duffel_test_s3cretTokenOfTheDemoAgency1234';
const OTHER_TOKEN = 'duffel_test_anotherTokenForRotation9876';

describe.each(TEST_DATABASE_KINDS)('the Connections calls on %s', (kind) => {
  let t: TestApp;
  const sessions = new Map<Role, Record<string, string>>();
  const ids = { demoTravel: 0, globe: 0, demoBranch: 0, globeBranch: 0 };

  const headersOf = async (role: Role) => {
    const known = sessions.get(role);
    if (known) return known;
    const { headers } = await signIn(t.app, DEMO[role]);
    sessions.set(role, headers);
    return headers;
  };
  const list = async (role: Role, agencyId?: number) =>
    t.app.inject({
      method: 'GET',
      url: `/api/${CONNECTION_CALLS.list}`,
      headers: await headersOf(role),
      query: agencyId === undefined ? {} : { agencyId: String(agencyId) },
    });
  const post = async (role: Role, call: keyof typeof CONNECTION_CALLS, body: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/${CONNECTION_CALLS[call]}`,
      headers: await headersOf(role),
      payload: body,
    });
  const errorOf = (
    res: { statusCode: number; body: string; json: () => unknown },
    status: number,
  ) => {
    expect(res.statusCode, res.body).toBe(status);
    return ApiErrorBody.parse(res.json());
  };
  const itemsOf = async (role: Role, agencyId?: number) => {
    const res = await list(role, agencyId);
    expect(res.statusCode, res.body).toBe(200);
    return ConnectionList.parse(res.json()).items;
  };
  const connectDuffel = (role: Role, over: object = {}) =>
    post(role, 'connectDuffel', {
      agencyId: ids.demoTravel,
      token: TOKEN,
      defaultBranchId: ids.demoBranch,
      ...over,
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    const rows = await queryRows<{ agency: string; agency_id: number; branch_id: number }>(
      t.database.db,
      sql`select a.name as agency, a.id as agency_id, min(b.id) as branch_id
          from agencies a join branches b on b.agency_id = a.id group by a.name, a.id`,
    );
    const of = (name: string) => rows.find((row) => row.agency === name);
    ids.demoTravel = of('Demo Travel')?.agency_id ?? 0;
    ids.demoBranch = of('Demo Travel')?.branch_id ?? 0;
    ids.globe = rows.find((row) => row.agency !== 'Demo Travel')?.agency_id ?? 0;
    ids.globeBranch = rows.find((row) => row.agency !== 'Demo Travel')?.branch_id ?? 0;
  });
  afterAll(() => t.close());

  it("should answer the connections of the caller's scope", async () => {
    expect((await itemsOf('superUser')).length).toBeGreaterThan(0);
    expect((await itemsOf('manager')).map((item) => item.agencyId)).toEqual([ids.demoTravel]);
  });

  it('should refuse a branch manager and an agent', async () => {
    expect(errorOf(await list('branchManager'), 403).message).toBe(connectionMessages.agencyOnly);
    errorOf(await list('agent'), 403);
    errorOf(await connectDuffel('agent'), 403);
  });

  it('should connect Duffel and answer the connection without its token', async () => {
    const res = await connectDuffel('manager', { webhookSecret: 'whsec-of-the-demo-agency' });
    expect(res.statusCode, res.body).toBe(200);
    expect(ConnectionItem.parse(res.json())).toMatchObject({
      provider: 'DUFFEL',
      tokenHint: '1234',
    });
    expect(res.body).not.toContain('s3cret');
  });

  it("should refuse another agency's manager, a bad token and a plain http address", async () => {
    errorOf(await connectDuffel('manager', { agencyId: ids.globe }), 403);
    const token = errorOf(
      await connectDuffel('superUser', {
        agencyId: ids.globe,
        token: 'sk_live_abc',
        defaultBranchId: ids.globeBranch,
      }),
      400,
    );
    expect(JSON.stringify(token)).toContain(connectionMessages.tokenInvalid);
    const plain = errorOf(
      await connectDuffel('superUser', {
        agencyId: ids.globe,
        defaultBranchId: ids.globeBranch,
        apiUrl: 'http://169.254.169.254/latest',
      }),
      400,
    );
    expect(JSON.stringify(plain)).toContain(connectionMessages.apiUrlInvalid);
  });

  it('should test the simulator connection', async () => {
    const [simulator] = (await itemsOf('manager')).filter((i) => i.provider === 'SIMULATOR');
    const res = await post('manager', 'test', { connectionId: simulator?.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(ConnectionTestResult.parse(res.json()).message).toMatch(
      /^The embedded simulator answers; its clock reads \d\d\/\d\d\/\d{4} \d\d:\d\d UTC$/,
    );
  });

  it('should replace a token, and refuse a token for the simulator or a payment Duffel lacks', async () => {
    const [duffel] = (await itemsOf('manager')).filter((i) => i.provider === 'DUFFEL');
    const res = await post('manager', 'update', { connectionId: duffel?.id, token: OTHER_TOKEN });
    expect(res.statusCode, res.body).toBe(200);
    expect(ConnectionItem.parse(res.json()).tokenHint).toBe('9876');

    const [simulator] = (await itemsOf('manager')).filter((i) => i.provider === 'SIMULATOR');
    const refused = await post('manager', 'update', { connectionId: simulator?.id, token: TOKEN });
    expect(errorOf(refused, 400).message).toBe(connectionMessages.simulatorHasNoToken);
    errorOf(
      await post('manager', 'update', { connectionId: duffel?.id, paymentType: 'card' }),
      400,
    );
  });

  it("should not find another agency's connection by its id", async () => {
    const [globe] = await itemsOf('superUser', ids.globe);
    const res = await post('manager', 'disconnect', { connectionId: globe?.id });
    expect(errorOf(res, 404).message).toBe(connectionMessages.notFound);
  });

  it('should disconnect the simulator, and refuse to test it then', async () => {
    const [simulator] = (await itemsOf('manager')).filter((i) => i.provider === 'SIMULATOR');
    const res = await post('manager', 'disconnect', { connectionId: simulator?.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(ConnectionItem.parse(res.json())).toMatchObject({ status: 'DISCONNECTED' });

    const again = await post('manager', 'test', { connectionId: simulator?.id });
    expect(errorOf(again, 400).message).toBe(connectionMessages.disconnected);
  });
});
