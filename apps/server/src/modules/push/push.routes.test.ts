import { ApiErrorBody, pushMessages } from '@smt/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions, users } from '@/db/schema';
import { browserKeys } from '@/delivery/testing/delivery-fixtures';
import { DEMO, signIn, type DemoPerson, type SignedIn } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';
import { MAX_PUSH_SUBSCRIPTIONS_PER_USER } from './push.service';
import { servicesOf } from '@/app';

/** An endpoint as Chrome's push service (FCM) gives it. */
const fcm = (token: string) => `https://fcm.googleapis.com/fcm/send/${token}`;

/** A stand-in push service's address the test sites' operator allows (OUTGOING_ALLOWED_HOSTS). */
const STAND_IN = '127.0.0.1:8287';

// Each address the workers must never reach: loopback, private, link-local, unique-local and
// the metadata service, IPv4 and IPv6, a name that resolves to loopback, and plain http.
const FORBIDDEN = [
  'https://127.0.0.1/push/1',
  'http://127.0.0.1:18447/internal/admin/reset',
  'https://10.0.0.1/push/1',
  'https://192.168.1.1/push/1',
  'https://172.16.0.1/push/1',
  'https://100.64.0.1/push/1',
  'https://169.254.169.254/latest/meta-data/',
  'http://169.254.169.254/latest/meta-data/',
  'https://[::1]/push/1',
  'https://[fe80::1]/push/1',
  'https://[fd00::1]/push/1',
  'https://[fd00:ec2::254]/latest/meta-data/',
  'https://[::ffff:127.0.0.1]/push/1',
  'https://[::ffff:169.254.169.254]/latest/meta-data/',
  'https://2130706433/push/1',
  'https://localhost/push/1',
  'https://localhost:8287/push/1',
  `http://${STAND_IN.replace('8287', '8288')}/push/1`,
];

type Session = Pick<SignedIn, 'headers'>;

/** A session without the dev inbox production lacks: started as a sign-in starts one. */
async function sessionOf(t: TestApp, person: DemoPerson): Promise<Session> {
  const [user] = await t.database.db.select().from(users).where(eq(users.email, person.email));
  if (!user) throw new Error(`no user ${person.email}`);
  const started = await servicesOf(t.app).sessions.start(user, {
    keepLoggedIn: false,
    ip: '127.0.0.1',
    userAgent: undefined,
  });
  return {
    headers: { 'SA-REGID': started.accessToken, 'SA-DN': person.phone, 'SA-EMAIL': person.email },
  };
}

