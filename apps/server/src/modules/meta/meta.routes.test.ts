import { PUBLIC_CONFIG_ELEMENT_ID, HealthResponse } from '@smt/shared';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';
const BIG_SCRIPT = `console.log(${JSON.stringify('x'.repeat(5000))});`;

describe.each(TEST_DATABASE_KINDS)('health, docs, version and the SPA on %s', (kind) => {
  let t: TestApp;
  let distDir: string;
  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'smt-dist-'));
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
    await writeFile(path.join(distDir, 'assets', 'index-AbC123.js'), BIG_SCRIPT);
    await writeFile(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp(kind, {
      seed: false,
      webDistDir: distDir,
      env: { APP_VERSION: '4.5.6' },
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it('should report ok, the version and the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(HealthResponse.parse(res.json())).toEqual({ status: 'ok', version: '4.5.6', db: kind });
  });

  it('should serve the version file uncached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/smtapp/meta.json' });
    expect(res.json()).toEqual({ version: '4.5.6' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('should describe its routes in OpenAPI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/smtapp/meta.json']),
    );
  });

  it('should serve the app at /smtapp/ with a CSP and no caching of the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/smtapp/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    // The build's document, with the deployment's settings the server writes into it.
    expect(res.body.startsWith(INDEX_HTML)).toBe(true);
    expect(res.body).toContain(`<script id="${PUBLIC_CONFIG_ELEMENT_ID}" type="application/json">`);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('should redirect /smtapp to /smtapp/', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/smtapp' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/smtapp/');
  });

  it('should answer a client route with the app when no file matches', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/smtapp/notifications/123?view=ALL' });
    expect(res.statusCode).toBe(200);
    // The build's document, with the deployment's settings the server writes into it.
    expect(res.body.startsWith(INDEX_HTML)).toBe(true);
    expect(res.body).toContain(`<script id="${PUBLIC_CONFIG_ELEMENT_ID}" type="application/json">`);
  });

  it('should cache hashed assets for a year and compress them', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/smtapp/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('should revalidate files that are not hashed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/smtapp/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=0');
  });

  it('should answer 404, not the app, when an asset is missing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/smtapp/assets/gone-123.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('should answer a failure in the error shape when the build vanishes under it', async () => {
    // The documents are written once at start (the settings are in them); the files are read
    // from the build at each request.
    await rm(path.join(distDir, 'assets', 'index-AbC123.js'));
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/smtapp/assets/index-AbC123.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
    } finally {
      await writeFile(path.join(distDir, 'assets', 'index-AbC123.js'), BIG_SCRIPT);
    }
  });

  it('should not serve files outside the build', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/smtapp/..%2F..%2Fpackage.json' });
    expect(res.statusCode).toBe(404);
  });
});
