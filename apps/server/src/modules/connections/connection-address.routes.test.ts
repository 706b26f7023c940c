import {
  ApiErrorBody,
  CONNECTION_CALLS,
  ConnectionItem,
  ConnectionList,
  ConnectionTestResult,
  connectionMessages,
} from '@smt/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { auditLog, gdsConnections } from '@/db/schema';
import { OutgoingRefused } from '@/lib/outgoing-address';
import { capturedLog } from '../../../test/captured-log';
import { startCountingServer, type CountingServer } from '../../../test/counting-server';
import { DEMO, signIn } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';
import { servicesOf } from '@/app';

// A connection's API address is an address a person gave: the outgoing guard refuses it when
// given and when used, and what a provider (or whatever answers in its place) says in an error
// is told as our words, its status and its code, never its body (docs/decisions/053).

const TOKEN = 'duffel_test_addressGuardToken0123';
const SECRET = 'SECRET-FROM-INTERNAL-4e1b';

const FORBIDDEN = [
  'https://127.0.0.1:18444',
  'https://10.0.0.1',
  'https://192.168.1.1/air',
  'https://172.16.0.1',
  'https://100.64.0.1',
  'https://169.254.169.254/latest',
  'https://[::1]:18444',
  'https://[fe80::1]',
  'https://[fd00::1]',
  'https://[fd00:ec2::254]',
  'https://[::ffff:127.0.0.1]:18444',
  'https://[::ffff:10.0.0.1]',
  'https://localhost:18444',
  'https://0x7f.1',
];

/** How the API address the operator configured answers: Duffel's errors, a gateway's, a hop. */
type Mode = 'json-error' | 'text-error' | 'redirect';

