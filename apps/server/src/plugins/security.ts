import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { AppError } from '@/lib/app-error';

// PostgreSQL stores neither NUL nor half of a surrogate pair (JSON's "\ud800"): such text is
// refused with its field named, not left to fail in the database as a 500.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const storable = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);
const UNSTORABLE_MESSAGE = 'Should not contain NUL or broken unicode characters';
const MAX_DEPTH = 20;

function unstorableFields(value: unknown, path: string, found: string[], depth = 0) {
  if (typeof value === 'string') {
    if (!storable(value)) found.push(path);
  } else if (value !== null && typeof value === 'object' && depth < MAX_DEPTH) {
    for (const [key, item] of Object.entries(value)) {
      unstorableFields(item, path === '' ? key : `${path}.${key}`, found, depth + 1);
    }
  }
  return found;
}

/**
 * Security headers with a CSP the SPA lives within, uncached API answers, text the database
 * can store, and compression.
 */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  // Made once: @fastify/helmet makes helmet's middlewares again for every request, parsing the
  // policy each time, work no answer needs (issue 23's profile).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI's emotion writes its styles into <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // The Documents page reads its resource list from DOCUMENTS_URL's storage, if set.
        connectSrc: [
          "'self'",
          ...(app.env.DOCUMENTS_URL ? [new URL(app.env.DOCUMENTS_URL).origin] : []),
        ],
        // The ALTCHA captcha solves its proof of work in a blob worker.
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Cross-origin isolation would stop the share page's links from opening mail and chat apps.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    );
  });
  await app.register(compress, { global: true, threshold: 1024 });

  // After validation, so a signed-out caller still hears 401 and only the fields a route
  // reads are looked at. An address with no route stores nothing: it hears 404 (the not-found
  // handler runs this hook too, without the route's session check).
  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith('/api/') || request.is404) return;
    const found: string[] = [];
    for (const part of [request.params, request.query, request.body]) {
      unstorableFields(part, '', found);
    }
    if (found.length === 0) return;
    const fields = [...new Set(found.map((field) => (field === '' ? 'body' : field)))];
    throw new AppError(
      'BAD_REQUEST',
      `The request has invalid fields: ${fields.join(', ')}.`,
      Object.fromEntries(fields.map((field) => [field, UNSTORABLE_MESSAGE])),
    );
  });

  // API answers carry a signed-in user's data: no cache may keep them. A route that chose its
  // own caching (the shipped documents list, a stand-in for a storage file) keeps it, but
  // never for an error.
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    if (reply.statusCode >= 400 || !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
});
