import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions, users } from '@/db/schema';
import { browserKeys } from '@/delivery/testing/delivery-fixtures';
import { DEMO, signIn, type SignedIn } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';

describe.each(TEST_DATABASE_KINDS)('push routes on %s', (kind) => {
  let t: TestApp;
  let agent: SignedIn;
  let agent2: SignedIn;
  const post = (url: string, payload: object, session?: SignedIn) =>
    t.app.inject({ method: 'POST', url, payload, headers: session?.headers ?? {} });
  const ownerOf = async (endpoint: string) => {
    const [row] = await t.database.db
      .select({ email: users.email })
      .from(pushSubscriptions)
      .innerJoin(users, eq(users.id, pushSubscriptions.userId))
      .where(eq(pushSubscriptions.endpoint, endpoint));
    return row?.email ?? null;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
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
      endpoint: 'https://push.example/unsigned',
      keys: browserKeys(),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await ownerOf('https://push.example/unsigned')).toBeNull();
  });

  it('should keep the subscription when a signed-in user subscribes by JSON or form', async () => {
    const json = await post(
      '/api/push/subscribe',
      { endpoint: 'https://push.example/json', keys: browserKeys() },
      agent,
    );
    const keys = browserKeys();
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscribe',
      headers: { ...agent.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        endpoint: 'https://push.example/form',
        'keys.p256dh': keys.p256dh,
        'keys.auth': keys.auth,
      }).toString(),
    });
    expect(json.statusCode).toBe(200);
    expect(form.statusCode).toBe(200);
    expect(await ownerOf('https://push.example/json')).toBe(DEMO.agent.email);
    expect(await ownerOf('https://push.example/form')).toBe(DEMO.agent.email);
  });

  it('should move the subscription to the caller when another user re-subscribes it', async () => {
    const endpoint = 'https://push.example/shared-browser';
    await post('/api/push/subscribe', { endpoint, keys: browserKeys() }, agent);
    const res = await post('/api/push/subscribe', { endpoint, keys: browserKeys() }, agent2);
    expect(res.statusCode).toBe(200);
    expect(await ownerOf(endpoint)).toBe(DEMO.agent2.email);
  });

  it("should not delete another user's subscription when asked to unsubscribe it", async () => {
    const endpoint = 'https://push.example/agent2-only';
    await post('/api/push/subscribe', { endpoint, keys: browserKeys() }, agent2);
    const other = await post('/api/push/unsubscribe', { endpoint }, agent);
    expect(other.json()).toEqual({ ok: true, removed: false });
    expect(await ownerOf(endpoint)).toBe(DEMO.agent2.email);
    const own = await post('/api/push/unsubscribe', { endpoint }, agent2);
    expect(own.json()).toEqual({ ok: true, removed: true });
    expect(await ownerOf(endpoint)).toBeNull();
  });

  it('should answer a bad request when the endpoint is not a URL', async () => {
    const res = await post(
      '/api/push/subscribe',
      { endpoint: 'not a url', keys: browserKeys() },
      agent,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('should refuse to unsubscribe when nobody is signed in', async () => {
    const res = await post('/api/push/unsubscribe', { endpoint: 'https://push.example/json' });
    expect(res.statusCode).toBe(401);
    expect(await ownerOf('https://push.example/json')).toBe(DEMO.agent.email);
  });
});
