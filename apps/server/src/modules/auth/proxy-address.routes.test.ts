import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';
import { TEST_KEY } from '../../../test/sign-in';
import { SENDS_PER_HOUR } from './sign-in.service';

// The per-address sign-in limit behind a reverse proxy that appends the true client address to
// whatever X-Forwarded-For the client wrote (as nginx's $proxy_add_x_forwarded_for does).

const TRUE_CLIENT = '203.0.113.7';
let people = 0;
const someone = () => {
  people += 1;
  return {
    email: `proxy.person.${people}@example.test`,
    phone: `+9725${String(40_000_000 + people).padStart(8, '0')}`,
  };
};

describe.each(TEST_DATABASE_KINDS)('the client address behind a proxy on %s', (kind) => {
  const apps: TestApp[] = [];
  const appWith = async (trustProxy: string) => {
    const t = await createTestApp(kind, { seed: false, env: { TRUST_PROXY: trustProxy } });
    apps.push(t);
    return t;
  };
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  /** Sends from one client through the proxy, each time with a new spoofed left-most value. */
  async function sendsThroughProxy(t: TestApp, times: number, proxy = '127.0.0.1') {
    const statuses: number[] = [];
    for (let i = 0; i < times; i += 1) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sms/send',
        remoteAddress: proxy,
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}, ${TRUE_CLIENT}` },
        payload: { ...someone(), captcha: TEST_KEY },
      });
      statuses.push(answer.statusCode);
    }
    return statuses;
  }

  const expected = (times: number) =>
    Array.from({ length: times }, (_, i) => (i < SENDS_PER_HOUR ? 200 : 429));

  let hops: TestApp;
  beforeAll(async () => {
    hops = await appWith('1');
  });

  it('should keep the per-address limit when the client spoofs the left-most value behind one hop', async () => {
    expect(await sendsThroughProxy(hops, SENDS_PER_HOUR + 5)).toEqual(expected(SENDS_PER_HOUR + 5));
  });

  it('should keep the per-address limit when the proxy is named by its address', async () => {
    const named = await appWith('127.0.0.1,10.0.0.0/8');
    expect(await sendsThroughProxy(named, SENDS_PER_HOUR + 2)).toEqual(
      expected(SENDS_PER_HOUR + 2),
    );
  });

  it('should not trust a forwarded address from a public peer when counting hops', async () => {
    // A client reaching the server directly, past the proxy, writes the header itself.
    const statuses: number[] = [];
    for (let i = 0; i < SENDS_PER_HOUR + 1; i += 1) {
      const answer = await hops.app.inject({
        method: 'POST',
        url: '/api/auth/sms/send',
        remoteAddress: '198.51.100.200',
        headers: { 'x-forwarded-for': `192.0.2.${i + 1}` },
        payload: { ...someone(), captcha: TEST_KEY },
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses).toEqual(expected(SENDS_PER_HOUR + 1));
  });
});
