import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';

// The build leaves a .br and a .gz copy beside each text file (apps/web/build/precompress.ts);
// the server sends those copies as they are. Each copy here differs from what compressing the
// plain file would give, so an answer shows which one was sent.

const INDEX_HTML = `<!doctype html><html><body><div id="root"></div>${'<!-- -->'.repeat(200)}</body></html>`;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(5000))});`;
const SCRIPT_AS_BROTLI = `console.log('the brotli copy');${' '.repeat(2000)}`;
const SCRIPT_AS_GZIP = `console.log('the gzip copy');${' '.repeat(2000)}`;

describe.each(TEST_DATABASE_KINDS)('the precompressed files of the SPA on %s', (kind) => {
  let t: TestApp;
  let distDir: string;
  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'smt-dist-'));
    const assets = path.join(distDir, 'assets');
    await mkdir(assets);
    await writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
    await writeFile(path.join(distDir, 'index.html.br'), brotliCompressSync(INDEX_HTML));
    await writeFile(path.join(assets, 'index-AbC123.js'), SCRIPT);
    await writeFile(path.join(assets, 'index-AbC123.js.br'), brotliCompressSync(SCRIPT_AS_BROTLI));
    await writeFile(path.join(assets, 'index-AbC123.js.gz'), gzipSync(SCRIPT_AS_GZIP));
    await writeFile(path.join(assets, 'plain-Xy9.js'), SCRIPT);
    t = await createTestApp(kind, { seed: false, webDistDir: distDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(distDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('should send the brotli copy of a hashed script, cached for a year, when brotli is accepted', async () => {
    const res = await get('/smtapp/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT_AS_BROTLI);
  });

  it('should send the gzip copy when only gzip is accepted', async () => {
    const res = await get('/smtapp/assets/index-AbC123.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT_AS_GZIP);
  });

  it('should send the plain file when no compression is accepted', async () => {
    const res = await get('/smtapp/assets/index-AbC123.js', 'identity');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(SCRIPT);
  });

  it('should compress on the fly a file the build left no copy of', async () => {
    const res = await get('/smtapp/assets/plain-Xy9.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('should send the page of a client route from its brotli copy, never cached', async () => {
    const res = await get('/smtapp/home', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX_HTML);
  });
});
