import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  APP_BASE_PATH,
  LOGIN_DOCUMENT_FILE,
  ROUTES,
  SHELL_DOCUMENT_FILE,
  SHELL_PRELOADS_FILE,
  signedInRouteAt,
  type AppRoute,
  type ClientConfig,
} from '@smt/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import {
  documentEncodingFor,
  readShellPreloads,
  readSpaTemplate,
  shellWithPreloads,
  shellWithTitle,
  spaDocumentOf,
  type SpaDocument,
} from '@/plugins/spa-documents';

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

type SpaOptions = { distDir: string; publicConfig: ClientConfig };

/**
 * The built SPA under /smtapp: hashed assets cached for a year, everything else revalidated,
 * and any path that is not a file answered with index.html so the client router takes it
 * (the sign-in route with the build's copy that has its form painted in).
 */
export const spaPlugin = fp(async (app: FastifyInstance, options: SpaOptions) => {
  const { distDir, publicConfig } = options;
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

  // The documents carry the deployment's settings, so they are written and compressed here,
  // once (the signed-in frame once per route's title): the build's copies are not sent.
  const index = await spaDocumentOf(await readSpaTemplate(distDir, 'index.html', publicConfig));
  const login = files.has(LOGIN_DOCUMENT_FILE)
    ? await spaDocumentOf(await readSpaTemplate(distDir, LOGIN_DOCUMENT_FILE, publicConfig))
    : index;
  const shell = files.has(SHELL_DOCUMENT_FILE)
    ? await readSpaTemplate(distDir, SHELL_DOCUMENT_FILE, publicConfig)
    : null;
  const preloads = files.has(SHELL_PRELOADS_FILE)
    ? await readShellPreloads(distDir)
    : new Map<string, readonly string[]>();
  // One document per route: its title and the scripts its first screen runs.
  const shells = new Map<AppRoute, Promise<SpaDocument>>();
  const shellFor = (route: AppRoute) => {
    if (shell === null) return index;
    let document = shells.get(route);
    if (!document) {
      document = spaDocumentOf(
        shellWithPreloads(shellWithTitle(shell, route.title), preloads.get(route.path) ?? []),
      );
      shells.set(route, document);
    }
    return document;
  };
  const loginPath = ROUTES.login.path.slice(1);
  // The build's files that are not sent as they are: the documents without their settings,
  // and the preload list the documents are written from.
  const documents = new Set([
    '',
    'index.html',
    LOGIN_DOCUMENT_FILE,
    SHELL_DOCUMENT_FILE,
    SHELL_PRELOADS_FILE,
  ]);

  /** The sign-in form, a signed-in route's frame, or the bare document for the rest. */
  const documentOf = (relative: string): SpaDocument | Promise<SpaDocument> => {
    if (relative === loginPath) return login;
    const route = signedInRouteAt(`/${relative}`);
    return route === null ? index : shellFor(route);
  };

  const sendDocument = (reply: FastifyReply, document: SpaDocument, acceptEncoding?: string) => {
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    const encoding = documentEncodingFor(acceptEncoding);
    if (encoding === null) return reply.send(document.html);
    return reply.header('content-encoding', encoding).send(document[encoding]);
  };

  app.get(APP_BASE_PATH, { schema: { hide: true } }, (_request, reply) =>
    reply.redirect(`${APP_BASE_PATH}/`, 301),
  );
  app.get(`${APP_BASE_PATH}/*`, { schema: { hide: true } }, async (request, reply) => {
    const relative = (request.params as { '*': string })['*'];
    if (files.has(relative) && !documents.has(relative)) {
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
    return sendDocument(reply, await documentOf(relative), request.headers['accept-encoding']);
  });
});
