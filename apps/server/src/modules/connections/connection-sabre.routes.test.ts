import {
  ApiErrorBody,
  CONNECTION_CALLS,
  ConnectionItem,
  ConnectionList,
  ConnectionTestResult,
  connectionMessages,
  SABRE_DEFAULT_QUEUES,
} from '@smt/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { SABRE_SYSTEM_QUEUES } from '@/gds/sabre/sabre-adapter';
import { startSabreStandIn, type SabreStandIn } from '../../../test/sabre-stand-in/stand-in';
import type { PnrScript } from '../../../test/sabre-stand-in/world';
import { DEMO, signIn } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';

type Role = keyof typeof DEMO;
type Answer = { statusCode: number; body: string; json: () => unknown };

const PASSWORD = 'WS-PASSWORD';

const PNR: PnrScript = {
  travelers: [{ givenName: 'Ada', surname: 'Lovelace' }],
  flights: [
    {
      airline: 'BA',
      flightNumber: 117,
      from: 'LHR',
      to: 'JFK',
      departure: '2026-04-10 10:10',
      arrival: '2026-04-10 13:00',
      bookingClass: 'Y',
    },
  ],
};

let sabre: SabreStandIn;

// One stand-in for both databases: the tests only read its queues, never take a PNR off them.
// Demo Travel's branches are at JRS1 and TLV1, Globe Tours' at HFA1; the EPR signs in at G7RE.
beforeAll(async () => {
  sabre = await startSabreStandIn({ password: PASSWORD });
  const [first, second, third, fourth] = [
    sabre.addPnr({ ...PNR, pcc: 'JRS1' }),
    sabre.addPnr({ ...PNR, pcc: 'JRS1' }),
    sabre.addPnr({ ...PNR, pcc: 'TLV1' }),
    sabre.addPnr(PNR),
  ];
  sabre.placeOnQueue(first, 5);
  sabre.placeOnQueue(second, 5);
  sabre.placeOnQueue(second, 9);
  sabre.placeOnQueue(third, 17);
  sabre.placeOnQueue(fourth, 7);
});
afterAll(() => sabre.close());

