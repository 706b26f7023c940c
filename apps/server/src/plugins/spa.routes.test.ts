import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import {
  FIRST_SCREEN_SLOTS,
  LOGIN_DOCUMENT_FILE,
  PUBLIC_CONFIG_ELEMENT_ID,
  ROUTES,
  SHELL_DOCUMENT_FILE,
  SHELL_PRELOADS_FILE,
} from '@smt/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicConfigOf } from '@/modules/meta/public-config';
import { createTestApp, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';

// The build leaves a .br and a .gz copy beside each text file (apps/web/build/precompress.ts);
// the server sends those copies as they are. Each copy here differs from what compressing the
// plain file would give, so an answer shows which one was sent.

const INDEX_HTML = `<!doctype html><html><head></head><body><div id="root"></div>${'<!-- -->'.repeat(200)}</body></html>`;
const INDEX_HTML_AS_BROTLI = "the build's brotli copy of index.html";
const LOGIN_HTML = `<!doctype html><html><head></head><body><div id="root"><form>the sign-in form</form><a href="${FIRST_SCREEN_SLOTS.termsUrl}">Terms</a><a href="${FIRST_SCREEN_SLOTS.privacyUrl}">Privacy</a></div></body></html>`;

const SHELL_HTML = `<!doctype html><html><head><script type="module" src="/smtapp/assets/index-AbC123.js"></script></head><body><div id="root"><header>SMT</header><h1>${FIRST_SCREEN_SLOTS.pageTitle}</h1></div></body></html>`;

// What the build lists as each signed-in route's first scripts (apps/web/build/route-preloads.ts).
const PRELOADS = {
  [ROUTES.home.path]: ['/smtapp/assets/start-app-1.js', '/smtapp/assets/home-2.js'],
  [ROUTES.notificationDetails.path]: [
    '/smtapp/assets/start-app-1.js',
    '/smtapp/assets/notifications-3.js',
  ],
};

/** The module preloads a document names, in order. */
const preloadsIn = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
    ([, href]) => href,
  );

/** The settings the server wrote into a document, as the client reads them. */
function configIn(html: string): unknown {
  const match = new RegExp(
    `<script id="${PUBLIC_CONFIG_ELEMENT_ID}" type="application/json">(.*?)</script>`,
  ).exec(html);
  return match ? JSON.parse(match[1]!) : undefined;
}
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
    await writeFile(path.join(distDir, 'index.html.br'), brotliCompressSync(INDEX_HTML_AS_BROTLI));
    await writeFile(path.join(distDir, LOGIN_DOCUMENT_FILE), LOGIN_HTML);
    await writeFile(path.join(distDir, SHELL_DOCUMENT_FILE), SHELL_HTML);
    await writeFile(path.join(distDir, SHELL_PRELOADS_FILE), JSON.stringify(PRELOADS));
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

  it('should send the page of a client route compressed, never cached, with the deployment settings in it', async () => {
    const res = await get('/smtapp/home', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
    const html = brotliDecompressSync(res.rawPayload).toString();
    expect(html).not.toBe(INDEX_HTML_AS_BROTLI);
    expect(configIn(html)).toEqual(publicConfigOf(t.app.env));
    expect(html).toContain('<h1>Home</h1>');
  });

  it("should paint each signed-in route's frame with its own title", async () => {
    for (const route of [ROUTES.notifications, ROUTES.agents, ROUTES.myPnrs]) {
      const res = await get(`/smtapp${route.path}`, 'identity');
      expect(res.body).toContain(`<header>SMT</header><h1>${route.title}</h1>`);
      expect(configIn(res.body)).toEqual(publicConfigOf(t.app.env));
    }
  });

  it("should name the scripts of each signed-in route's first screen as preloads in its head", async () => {
    const home = await get('/smtapp/home', 'identity');
    expect(preloadsIn(home.body)).toEqual(PRELOADS[ROUTES.home.path]);
    expect(home.body.indexOf('modulepreload')).toBeLessThan(home.body.indexOf('</head>'));
    // A route with parameters finds its pattern's list.
    const details = await get('/smtapp/notifications/42', 'identity');
    expect(preloadsIn(details.body)).toEqual(PRELOADS[ROUTES.notificationDetails.path]);
    // A route the build listed nothing for, the sign-in page and the rest preload nothing.
    for (const url of ['/smtapp/settings', '/smtapp/login', '/smtapp/nowhere']) {
      expect(preloadsIn((await get(url, 'identity')).body), url).toEqual([]);
    }
  });

  it('should send the bare document where no signed-in route is known', async () => {
    for (const url of ['/smtapp/', '/smtapp/nowhere', '/smtapp/login-test']) {
      const res = await get(url, 'identity');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(configIn(res.body)).toEqual(publicConfigOf(t.app.env));
    }
  });

  it('should send the documents in gzip or plain as the browser accepts them', async () => {
    const gzipped = await get('/smtapp/notifications', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(configIn(gunzipSync(gzipped.rawPayload).toString())).toEqual(publicConfigOf(t.app.env));
    const plain = await get('/smtapp/notifications', 'br;q=0, identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(configIn(plain.body)).toEqual(publicConfigOf(t.app.env));
  });

  it('should send the sign-in route its prerendered page, with the deployment links in its slots', async () => {
    const res = await get('/smtapp/login', 'identity');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<form>the sign-in form</form>');
    expect(res.body).toContain(`href="${t.app.env.TERMS_URL}"`);
    expect(res.body).toContain(`href="${t.app.env.PRIVACY_URL}"`);
    expect(res.body).not.toContain('%SMT_');
    expect(configIn(res.body)).toEqual(publicConfigOf(t.app.env));
  });

  it("should not send the build's documents as files, without their settings", async () => {
    expect((await get('/smtapp/login.html')).statusCode).toBe(404);
    expect((await get('/smtapp/index.html')).statusCode).toBe(404);
    expect((await get('/smtapp/shell.html')).statusCode).toBe(404);
    expect((await get(`/smtapp/${SHELL_PRELOADS_FILE}`)).statusCode).toBe(404);
  });
});
