import { DocumentResourceList, DocumentsSource } from '@smt/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from '@/config/env';
import { DEMO, signIn } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';

// The Documents page's calls (SPEC §2.9, §7.2): where the resource list is, and the list this
// server ships for deployments without a storage file of their own.

describe.each(TEST_DATABASE_KINDS)('the documents calls on %s', (kind) => {
  let t: TestApp;
  let configured: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
    configured = await createTestApp(kind, {
      env: { DOCUMENTS_URL: 'https://storage.example.com/smt/resources.json' },
    });
  });
  afterAll(async () => {
    await t.close();
    await configured.close();
  });

  it("should point every signed-in role, new users too, at the server's own list by default", async () => {
    const newcomer = { email: 'docs.reader@onboarding.test', phone: '+972500000990' };
    for (const person of [DEMO.agent, DEMO.manager, DEMO.operator, DEMO.superUser, newcomer]) {
      const { headers } = await signIn(t.app, person);
      const res = await t.app.inject({ method: 'GET', url: '/api/documents/source', headers });
      expect(res.statusCode, person.email).toBe(200);
      expect(DocumentsSource.parse(res.json())).toEqual({
        resourcesUrl: '/api/documents/resources.json',
      });
    }
  });

  it('should answer 401 for the source when signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/documents/source' });
    expect(res.statusCode).toBe(401);
  });

  it('should serve the shipped list to any origin, each entry a guide, page or contact', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/documents/resources.json',
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const list = DocumentResourceList.parse(res.json());
    expect(list.map((item) => item.id)).toEqual(['ON_BOARDING', 'USER_GUIDE', 'CONTACT_US']);
    expect(list.map((item) => item.url)).toEqual([
      '/smtapp/guides/onboarding.html',
      '/smtapp/guides/user-guide.html',
      '/smtapp/support',
    ]);
  });

  it('should hand out DOCUMENTS_URL and let the SPA connect to its origin when set', async () => {
    const { headers } = await signIn(configured.app, DEMO.agent);
    const res = await configured.app.inject({
      method: 'GET',
      url: '/api/documents/source',
      headers,
    });
    expect(res.json()).toEqual({
      resourcesUrl: 'https://storage.example.com/smt/resources.json',
    });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self' https://storage.example.com");
    const plain = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(plain.headers['content-security-policy'])).toContain("connect-src 'self';");
  });

  it('should refuse to start with a DOCUMENTS_URL the browser cannot fetch', () => {
    for (const bad of ['ftp://storage.example.com/resources.json', 'resources.json']) {
      expect(() => loadEnv({ DOCUMENTS_URL: bad })).toThrow(ConfigError);
    }
  });
});
