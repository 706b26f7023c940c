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
    // Port 1 of loopback stands for an API address that does not answer: the operator allows it.
    t = await createTestApp(kind, { env: { OUTGOING_ALLOWED_HOSTS: '127.0.0.1:1' } });
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

  it('should show every agency on the simulator to a super user, and their own to a manager', async () => {
    const all = await itemsOf('superUser');
    expect(
      all
        .filter((item) => item.provider === 'SIMULATOR')
        .map((item) => item.agencyId)
        .sort(),
    ).toEqual([ids.demoTravel, ids.globe].sort());
    expect(all.every((item) => item.tokenHint === null && item.status === 'ACTIVE')).toBe(true);

    const own = await itemsOf('manager');
    expect(own.map((item) => item.agencyId)).toEqual([ids.demoTravel]);
    // Asking for another agency's changes nothing: the scope decides.
    expect(await itemsOf('manager', ids.globe)).toEqual([]);
  });

  it('should refuse a branch manager and an agent', async () => {
    expect(errorOf(await list('branchManager'), 403).message).toBe(connectionMessages.agencyOnly);
    errorOf(await list('agent'), 403);
    errorOf(await connectDuffel('agent'), 403);
  });

  it('should connect Duffel with the token sealed, shown only by its last four characters', async () => {
    const res = await connectDuffel('manager', { webhookSecret: 'whsec-of-the-demo-agency' });
    expect(res.statusCode, res.body).toBe(200);
    const item = ConnectionItem.parse(res.json());
    expect(item).toMatchObject({
      provider: 'DUFFEL',
      status: 'ACTIVE',
      tokenHint: '1234',
      hasWebhookSecret: true,
      defaultBranchId: ids.demoBranch,
      agentMetadataKey: 'agent_email',
      paymentType: 'balance',
      webhookPath: `/api/webhooks/duffel/${item.id}`,
      apiUrl: null,
    });
    expect(res.body).not.toContain('s3cret');

    const [stored] = await queryRows<{ sealed_token: string; sealed_webhook_secret: string }>(
      t.database.db,
      sql`select sealed_token, sealed_webhook_secret from gds_connections where id = ${item.id}`,
    );
    expect(stored?.sealed_token).toMatch(/^v1\./);
    expect(stored?.sealed_token).not.toContain('s3cret');
    expect(stored?.sealed_webhook_secret).not.toContain('whsec');
    const audit = await queryRows<{ action: string; details: string }>(
      t.database.db,
      sql`select action, details::text as details from audit_log
          where entity_type = 'connection' and entity_id = ${String(item.id)}`,
    );
    expect(audit.map((row) => row.action)).toEqual(['connection.connect']);
    expect(audit[0]?.details).not.toContain('s3cret');
    expect(audit[0]?.details).not.toContain('whsec');
  });

  it('should refuse a second live Duffel connection of the same agency', async () => {
    expect(errorOf(await connectDuffel('manager'), 409).message).toBe(
      connectionMessages.alreadyConnected,
    );
  });

  it("should refuse another agency's connection, branch or a bad token and change nothing", async () => {
    const before = await itemsOf('superUser');
    errorOf(await connectDuffel('manager', { agencyId: ids.globe }), 403);
    const branch = errorOf(
      await connectDuffel('superUser', { agencyId: ids.globe, defaultBranchId: ids.demoBranch }),
      400,
    );
    expect(branch.fieldErrors?.defaultBranchId).toBe(connectionMessages.branchOutside);
    const token = errorOf(
      await connectDuffel('superUser', {
        agencyId: ids.globe,
        token: 'sk_live_abc',
        defaultBranchId: ids.globeBranch,
      }),
      400,
    );
    expect(JSON.stringify(token)).toContain(connectionMessages.tokenInvalid);
    expect(await itemsOf('superUser')).toEqual(before);
  });

  it('should take an API address from a super user only, and only https', async () => {
    const managers = errorOf(
      await connectDuffel('manager', { apiUrl: 'https://duffel.example' }),
      400,
    );
    expect(managers.fieldErrors?.apiUrl).toBe(connectionMessages.apiUrlSuperOnly);
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

  it('should say why a test failed when the address cannot be reached, and keep the result', async () => {
    const made = await connectDuffel('superUser', {
      agencyId: ids.globe,
      defaultBranchId: ids.globeBranch,
      token: OTHER_TOKEN,
      // Nothing listens on port 1 of this machine.
      apiUrl: 'https://127.0.0.1:1',
    });
    expect(made.statusCode, made.body).toBe(200);
    const { id } = ConnectionItem.parse(made.json());
    const res = await post('superUser', 'test', { connectionId: id });
    expect(res.statusCode, res.body).toBe(200);
    const result = ConnectionTestResult.parse(res.json());
    expect(result).toMatchObject({ ok: false, message: '127.0.0.1:1 could not be reached' });
    const [item] = (await itemsOf('superUser', ids.globe)).filter((i) => i.id === id);
    expect(item?.lastTest).toEqual(result);
  });

  it('should test the simulator connection', async () => {
    const [simulator] = (await itemsOf('manager')).filter((i) => i.provider === 'SIMULATOR');
    const res = await post('manager', 'test', { connectionId: simulator?.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(ConnectionTestResult.parse(res.json()).message).toMatch(
      /^The embedded simulator answers; its clock reads \d\d\/\d\d\/\d{4} \d\d:\d\d UTC$/,
    );
  });

  it('should replace a token, and refuse a token for the simulator', async () => {
    const [duffel] = (await itemsOf('manager')).filter((i) => i.provider === 'DUFFEL');
    const res = await post('manager', 'update', { connectionId: duffel?.id, token: OTHER_TOKEN });
    expect(res.statusCode, res.body).toBe(200);
    expect(ConnectionItem.parse(res.json()).tokenHint).toBe('9876');

    const [simulator] = (await itemsOf('manager')).filter((i) => i.provider === 'SIMULATOR');
    const refused = await post('manager', 'update', { connectionId: simulator?.id, token: TOKEN });
    expect(errorOf(refused, 400).message).toBe(connectionMessages.simulatorHasNoToken);
  });

  it('should switch how Duffel is paid to ARC/BSP cash, audited, and refuse a payment setting for the simulator or one Duffel lacks', async () => {
    const [duffel] = (await itemsOf('manager')).filter((i) => i.provider === 'DUFFEL');
    const res = await post('manager', 'update', {
      connectionId: duffel?.id,
      paymentType: 'arc_bsp_cash',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(ConnectionItem.parse(res.json()).paymentType).toBe('arc_bsp_cash');
    const [audit] = await queryRows<{ details: string }>(
      t.database.db,
      sql`select details::text as details from audit_log where action = 'connection.update'
          and entity_id = ${String(duffel?.id)} order by id desc limit 1`,
    );
    expect(JSON.parse(audit?.details ?? '{}')).toMatchObject({ paymentType: 'arc_bsp_cash' });

    const card = await post('manager', 'update', { connectionId: duffel?.id, paymentType: 'card' });
    errorOf(card, 400);
    const [simulator] = (await itemsOf('manager')).filter((i) => i.provider === 'SIMULATOR');
    expect(simulator?.paymentType).toBeNull();
    const refused = await post('manager', 'update', {
      connectionId: simulator?.id,
      paymentType: 'balance',
    });
    expect(errorOf(refused, 400).fieldErrors?.paymentType).toBe(
      connectionMessages.simulatorTakesNoPayment,
    );
    const [after] = (await itemsOf('manager')).filter((i) => i.provider === 'DUFFEL');
    expect(after?.paymentType).toBe('arc_bsp_cash');
  });

  it("should not find another agency's connection by its id", async () => {
    const [globe] = await itemsOf('superUser', ids.globe);
    const res = await post('manager', 'disconnect', { connectionId: globe?.id });
    expect(errorOf(res, 404).message).toBe(connectionMessages.notFound);
    expect((await itemsOf('superUser', ids.globe))[0]?.status).toBe('ACTIVE');
  });

  it('should stop watching bookings when the simulator is disconnected, and keep them', async () => {
    const count = async () =>
      (
        await queryRows<{ watched: number; all: number }>(
          t.database.db,
          sql`select count(*) filter (where monitored)::int as watched, count(*)::int as all
              from bookings where agency_id = ${ids.demoTravel}`,
        )
      )[0];
    await t.database.db.execute(
      sql`insert into bookings (gds_id, pnr_number, agency_id, branch_id, agent_id, pnr_created_at)
          select 'SIM', 'CONN01', ${ids.demoTravel}, b.id, a.id, now()
          from agents a join branches b on b.id = a.branch_id
          where b.agency_id = ${ids.demoTravel} limit 1`,
    );
    expect(await count()).toEqual({ watched: 1, all: 1 });

    const [simulator] = (await itemsOf('manager')).filter((i) => i.provider === 'SIMULATOR');
    const res = await post('manager', 'disconnect', { connectionId: simulator?.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(ConnectionItem.parse(res.json())).toMatchObject({ status: 'DISCONNECTED' });
    expect(await count()).toEqual({ watched: 0, all: 1 });

    const again = await post('manager', 'test', { connectionId: simulator?.id });
    expect(errorOf(again, 400).message).toBe(connectionMessages.disconnected);
  });
});
