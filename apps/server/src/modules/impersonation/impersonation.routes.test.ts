import {
  ACCOUNT_CALLS,
  MANAGEMENT_CALLS,
  ApiErrorBody,
  TokenResponse,
  UserDetails,
  accountMessages,
} from '@smt/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { DEMO, signIn, type SignedIn } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';

type AuditRow = {
  action: string;
  user_id: number | null;
  real_user_id: number | null;
  result: string;
  details: Record<string, unknown>;
};

// Switching user over HTTP: the new session's cookie and tokens, what is audited of the calls
// made while acting as someone, who may switch and the shape of a refusal. Whom one may act as,
// and what each switch and exit records, are impersonation.service.test.ts's.

describe.each(TEST_DATABASE_KINDS)('impersonation on %s', (kind) => {
  let t: TestApp;

  const switchUser = (headers: Record<string, string>, username: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/${ACCOUNT_CALLS.switchUser}`,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username }).toString(),
    });
  const exit = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api/${ACCOUNT_CALLS.switchUserExit}`, headers });
  const userDetails = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/getUserDetails', headers });
  /** The headers after a switch: the same person's phone and e-mail, the new session's token. */
  const withToken = (session: SignedIn, res: { json: () => unknown }) => ({
    ...session.headers,
    'SA-REGID': TokenResponse.parse(res.json()).accessToken,
  });
  const idOf = async (phone: string) => {
    const [row] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from users where phone = ${phone}`,
    );
    if (!row) throw new Error(`no user ${phone}`);
    return row.id;
  };
  const auditAfter = (since: number) =>
    queryRows<AuditRow>(
      t.database.db,
      sql`select action, user_id, real_user_id, result, details from audit_log where id > ${since} order by id`,
    );
  const lastAuditId = async () =>
    (
      await queryRows<{ id: number | null }>(
        t.database.db,
        sql`select max(id)::int as id from audit_log`,
      )
    )[0]?.id ?? 0;
  const expectRefused = (res: { statusCode: number; json: () => unknown }, status: number) => {
    expect(res.statusCode).toBe(status);
    return ApiErrorBody.parse(res.json()).message;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('should act as anyone, audit every change and return when a super user switches and exits', async () => {
    const admin = await signIn(t.app, DEMO.superUser);
    const [superId, agentId] = [await idOf(DEMO.superUser.phone), await idOf(DEMO.agent.phone)];
    const since = await lastAuditId();

    const switched = await switchUser(admin.headers, DEMO.agent.phone);
    expect(switched.statusCode, switched.body).toBe(200);
    const cookie = switched.cookies.find((c) => c.name === 'smt_session');
    expect(cookie?.value).toBeTruthy();
    expect(cookie?.value).not.toBe(admin.cookie);
    const acting = withToken(admin, switched);

    // The old session is over; the new one is the agent, with the admin behind it.
    expect((await userDetails(admin.headers)).statusCode).toBe(401);
    const asAgent = UserDetails.parse((await userDetails(acting)).json());
    expect(asAgent).toMatchObject({
      id: agentId,
      email: DEMO.agent.email,
      roles: ['AGENT'],
      impersonatingUser: { id: superId, name: 'Super User', phone: DEMO.superUser.phone },
    });

    // Something done as the agent is kept under both names.
    const operation = await t.app.inject({
      method: 'POST',
      url: `/api/${ACCOUNT_CALLS.profile}?from=test`,
      headers: { ...acting, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Adam+Agent',
    });
    expect(operation.statusCode, operation.body).toBe(200);
    // Refused while impersonating, and audited as refused.
    const unregister = await t.app.inject({
      method: 'DELETE',
      url: `/api/${ACCOUNT_CALLS.unregister}`,
      headers: acting,
    });
    expect(expectRefused(unregister, 403)).toBe(accountMessages.unregisterWhileImpersonating);
    expect(await idOf(DEMO.agent.phone)).toBe(agentId);
    // The agent may not manage users, so cannot switch on from here.
    expect((await switchUser(acting, DEMO.agent2.phone)).statusCode).toBe(403);

    const back = await exit(acting);
    expect(back.statusCode, back.body).toBe(200);
    const home = withToken(admin, back);
    expect((await userDetails(acting)).statusCode).toBe(401);
    expect(UserDetails.parse((await userDetails(home)).json())).toMatchObject({
      id: superId,
      impersonatingUser: null,
    });

    // A call's request row is written by an onResponse hook, which may end after the answer
    // has gone and after the next call's own rows (CI saw a refused call's row follow the
    // exit): what a handler writes keeps its order, the request rows only their count.
    await expect
      .poll(async () => (await auditAfter(since)).map((row) => row.action).sort())
      .toEqual(
        [
          'impersonation.start',
          'user.profile.update',
          'impersonated.request',
          'impersonated.request',
          'impersonated.request',
          'impersonation.exit',
          'impersonated.request',
        ].sort(),
      );
    const rows = await auditAfter(since);
    const actions = rows.map((row) => row.action);
    expect(actions.filter((action) => action !== 'impersonated.request')).toEqual([
      'impersonation.start',
      'user.profile.update',
      'impersonation.exit',
    ]);
    // The exit's own call is written once it has been answered.
    expect(actions.at(-1)).toBe('impersonated.request');
    for (const row of rows) expect([row.user_id, row.real_user_id]).toEqual([agentId, superId]);
    // A refused call's hook can finish after the next call's, so the order is not asserted.
    const requests = rows.filter((row) => row.action === 'impersonated.request');
    expect(requests.map((r) => r.details)).toHaveLength(4);
    expect(requests.map((r) => r.details)).toEqual(
      expect.arrayContaining([
        { method: 'POST', url: `/api/${ACCOUNT_CALLS.profile}`, status: 200 },
        { method: 'DELETE', url: `/api/${ACCOUNT_CALLS.unregister}`, status: 403 },
        { method: 'POST', url: `/api/${ACCOUNT_CALLS.switchUser}`, status: 403 },
        { method: 'POST', url: `/api/${ACCOUNT_CALLS.switchUserExit}`, status: 200 },
      ]),
    );
    // Browsing as the agent after exit is the admin again: nothing more is written.
    await userDetails(home);
    expect((await auditAfter(since)).length).toBe(rows.length);
  });

  it('should refresh the impersonating session from its own cookie', async () => {
    const admin = await signIn(t.app, DEMO.superUser);
    const switched = await switchUser(admin.headers, DEMO.globeAgent.phone);
    expect(switched.statusCode).toBe(200);
    const cookie = switched.cookies.find((c) => c.name === 'smt_session')?.value ?? '';
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { smt_session: cookie },
    });
    expect(refreshed.statusCode).toBe(200);
    const details = await userDetails(withToken(admin, refreshed));
    expect(UserDetails.parse(details.json()).email).toBe(DEMO.globeAgent.email);
    // The admin's own cookie from before the switch ended with its session.
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { smt_session: admin.cookie },
    });
    expect(old.statusCode).toBe(401);
  });

  it('should answer 200 with the tokens of the new session, 404 with the refusal for someone out of reach and 400 for a malformed phone', async () => {
    const manager = await signIn(t.app, DEMO.manager);
    expect(expectRefused(await switchUser(manager.headers, DEMO.globeAgent.phone), 404)).toBe(
      accountMessages.noUserToSwitchTo,
    );
    const invalid = await switchUser(manager.headers, '12');
    expect(invalid.statusCode).toBe(400);
    expect(ApiErrorBody.parse(invalid.json()).fieldErrors).toHaveProperty('username');

    const switched = await switchUser(manager.headers, DEMO.branchManager.phone);
    expect(switched.statusCode, switched.body).toBe(200);
    expect(TokenResponse.safeParse(switched.json()).error).toBeUndefined();
  });

  it('should refuse an agent and someone not impersonating when they switch or exit', async () => {
    const agent = await signIn(t.app, DEMO.agent2);
    expect((await switchUser(agent.headers, DEMO.agent.phone)).statusCode).toBe(403);
    expect(expectRefused(await exit(agent.headers), 400)).toBe(accountMessages.notImpersonating);
    expect((await switchUser({}, DEMO.agent.phone)).statusCode).toBe(401);
  });

  it('should end the session acting as a user when a manager deletes that user', async () => {
    const admin = await signIn(t.app, DEMO.superUser);
    const manager = await signIn(t.app, DEMO.manager);
    const [adam] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from agents where initials = 'AA'`,
    );
    const phone = '+972500000077';
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/${MANAGEMENT_CALLS.userCreate}`,
      headers: manager.headers,
      payload: {
        name: 'Short Lived',
        email: 'short.lived@demo.test',
        deviceNumber: phone,
        role: 'ROLE_SA_AGENT_USER',
        agentId: adam?.id,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const switched = await switchUser(admin.headers, phone);
    expect(switched.statusCode).toBe(200);
    const acting = withToken(admin, switched);

    const deleted = await t.app.inject({
      method: 'POST',
      url: `/api/${MANAGEMENT_CALLS.userDelete}`,
      headers: manager.headers,
      payload: { userId: await idOf(phone) },
    });

    expect(deleted.statusCode, deleted.body).toBe(200);
    // Not quietly the super user's own session again: it ended with the user it acted as.
    expect((await userDetails(acting)).statusCode).toBe(401);
  });
});
