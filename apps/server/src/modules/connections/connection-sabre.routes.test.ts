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
import type { SabreStandIn } from '../../../test/sabre-stand-in/stand-in';
import { DEMO, signIn } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';
import { SABRE_PASSWORD, sabreConnectForm, startQueuedSabre } from './connections.test-fixtures';

type Role = keyof typeof DEMO;
type Answer = { statusCode: number; body: string; json: () => unknown };

let sabre: SabreStandIn;

// One stand-in for both databases: the tests only read its queues, never take a PNR off them.
// Demo Travel's branches are at JRS1 and TLV1, Globe Tours' at HFA1; the EPR signs in at G7RE.
beforeAll(async () => {
  sabre = await startQueuedSabre();
});
afterAll(() => sabre.close());

describe.each(TEST_DATABASE_KINDS)('the Sabre connection calls on %s', (kind) => {
  let t: TestApp;
  const sessions = new Map<Role, Record<string, string>>();
  const ids = { demoTravel: 0, demoSabre: 0 };
  /** Every answer the tests saw, to find the password in none. */
  const answers: string[] = [];

  const post = async (role: Role, call: keyof typeof CONNECTION_CALLS, body: object) => {
    let headers = sessions.get(role);
    if (!headers) {
      ({ headers } = await signIn(t.app, DEMO[role]));
      sessions.set(role, headers);
    }
    const res = await t.app.inject({
      method: call === 'list' ? 'GET' : 'POST',
      url: `/api/${CONNECTION_CALLS[call]}`,
      headers,
      ...(call === 'list' ? { query: { agencyId: String(ids.demoTravel) } } : { payload: body }),
    });
    answers.push(res.body);
    return res;
  };
  const okOf = (res: Answer) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const errorOf = (res: Answer, status: number) => {
    expect(res.statusCode, res.body).toBe(status);
    return ApiErrorBody.parse(res.json());
  };
  const connectSabre = (role: Role, over: object = {}) =>
    post(role, 'connectSabre', { ...sabreConnectForm(sabre, ids.demoTravel), ...over });
  const demoSabre = async () =>
    ConnectionList.parse(okOf(await post('manager', 'list', {}))).items.find(
      (item) => item.id === ids.demoSabre,
    );
  const testOf = async (role: Role, connectionId: number) =>
    ConnectionTestResult.parse(okOf(await post(role, 'test', { connectionId })));
  beforeAll(async () => {
    // The operator's Sabre addresses are the stand-in's: the outgoing guard lets them through.
    t = await createTestApp(kind, {
      env: { SABRE_REST_URL: sabre.restUrl, SABRE_SOAP_URL: sabre.soapUrl },
    });
    const agencies = await queryRows<{ id: number; name: string }>(
      t.database.db,
      sql`select id, name from agencies`,
    );
    ids.demoTravel = agencies.find((row) => row.name === 'Demo Travel')?.id ?? 0;
  });
  afterAll(() => t.close());

  it('should refuse each wrong field with its message and connect nothing', async () => {
    const wrong = errorOf(
      await connectSabre('manager', {
        environment: 'TEST',
        epr: '79-71',
        pcc: 'G7',
        password: '',
        customerNumber: 'DK12',
        queues: [5, 512],
      }),
      400,
    );
    expect(wrong.fieldErrors).toEqual({
      environment: connectionMessages.environmentInvalid,
      epr: connectionMessages.eprInvalid,
      pcc: connectionMessages.pccInvalid,
      password: connectionMessages.passwordInvalid,
      customerNumber: connectionMessages.customerNumberInvalid,
      'queues.1': connectionMessages.queuesInvalid,
    });
    const twice = errorOf(await connectSabre('manager', { queues: [5, 5] }), 400);
    expect(twice.fieldErrors).toEqual({ queues: connectionMessages.queuesRepeated });
    const none = errorOf(await connectSabre('manager', { queues: [] }), 400);
    expect(none.fieldErrors).toEqual({ queues: connectionMessages.queuesCount });
    const long = errorOf(await connectSabre('manager', { password: 'x'.repeat(101) }), 400);
    expect(long.fieldErrors).toEqual({ password: connectionMessages.passwordInvalid });
    const items = ConnectionList.parse(okOf(await post('manager', 'list', {}))).items;
    expect(items.map((item) => item.provider)).toEqual(['SIMULATOR']);
  });

  it("should refuse a branch manager, and another agency's manager for this agency", async () => {
    expect(errorOf(await connectSabre('branchManager'), 403).message).toBe(
      connectionMessages.agencyOnly,
    );
    errorOf(await connectSabre('globeManager'), 403);
    errorOf(await connectSabre('agent'), 403);
  });

  it('should connect Sabre and answer the connection', async () => {
    const item = ConnectionItem.parse(okOf(await connectSabre('manager')));
    ids.demoSabre = item.id;
    expect(item).toMatchObject({ provider: 'SABRE', status: 'ACTIVE', tokenHint: null });
    expect(await demoSabre()).toEqual(item);
  });

  it('should test a Sabre connection', async () => {
    expect((await testOf('manager', ids.demoSabre)).ok).toBe(true);
  });

  it("should not find another agency's Sabre connection by its id", async () => {
    const res = await post('globeManager', 'test', { connectionId: ids.demoSabre });
    expect(errorOf(res, 404).message).toBe(connectionMessages.notFound);
  });

  it('should update Sabre settings, and refuse a wrong field with its message', async () => {
    const item = ConnectionItem.parse(
      okOf(await post('manager', 'updateSabre', { connectionId: ids.demoSabre, queues: [9, 5] })),
    );
    expect(item.queues).toEqual([9, 5]);
    const bad = await post('manager', 'updateSabre', { connectionId: ids.demoSabre, pcc: 'G' });
    expect(errorOf(bad, 400).fieldErrors).toEqual({ pcc: connectionMessages.pccInvalid });
    expect((await demoSabre())?.signInPcc).toBe('G7RE');
  });

  it('should have sent the password in no answer and written it in no audit', async () => {
    expect(answers.filter((body) => body.includes(SABRE_PASSWORD))).toEqual([]);
    const audits = await queryRows<{ details: string }>(
      t.database.db,
      sql`select details::text as details from audit_log where entity_type = 'connection'`,
    );
    expect(audits.length).toBeGreaterThan(0);
    expect(audits.filter((row) => row.details.includes(SABRE_PASSWORD))).toEqual([]);
  });
});