describe.each(TEST_DATABASE_KINDS)('the Sabre connection calls on %s', (kind) => {
  let t: TestApp;
  const sessions = new Map<Role, Record<string, string>>();
  const ids = { demoTravel: 0, globe: 0, demoSabre: 0, demoSimulator: 0 };
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
    post(role, 'connectSabre', {
      agencyId: ids.demoTravel,
      epr: sabre.credentials.epr,
      pcc: sabre.credentials.pcc.toLowerCase(),
      password: PASSWORD,
      ...over,
    });
  const demoSabre = async () =>
    ConnectionList.parse(okOf(await post('manager', 'list', {}))).items.find(
      (item) => item.id === ids.demoSabre,
    );
  const testOf = async (role: Role, connectionId: number) =>
    ConnectionTestResult.parse(okOf(await post(role, 'test', { connectionId })));
  const sealedOf = async (id: number) =>
    (
      await queryRows<{ sealed_token: string }>(
        t.database.db,
        sql`select sealed_token from gds_connections where id = ${id}`,
      )
    )[0]?.sealed_token;

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
    ids.globe = agencies.find((row) => row.name === 'Globe Tours')?.id ?? 0;
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
    ids.demoSimulator = items[0]?.id ?? 0;
  });

  it("should refuse a branch manager, and another agency's manager for this agency", async () => {
    expect(errorOf(await connectSabre('branchManager'), 403).message).toBe(
      connectionMessages.agencyOnly,
    );
    errorOf(await connectSabre('globeManager'), 403);
    errorOf(await connectSabre('agent'), 403);
  });

  it('should connect Sabre with the password sealed and shown nowhere, on the system queues by default', async () => {
    const item = ConnectionItem.parse(
      okOf(await connectSabre('manager', { customerNumber: ' 1234567 ' })),
    );
    ids.demoSabre = item.id;
    expect(item).toMatchObject({
      agencyId: ids.demoTravel,
      provider: 'SABRE',
      status: 'ACTIVE',
      environment: 'CERT',
      username: '7971',
      signInPcc: 'G7RE',
      customerNumber: '1234567',
      queues: [5, 6, 7, 9, 17, 18],
      watchedPccs: ['JRS1', 'TLV1'],
      tokenHint: null,
      hasWebhookSecret: false,
      webhookPath: null,
      defaultBranchId: null,
      paymentType: null,
      lastTest: null,
    });
    // The form's default and the adapter's are one list.
    expect(item.queues).toEqual([...SABRE_SYSTEM_QUEUES]);
    expect(SABRE_DEFAULT_QUEUES).toEqual([...SABRE_SYSTEM_QUEUES]);
    expect(await demoSabre()).toEqual(item);

    const sealed = await sealedOf(item.id);
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain(PASSWORD);
    const audit = await queryRows<{ action: string; details: string }>(
      t.database.db,
      sql`select action, details::text as details from audit_log
          where entity_type = 'connection' and entity_id = ${String(item.id)}`,
    );
    expect(audit.map((row) => row.action)).toEqual(['connection.connect']);
    expect(JSON.parse(audit[0]?.details ?? '{}')).toEqual({
      provider: 'SABRE',
      agencyId: ids.demoTravel,
      environment: 'CERT',
      epr: '7971',
      pcc: 'G7RE',
      customerNumber: '1234567',
      queues: [5, 6, 7, 9, 17, 18],
    });
  });

  it('should refuse a second live Sabre connection of the same agency', async () => {
    expect(errorOf(await connectSabre('manager'), 409).message).toBe(
      connectionMessages.sabreAlreadyConnected,
    );
  });

  it("should report each watched queue's count of each branch's PCC when the connection is tested, and keep it", async () => {
    const result = await testOf('manager', ids.demoSabre);
    expect(result).toMatchObject({
      ok: true,
      message:
        'Signed in to Sabre certification as EPR 7971 at G7RE. ' +
        'JRS1 queues: 5 (2), 6 (0), 7 (0), 9 (1), 17 (0), 18 (0); ' +
        'TLV1 queues: 5 (0), 6 (0), 7 (0), 9 (0), 17 (1), 18 (0)',
    });
    expect((await demoSabre())?.lastTest).toEqual(result);
  });

  it("should not find another agency's Sabre connection by its id", async () => {
    const id = ids.demoSabre;
    expect(errorOf(await post('globeManager', 'test', { connectionId: id }), 404).message).toBe(
      connectionMessages.notFound,
    );
    errorOf(await post('globeManager', 'updateSabre', { connectionId: id, queues: [1] }), 404);
    errorOf(await post('globeManager', 'disconnect', { connectionId: id }), 404);
    expect((await demoSabre())?.queues).toEqual([5, 6, 7, 9, 17, 18]);
  });

  it('should keep the password when an update gives none, and audit what changed', async () => {
    const before = await sealedOf(ids.demoSabre);
    const item = ConnectionItem.parse(
      okOf(
        await post('manager', 'updateSabre', {
          connectionId: ids.demoSabre,
          queues: [9, 5, 100],
          customerNumber: null,
          environment: 'PROD',
        }),
      ),
    );
    expect(item).toMatchObject({ queues: [9, 5, 100], customerNumber: null, environment: 'PROD' });
    expect(await sealedOf(ids.demoSabre)).toBe(before);
    expect((await testOf('manager', ids.demoSabre)).message).toBe(
      'Signed in to Sabre production as EPR 7971 at G7RE. JRS1 queues: 9 (1), 5 (2), 100 (0); TLV1 queues: 9 (0), 5 (0), 100 (0)',
    );
    const [audit] = await queryRows<{ details: string }>(
      t.database.db,
      sql`select details::text as details from audit_log where action = 'connection.update'
          and entity_id = ${String(ids.demoSabre)} order by id desc limit 1`,
    );
    expect(JSON.parse(audit?.details ?? '{}')).toEqual({
      environment: 'PROD',
      customerNumber: null,
      queues: [9, 5, 100],
    });
  });

  it('should say Sabre refused the sign-in when the password is wrong, then work with the right one', async () => {
    const replaced = await post('manager', 'updateSabre', {
      connectionId: ids.demoSabre,
      password: 'NOT-THE-PASSWORD',
    });
    okOf(replaced);
    expect(await testOf('manager', ids.demoSabre)).toMatchObject({
      ok: false,
      message: 'Sabre refused the EPR, PCC or password',
    });
    const [audit] = await queryRows<{ details: string }>(
      t.database.db,
      sql`select details::text as details from audit_log where action = 'connection.update'
          and entity_id = ${String(ids.demoSabre)} order by id desc limit 1`,
    );
    expect(JSON.parse(audit?.details ?? '{}')).toEqual({ password: 'replaced' });

    okOf(await post('manager', 'updateSabre', { connectionId: ids.demoSabre, password: PASSWORD }));
    expect((await testOf('manager', ids.demoSabre)).ok).toBe(true);
  });

  it("should refuse Duffel's settings for a Sabre connection and Sabre's for another, changing nothing", async () => {
    const before = await demoSabre();
    const token = await post('manager', 'update', {
      connectionId: ids.demoSabre,
      token: 'duffel_test_s3cretTokenOfTheDemoAgency1234',
    });
    expect(errorOf(token, 400).message).toBe(connectionMessages.sabreSettingsOnly);
    const simulator = await post('manager', 'updateSabre', {
      connectionId: ids.demoSimulator,
      epr: '7971',
    });
    expect(errorOf(simulator, 400).message).toBe(connectionMessages.notSabre);
    const bad = await post('manager', 'updateSabre', { connectionId: ids.demoSabre, pcc: 'G' });
    expect(errorOf(bad, 400).fieldErrors).toEqual({ pcc: connectionMessages.pccInvalid });
    expect(await demoSabre()).toEqual(before);
  });

  it("should let a super user connect another agency, test it on that agency's PCCs, and disconnect it", async () => {
    const made = ConnectionItem.parse(
      okOf(await connectSabre('superUser', { agencyId: ids.globe, environment: 'PROD' })),
    );
    expect(made).toMatchObject({ agencyName: 'Globe Tours', watchedPccs: ['HFA1'] });
    // The PCCs tested are those of the connection's agency's enabled branches; with none, the
    // sign-in PCC.
    expect((await testOf('superUser', made.id)).message).toBe(
      'Signed in to Sabre production as EPR 7971 at G7RE. HFA1 queues: 5 (0), 6 (0), 7 (0), 9 (0), 17 (0), 18 (0)',
    );
    await t.database.exec("update branches set enabled = false where pcc = 'HFA1'");
    expect((await testOf('superUser', made.id)).message).toBe(
      'Signed in to Sabre production as EPR 7971 at G7RE. G7RE queues: 5 (0), 6 (0), 7 (1), 9 (0), 17 (0), 18 (0)',
    );
    await t.database.exec("update branches set enabled = true where pcc = 'HFA1'");
    const gone = ConnectionItem.parse(
      okOf(await post('superUser', 'disconnect', { connectionId: made.id })),
    );
    expect(gone.status).toBe('DISCONNECTED');
  });

  it('should have sent the password in no answer and written it in no audit', async () => {
    expect(answers.filter((body) => body.includes(PASSWORD))).toEqual([]);
    const audits = await queryRows<{ details: string }>(
      t.database.db,
      sql`select details::text as details from audit_log where entity_type = 'connection'`,
    );
    expect(audits.length).toBeGreaterThan(0);
    expect(audits.filter((row) => row.details.includes(PASSWORD))).toEqual([]);
  });
});
