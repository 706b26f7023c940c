import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { APP_BASE_PATH } from '@smt/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

async function listFiles(root: string, dir = ''): Promise<string[]> {
  const entries = await readdir(path.join(root, dir), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const relative = path.posix.join(dir, entry.name);
      return entry.isDirectory() ? listFiles(root, relative) : Promise.resolve([relative]);
    }),
  );
  return nested.flat();
}

/**
 * The built SPA under /smtapp: hashed assets cached for a year, everything else revalidated,
 * and any path that is not a file answered with index.html so the client router takes it.
 */
export const spaPlugin = fp(async (app: FastifyInstance, options: { distDir: string }) => {
  const { distDir } = options;
  if (!existsSync(path.join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'no built SPA found; /smtapp answers 404 until `npm run build`');
    return;
  }
  // The build does not change under a running server, so the file list is read once.
  const files = new Set(await listFiles(distDir));
  // The build writes a brotli and a gzip copy of each text file (apps/web/build/precompress.ts):
  // sent as they are, the smallest form at no cost per request. Files without one are
  // compressed on the fly by the security plugin's compression.
  await app.register(fastifyStatic, { root: distDir, serve: false, preCompressed: true });

  const sendIndex = (reply: FastifyReply) =>
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8')
      .sendFile('index.html', { cacheControl: false });

  app.get(APP_BASE_PATH, { schema: { hide: true } }, (_request, reply) =>
    reply.redirect(`${APP_BASE_PATH}/`, 301),
  );
  app.get(`${APP_BASE_PATH}/*`, { schema: { hide: true } }, (request, reply) => {
    const relative = (request.params as { '*': string })['*'];
    if (relative !== '' && relative !== 'index.html' && files.has(relative)) {
      const hashed = relative.startsWith('assets/');
      // Caches must keep the brotli, gzip and plain answers apart.
      reply.header('vary', 'accept-encoding');
      return reply.sendFile(relative, {
        cacheControl: true,
        maxAge: hashed ? YEAR_SECONDS * 1000 : 0,
        immutable: hashed,
      });
    }
    // A missing file is a 404, not the app: a stale script tag must not receive HTML.
    if (path.posix.basename(relative).includes('.')) return reply.callNotFound();
    return sendIndex(reply);
  });
});