describe.each(TEST_DATABASE_KINDS)("a connection's API address on %s", (kind) => {
  let t: TestApp;
  let internal: CountingServer;
  let provider: CountingServer;
  let mode: Mode = 'json-error';
  const log = capturedLog('info');
  const sessions: Record<'superUser' | 'manager', Record<string, string>> = {
    superUser: {},
    manager: {},
  };
  const ids = { demoTravel: 0, demoBranch: 0, globe: 0, globeBranch: 0 };

  const post = (role: keyof typeof sessions, call: keyof typeof CONNECTION_CALLS, body: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/${CONNECTION_CALLS[call]}`,
      headers: sessions[role],
      payload: body,
    });
  const connectGlobe = (over: object = {}) =>
    post('superUser', 'connectDuffel', {
      agencyId: ids.globe,
      defaultBranchId: ids.globeBranch,
      token: TOKEN,
      ...over,
    });
  const connectionsOf = async (agencyId: number) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/${CONNECTION_CALLS.list}`,
      headers: sessions.superUser,
      query: { agencyId: String(agencyId) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return ConnectionList.parse(res.json()).items;
  };
  const testOf = async (connectionId: number) => {
    const res = await post('manager', 'test', { connectionId });
    expect(res.statusCode, res.body).toBe(200);
    return { result: ConnectionTestResult.parse(res.json()), body: res.body };
  };
  const auditText = async () => JSON.stringify(await t.database.db.select().from(auditLog));
  /** The agency manager's view of their connections: what another user reads. */
  const managersView = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/${CONNECTION_CALLS.list}`,
      headers: sessions.manager,
    });
    return res.body;
  };

  beforeAll(async () => {
    internal = await startCountingServer((_request, response) =>
      response.writeHead(200, { 'content-type': 'text/plain' }).end(`${SECRET}: admin reset`),
    );
    provider = await startCountingServer((_request, response) => {
      if (mode === 'redirect') {
        response
          .writeHead(302, { location: `${internal.origin}/internal`, 'content-type': 'text/plain' })
          .end(SECRET);
      } else if (mode === 'text-error') {
        response.writeHead(502, { 'content-type': 'text/html' }).end(`<h1>${SECRET}</h1>`);
      } else {
        response.writeHead(500, { 'content-type': 'application/json', 'x-debug': SECRET }).end(
          JSON.stringify({
            meta: { status: 500, request_id: SECRET },
            errors: [
              {
                type: 'api_error',
                code: 'internal_server_error',
                title: SECRET,
                message: `${SECRET}: database password hunter2`,
                documentation_url: `https://internal.example/${SECRET}`,
              },
            ],
          }),
        );
      }
    });
    // The operator's own Duffel address (DUFFEL_API_URL) is a stand-in on loopback.
    t = await createTestApp(kind, {
      env: { DUFFEL_API_URL: provider.origin, LOG_LEVEL: 'info' },
      logger: log.logger,
    });
    sessions.superUser = (await signIn(t.app, DEMO.superUser)).headers;
    sessions.manager = (await signIn(t.app, DEMO.manager)).headers;
    const rows = await queryRows<{ agency: string; agency_id: number; branch_id: number }>(
      t.database.db,
      sql`select a.name as agency, a.id as agency_id, min(b.id) as branch_id
          from agencies a join branches b on b.agency_id = a.id group by a.name, a.id`,
    );
    const demo = rows.find((row) => row.agency === 'Demo Travel');
    const globe = rows.find((row) => row.agency !== 'Demo Travel');
    Object.assign(ids, {
      demoTravel: demo?.agency_id ?? 0,
      demoBranch: demo?.branch_id ?? 0,
      globe: globe?.agency_id ?? 0,
      globeBranch: globe?.branch_id ?? 0,
    });
  });
  afterAll(async () => {
    await t.close();
    await internal.close();
    await provider.close();
  });

  it.each(FORBIDDEN)(
    'should refuse the API address %s when it is given, and store nothing',
    async (apiUrl) => {
      const before = await connectionsOf(ids.globe);
      const audited = await auditText();
      const res = await connectGlobe({ apiUrl });
      expect(res.statusCode, res.body).toBe(400);
      const error = ApiErrorBody.parse(res.json());
      expect(error.code).toBe('BAD_REQUEST');
      expect(error.fieldErrors?.apiUrl).toContain(connectionMessages.apiUrlRefused);
      expect(await connectionsOf(ids.globe)).toEqual(before);
      expect(await auditText()).toBe(audited);
    },
  );

  it('should take no API address in an edit', async () => {
    const made = await connectGlobe();
    expect(made.statusCode, made.body).toBe(200);
    const { id } = ConnectionItem.parse(made.json());
    const res = await post('superUser', 'update', {
      connectionId: id,
      apiUrl: 'https://127.0.0.1:18444',
      agentMetadataKey: 'agent_mail',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(ConnectionItem.parse(res.json())).toMatchObject({ apiUrl: null });
    expect((await post('superUser', 'disconnect', { connectionId: id })).statusCode).toBe(200);
  });

  describe('an address stored before the guard, on loopback', () => {
    let connectionId = 0;

    beforeAll(async () => {
      const made = await post('manager', 'connectDuffel', {
        agencyId: ids.demoTravel,
        defaultBranchId: ids.demoBranch,
        token: TOKEN,
      });
      expect(made.statusCode, made.body).toBe(200);
      connectionId = ConnectionItem.parse(made.json()).id;
      await t.database.db
        .update(gdsConnections)
        .set({ apiUrl: `https://127.0.0.1:${internal.port}` })
        .where(eq(gdsConnections.id, connectionId));
      servicesOf(t.app).gdsRegistry.forget(connectionId);
    });
    afterAll(async () => {
      await post('manager', 'disconnect', { connectionId });
    });

    it("should make no request in 'Test connection', say so in our words and log the refusal", async () => {
      const { result } = await testOf(connectionId);
      expect(result).toMatchObject({
        ok: false,
        message: `127.0.0.1:${internal.port} is not an address this server may reach: it is a loopback address (RFC 1122)`,
      });
      expect(internal.connections()).toBe(0);
      expect(log.entries()).toContainEqual(
        expect.objectContaining({
          level: 40,
          purpose: 'duffel',
          host: `127.0.0.1:${internal.port}`,
          msg: 'outgoing request refused: nothing was sent',
        }),
      );
      expect(log.text()).not.toContain(TOKEN);
    });

    it("should make no request for the engine's calls through the connection", async () => {
      const client = await servicesOf(t.app).gdsRegistry.forConnection(connectionId);
      await expect(client.retrieveBooking('ord_0000guarded')).rejects.toBeInstanceOf(
        OutgoingRefused,
      );
      await expect(client.listChangedBookings('', null)).rejects.toBeInstanceOf(OutgoingRefused);
      expect(internal.connections()).toBe(0);
    });
  });

  describe("an error answered at the operator's address", () => {
    let connectionId = 0;

    beforeAll(async () => {
      const made = await post('manager', 'connectDuffel', {
        agencyId: ids.demoTravel,
        defaultBranchId: ids.demoBranch,
        token: TOKEN,
      });
      expect(made.statusCode, made.body).toBe(200);
      connectionId = ConnectionItem.parse(made.json()).id;
    });

    it.each([
      ['json-error', `answered HTTP 500, error code internal_server_error`],
      ['text-error', `answered HTTP 502`],
      [
        'redirect',
        `answered HTTP 302, a redirect, which is not followed: give the API's own address`,
      ],
    ] as const)(
      'should tell %s in our words, its status and code, and keep its body out of the answer, the last test, the audit and the log',
      async (answering, words) => {
        mode = answering;
        const { result, body } = await testOf(connectionId);
        expect(result).toMatchObject({
          ok: false,
          message: `${provider.origin.slice(7)} ${words}`,
        });
        expect(body).not.toContain(SECRET);
        expect(await managersView()).not.toContain(SECRET);
        expect(await managersView()).toContain(words);
        expect(await auditText()).not.toContain(SECRET);
        expect(log.text()).not.toContain(SECRET);
        expect(internal.connections()).toBe(0);
      },
    );
  });
});
