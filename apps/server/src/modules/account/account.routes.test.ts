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
  const auditRows = (action: string) =>
    queryRows<{ user_id: number | null; real_user_id: number | null; details: unknown }>(
      t.database.db,
      sql`select user_id, real_user_id, details from audit_log where action = ${action} order by id`,
    );
  const userIdOf = async (phone: string) => {
    const [row] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from users where phone = ${phone}`,
    );
    return row?.id ?? null;
  };

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
  const demoTravelId = async () => {
    const [row] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from agencies where name = 'Demo Travel'`,
    );
    if (!row) throw new Error('no Demo Travel');
    return row.id;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('should answer the effective user and the session choice when the profile is read', async () => {
    const session = await signIn(t.app, DEMO.agent2);
    const res = await getProfile(session);
    expect(res.statusCode, res.body).toBe(200);
    expect(AccountProfile.parse(res.json())).toEqual({
      name: 'Bella Agent',
      email: DEMO.agent2.email,
      deviceNumber: DEMO.agent2.phone,
      keepLoggedIn: false,
    });
  });

  it('should rename the user, audit it and keep the session alive when keep-logged-in is chosen', async () => {
    const session = await signIn(t.app, DEMO.agent2);
    const res = await saveProfile(session, { name: '  Bella A.  ', keepLoggedIn: true });
    expect(res.statusCode, res.body).toBe(200);
    const saved = ProfileSaved.parse(res.json());
    expect(saved.profile).toMatchObject({ name: 'Bella A.', keepLoggedIn: true });
    // A permanent cookie with a new refresh token; the old one stays good only for the grace.
    const cookie = res.cookies.find((c) => c.name === 'smt_session');
    expect(cookie?.maxAge).toBeGreaterThan(24 * 60 * 60);
    expect(cookie?.value).not.toBe(session.cookie);

    const details = await userDetails(withToken(session, saved.accessToken));
    expect(UserDetails.parse(details.json()).name).toBe('Bella A.');
    expect((await getProfile(session)).json()).toMatchObject({ keepLoggedIn: true });

    // Kept: an hour without activity does not end it.
    minutes(60);
    const later = await refresh(cookie?.value ?? '');
    expect(later.statusCode, later.body).toBe(200);

    const [audit] = (await auditRows('user.profile.update')).slice(-1);
    const bella = await userIdOf(DEMO.agent2.phone);
    expect(audit).toMatchObject({
      user_id: bella,
      real_user_id: bella,
      details: {
        from: { name: 'Bella Agent', keepLoggedIn: false },
        to: { name: 'Bella A.', keepLoggedIn: true },
      },
    });
  });

  it('should end the session after inactivity when keep-logged-in is turned off again', async () => {
    const session = await signIn(t.app, DEMO.operator, { keepLoggedIn: true });
    const res = await saveProfile(session, { name: 'Omer Operator', keepLoggedIn: false });
    expect(res.statusCode, res.body).toBe(200);
    const saved = ProfileSaved.parse(res.json());
    expect(saved.profile.keepLoggedIn).toBe(false);
    const cookie = res.cookies.find((c) => c.name === 'smt_session');
    // A cookie that ends with the browser.
    expect(cookie?.maxAge).toBeUndefined();
    expect((await userDetails(withToken(session, saved.accessToken))).statusCode).toBe(200);

    minutes(31);
    expect((await refresh(cookie?.value ?? '')).statusCode).toBe(401);
  });

  it('should leave keep-logged-in as it is when the body leaves it out', async () => {
    const session = await signIn(t.app, DEMO.branchManager, { keepLoggedIn: true });
    const res = await saveProfile(session, { name: 'Ben B.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(ProfileSaved.parse(res.json()).profile.keepLoggedIn).toBe(true);
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

  it('should delete the user, end the session and keep the audit when a user unregisters', async () => {
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
    await t.database.exec(
      `insert into push_subscriptions (user_id, endpoint, p256dh, auth) values (${id}, 'https://push.test/leaving', 'k', 'a')`,
    );

    const res = await unregister(session);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.cookies.find((c) => c.name === 'smt_session')?.value).toBe('');

    expect(await userIdOf(person.phone)).toBeNull();
    expect((await userDetails(session.headers)).statusCode).toBe(401);
    expect((await refresh(session.cookie)).statusCode).toBe(401);
    const pushes = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from push_subscriptions where endpoint = 'https://push.test/leaving'`,
    );
    expect(pushes[0]?.n).toBe(0);
    const [audit] = (await auditRows('user.unregister')).slice(-1);
    expect(audit).toMatchObject({
      user_id: null,
      real_user_id: null,
      details: { email: person.email, deviceNumber: person.phone },
    });

    // Signing in again with the same pair makes a new registered user, not the old one.
    const again = await signIn(t.app, person);
    const user = UserDetails.parse((await userDetails(again.headers)).json());
    expect(user.id).not.toBe(id);
    expect(user.serverRoles).toEqual(['ROLE_SA_NEW_REGISTERED_USER']);
  });

  it('should refuse the last super user and let one go when another remains', async () => {
    const superUser = await signIn(t.app, DEMO.superUser);
    const refused = await unregister(superUser);
    expect(refused.statusCode).toBe(409);
    expect(ApiErrorBody.parse(refused.json()).message).toBe(accountMessages.lastSuperUser);
    expect(await userIdOf(DEMO.superUser.phone)).not.toBeNull();

    const second: DemoPerson = { email: 'second.super@demo.test', phone: '+972500000132' };
    await addUser(second, 'ROLE_SA_SUPER_USER', { agencyId: await demoTravelId() });
    const res = await unregister(await signIn(t.app, second));
    expect(res.statusCode, res.body).toBe(200);
    expect(await userIdOf(second.phone)).toBeNull();
  });
});
