import {
  ACCOUNT_CALLS,
  AccountProfile,
  ApiErrorBody,
  MANAGEMENT_CALLS,
  ProfileSaved,
  UserDetails,
  accountMessages,
  validationMessages,
} from '@smt/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { DEMO, signIn, type DemoPerson, type SignedIn } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';

// The profile page's calls over HTTP: what each answers (its cookie and token included), how
// long the session then lasts, who may call and the shape of a refusal. The rules behind them
// (what is renamed, kept, deleted and audited, and who may unregister) are
// account.service.test.ts's.

describe.each(TEST_DATABASE_KINDS)('the profile and unregister on %s', (kind) => {
  let t: TestApp;

  const form = (fields: Record<string, string | boolean>) =>
    new URLSearchParams(
      Object.entries(fields).map(([key, value]): [string, string] => [key, String(value)]),
    ).toString();
  const getProfile = (session: SignedIn) =>
    t.app.inject({ method: 'GET', url: `/api/${ACCOUNT_CALLS.profile}`, headers: session.headers });
  const saveProfile = (session: SignedIn, fields: Record<string, string | boolean>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/${ACCOUNT_CALLS.profile}`,
      headers: { ...session.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form(fields),
    });
  const unregister = (session: SignedIn) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/${ACCOUNT_CALLS.unregister}`,
      headers: session.headers,
    });
  const userDetails = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/getUserDetails', headers });
  const refresh = (cookie: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { smt_session: cookie } });
  const withToken = (session: SignedIn, accessToken: string) => ({
    ...session.headers,
    'SA-REGID': accessToken,
  });
  const minutes = (count: number) => t.app.clock.advance(count * 60_000);

  /** A user the super user adds for a test, so demo users stay for the others. */
  const addUser = async (person: DemoPerson, role: string, place: Record<string, number>) => {
    const admin = await signIn(t.app, DEMO.superUser);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${MANAGEMENT_CALLS.userCreate}`,
      headers: { ...admin.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({
        name: 'Temp User',
        email: person.email,
        deviceNumber: person.phone,
        role,
        ...place,
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: number }>().id;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('should answer 200 with the profile when it is read', async () => {
    const session = await signIn(t.app, DEMO.agent2);
    const res = await getProfile(session);
    expect(res.statusCode, res.body).toBe(200);
    expect(AccountProfile.safeParse(res.json()).error).toBeUndefined();
  });

  it('should answer a permanent cookie and keep the session alive when keep-logged-in is chosen', async () => {
    const session = await signIn(t.app, DEMO.agent2);
    const res = await saveProfile(session, { name: '  Bella A.  ', keepLoggedIn: true });
    expect(res.statusCode, res.body).toBe(200);
    const saved = ProfileSaved.parse(res.json());
    // A permanent cookie with a new refresh token; the old one stays good only for the grace.
    const cookie = res.cookies.find((c) => c.name === 'smt_session');
    expect(cookie?.maxAge).toBeGreaterThan(24 * 60 * 60);
    expect(cookie?.value).not.toBe(session.cookie);

    expect((await userDetails(withToken(session, saved.accessToken))).statusCode).toBe(200);

    // Kept: an hour without activity does not end it.
    minutes(60);
    const later = await refresh(cookie?.value ?? '');
    expect(later.statusCode, later.body).toBe(200);
  });

  it('should end the session after inactivity when keep-logged-in is turned off again', async () => {
    const session = await signIn(t.app, DEMO.operator, { keepLoggedIn: true });
    const res = await saveProfile(session, { name: 'Omer Operator', keepLoggedIn: false });
    expect(res.statusCode, res.body).toBe(200);
    const saved = ProfileSaved.parse(res.json());
    const cookie = res.cookies.find((c) => c.name === 'smt_session');
    // A cookie that ends with the browser.
    expect(cookie?.maxAge).toBeUndefined();
    expect((await userDetails(withToken(session, saved.accessToken))).statusCode).toBe(200);

    minutes(31);
    expect((await refresh(cookie?.value ?? '')).statusCode).toBe(401);
  });

  it('should send no cookie when the body leaves keep-logged-in out', async () => {
    const session = await signIn(t.app, DEMO.branchManager, { keepLoggedIn: true });
    const res = await saveProfile(session, { name: 'Ben B.' });
    expect(res.statusCode, res.body).toBe(200);
    // Unchanged: the browser keeps the cookie it has.
    expect(res.cookies.find((c) => c.name === 'smt_session')).toBeUndefined();
  });

  it('should refuse an empty name with the form message when the profile is saved', async () => {
    const session = await signIn(t.app, DEMO.agent2);
    const res = await saveProfile(session, { name: '   ', keepLoggedIn: false });
    expect(res.statusCode).toBe(400);
    expect(ApiErrorBody.parse(res.json()).fieldErrors).toEqual({
      name: validationMessages.nameRequired,
    });
  });

  it('should answer 401 when the caller is signed out', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: `/api/${ACCOUNT_CALLS.unregister}` });
    expect(res.statusCode).toBe(401);
    const read = await t.app.inject({ method: 'GET', url: `/api/${ACCOUNT_CALLS.profile}` });
    expect(read.statusCode).toBe(401);
  });

  it('should clear the cookie and end the session when a user unregisters', async () => {
    const person: DemoPerson = { email: 'leaving@demo.test', phone: '+972500000131' };
    const id = await addUser(person, 'ROLE_SA_BRANCH_MANAGER_USER', {
      branchId: (
        await queryRows<{ id: number }>(
          t.database.db,
          sql`select id from branches where pcc = 'TLV1'`,
        )
      )[0]!.id,
    });
    const session = await signIn(t.app, person);

    const res = await unregister(session);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.cookies.find((c) => c.name === 'smt_session')?.value).toBe('');

    expect((await userDetails(session.headers)).statusCode).toBe(401);
    expect((await refresh(session.cookie)).statusCode).toBe(401);

    // Signing in again with the same pair makes a new registered user, not the old one.
    const again = await signIn(t.app, person);
    const user = UserDetails.parse((await userDetails(again.headers)).json());
    expect(user.id).not.toBe(id);
    expect(user.serverRoles).toEqual(['ROLE_SA_NEW_REGISTERED_USER']);
  });

  it('should answer 409 with the refusal to the last super user unregistering', async () => {
    const superUser = await signIn(t.app, DEMO.superUser);
    const refused = await unregister(superUser);
    expect(refused.statusCode).toBe(409);
    expect(ApiErrorBody.parse(refused.json()).message).toBe(accountMessages.lastSuperUser);
  });
});