describe.each(TEST_DATABASE_KINDS)('push routes on %s', (kind) => {
  let t: TestApp;
  let agent: SignedIn;
  let agent2: SignedIn;
  const post = (url: string, payload: object, session?: Session, app = t) =>
    app.app.inject({ method: 'POST', url, payload, headers: session?.headers ?? {} });
  const subscribe = (endpoint: string, session: Session, app = t) =>
    post('/api/push/subscribe', { endpoint, keys: browserKeys() }, session, app);
  const ownerOf = async (endpoint: string, app = t) => {
    const [row] = await app.database.db
      .select({ email: users.email })
      .from(pushSubscriptions)
      .innerJoin(users, eq(users.id, pushSubscriptions.userId))
      .where(eq(pushSubscriptions.endpoint, endpoint));
    return row?.email ?? null;
  };
  const endpointsOf = async (email: string) =>
    (
      await t.database.db
        .select({ endpoint: pushSubscriptions.endpoint })
        .from(pushSubscriptions)
        .innerJoin(users, eq(users.id, pushSubscriptions.userId))
        .where(eq(users.email, email))
        .orderBy(asc(pushSubscriptions.id))
    ).map((row) => row.endpoint);
  const allEndpoints = async (app = t) =>
    (await app.database.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions))
      .map((row) => row.endpoint)
      .sort();

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { OUTGOING_ALLOWED_HOSTS: STAND_IN } });
    agent = await signIn(t.app, DEMO.agent);
    agent2 = await signIn(t.app, DEMO.agent2);
  });
  afterAll(() => t.close());

  it('should answer the same public key to anyone when asked twice', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/push/vapid-public-key' });
    const second = await t.app.inject({ method: 'GET', url: '/api/push/vapid-public-key' });
    expect(first.statusCode).toBe(200);
    expect(first.json().publicKey).toMatch(/^[\w-]{87}$/);
    expect(second.json()).toEqual(first.json());
  });

  it('should refuse to subscribe when nobody is signed in', async () => {
    const res = await post('/api/push/subscribe', {
      endpoint: fcm('unsigned'),
      keys: browserKeys(),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await ownerOf(fcm('unsigned'))).toBeNull();
  });

  it('should keep the subscription when a signed-in user subscribes by JSON or form', async () => {
    const json = await subscribe(fcm('json'), agent);
    const keys = browserKeys();
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscribe',
      headers: { ...agent.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        endpoint: fcm('form'),
        'keys.p256dh': keys.p256dh,
        'keys.auth': keys.auth,
      }).toString(),
    });
    expect(json.statusCode).toBe(200);
    expect(form.statusCode).toBe(200);
    expect(await ownerOf(fcm('json'))).toBe(DEMO.agent.email);
    expect(await ownerOf(fcm('form'))).toBe(DEMO.agent.email);
  });

  it.each([
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
    'https://web.push.apple.com/QGuQyavXutnMp',
    'https://wns2-by3p.notify.windows.com/w/?token=BQYAAAD',
    `http://${STAND_IN}/push/stand-in`,
  ])(
    'should take an endpoint of a push service browsers use, or one the operator allows: %s',
    async (endpoint) => {
      const res = await subscribe(endpoint, agent2);
      expect(res.statusCode, res.body).toBe(200);
      expect(await ownerOf(endpoint)).toBe(DEMO.agent2.email);
    },
  );

  it.each(FORBIDDEN)(
    'should refuse the endpoint %s with the field named, and store nothing',
    async (endpoint) => {
      const before = await allEndpoints();
      const res = await subscribe(endpoint, agent);
      expect(res.statusCode, res.body).toBe(400);
      expect(ApiErrorBody.parse(res.json())).toEqual({
        code: 'BAD_REQUEST',
        message: pushMessages.endpointRefused,
        reason: 'push.endpoint-refused',
        fieldErrors: { endpoint: pushMessages.endpointRefused },
      });
      expect(await allEndpoints()).toEqual(before);
    },
  );

  it('should never move an endpoint another user holds, nor say whose it is', async () => {
    const endpoint = fcm('shared-browser');
    expect((await subscribe(endpoint, agent)).statusCode).toBe(200);
    const res = await subscribe(endpoint, agent2);
    expect(res.statusCode, res.body).toBe(409);
    expect(ApiErrorBody.parse(res.json())).toEqual({
      code: 'CONFLICT',
      message: pushMessages.endpointTaken,
      reason: 'push.endpoint-taken',
    });
    expect(res.body).not.toContain(DEMO.agent.email);
    expect(await ownerOf(endpoint)).toBe(DEMO.agent.email);
    // The holder posting it again (each signed-in load does) keeps it.
    expect((await subscribe(endpoint, agent)).statusCode).toBe(200);
    expect(await ownerOf(endpoint)).toBe(DEMO.agent.email);
  });

  it(`should keep a user's ${MAX_PUSH_SUBSCRIPTIONS_PER_USER} most recently posted browsers and drop the one not seen for longest`, async () => {
    const manager = await signIn(t.app, DEMO.manager);
    const browsers = Array.from({ length: MAX_PUSH_SUBSCRIPTIONS_PER_USER }, (_, i) =>
      fcm(`manager-${i}`),
    );
    for (const endpoint of browsers)
      expect((await subscribe(endpoint, manager)).statusCode).toBe(200);
    // The first browser is loaded again: it is now the most recently seen.
    expect((await subscribe(browsers[0] ?? '', manager)).statusCode).toBe(200);
    expect((await subscribe(fcm('manager-new'), manager)).statusCode).toBe(200);

    const kept = await endpointsOf(DEMO.manager.email);
    expect(kept).toHaveLength(MAX_PUSH_SUBSCRIPTIONS_PER_USER);
    expect(kept).not.toContain(browsers[1]);
    expect(kept).toEqual(expect.arrayContaining([browsers[0], fcm('manager-new')]));
  });

  it("should not delete another user's subscription when asked to unsubscribe it", async () => {
    const endpoint = fcm('agent2-only');
    await subscribe(endpoint, agent2);
    const other = await post('/api/push/unsubscribe', { endpoint }, agent);
    expect(other.json()).toEqual({ ok: true, removed: false });
    expect(await ownerOf(endpoint)).toBe(DEMO.agent2.email);
    const own = await post('/api/push/unsubscribe', { endpoint }, agent2);
    expect(own.json()).toEqual({ ok: true, removed: true });
    expect(await ownerOf(endpoint)).toBeNull();
  });

  it('should answer a bad request when the endpoint is not a URL', async () => {
    const res = await subscribe('not a url', agent);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('should refuse to unsubscribe when nobody is signed in', async () => {
    const res = await post('/api/push/unsubscribe', { endpoint: fcm('json') });
    expect(res.statusCode).toBe(401);
    expect(await ownerOf(fcm('json'))).toBe(DEMO.agent.email);
  });

  describe('in production', () => {
    let site: TestApp;
    let bella: Session;

    beforeAll(async () => {
      site = await createTestApp(kind, {
        env: {
          APP_ENV: 'production',
          PUBLIC_URL: 'https://smt.example.com',
          SMTP_URL: 'smtp://127.0.0.1:9',
          OUTGOING_ALLOWED_HOSTS: STAND_IN,
        },
      });
      bella = await sessionOf(site, DEMO.agent);
    });
    afterAll(() => site.close());

    it('should refuse plain http even to a host the operator allows, and take https', async () => {
      const before = await allEndpoints(site);
      const plain = await subscribe(`http://${STAND_IN}/push/1`, bella, site);
      expect(plain.statusCode, plain.body).toBe(400);
      expect(plain.json()).toMatchObject({
        fieldErrors: { endpoint: pushMessages.endpointRefused },
      });
      expect(await allEndpoints(site)).toEqual(before);

      const secure = await subscribe(fcm('production'), bella, site);
      expect(secure.statusCode, secure.body).toBe(200);
      expect(await ownerOf(fcm('production'), site)).toBe(DEMO.agent.email);
    });
  });
});
