import { connect } from 'node:net';
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBody, errorMessages } from '@smt/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { buildApp, type App } from '@/app';
import { loadEnv } from '@/config/env';
import { AppError } from '@/lib/app-error';
import { DomainError } from '@/lib/domain-error';
import { fail as failPnrs } from '@/modules/pnrs/pnrs.errors';
import { CLIENT_LEFT } from './error-handler';
import { capturedLog } from '../../test/captured-log';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  createTestDatabase,
  TEST_DATABASE_KINDS,
  type TestDatabase,
} from '../../test/test-database';

// Routes that exercise the machinery every real route goes through: validation of form and
// JSON bodies, module errors, and failures nobody planned for.
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/test/echo',
    {
      config: { access: 'public' },
      schema: {
        body: z.object({
          email: z.email(),
          count: z.coerce.number().int().min(1),
          tags: z.array(z.string()).optional(),
        }),
      },
    },
    async (request) => request.body,
  );
  app.get('/api/test/boom', { config: { access: 'public' } }, async () => {
    throw new Error('secret internals at /srv/app.ts:42');
  });
  // As drizzle throws them: the driver's error as the cause of its own.
  app.get('/api/test/database-refused', { config: { access: 'public' } }, async () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    throw new Error('Failed query: select 1', { cause });
  });
  app.get('/api/test/database-shutting-down', { config: { access: 'public' } }, async () => {
    const cause = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    throw new Error('Failed query: select 1', { cause });
  });
  app.get('/api/test/pool-timeout', { config: { access: 'public' } }, async () => {
    throw new Error('timeout exceeded when trying to connect');
  });
  app.get('/api/test/conflict', { config: { access: 'public' } }, async () => {
    throw new AppError('CONFLICT', 'This table is already exists');
  });
  // A module's refusal, said by its reason.
  app.get('/api/test/refused', { config: { access: 'public' } }, async () => {
    throw failPnrs('pnrs.dates-out-of-range', 'The request has invalid fields: from.', {
      from: 'Should be a past date',
    });
  });
  app.get('/api/test/unknown-reason', { config: { access: 'public' } }, async () => {
    throw new DomainError('pnrs.made-by-hand', 'secret internals');
  });
};

describe.each(TEST_DATABASE_KINDS)('error shape and bodies on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      seed: false,
      beforeReady: async (app) => {
        await app.register(probeRoutes);
      },
    });
  });
  afterAll(() => t.close());

  it('should accept a JSON body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { email: 'a@b.test', count: 2, tags: ['x'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: 'a@b.test', count: 2, tags: ['x'] });
  });

  it('should accept the same body form-encoded', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.test&count=2&tags=x&tags=y',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: 'a@b.test', count: 2, tags: ['x', 'y'] });
  });

  it('should answer 400 with fieldErrors when fields are invalid', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { email: 'not-an-address', count: 0 },
    });
    expect(res.statusCode).toBe(400);
    const body = ApiErrorBody.parse(res.json());
    expect(body.code).toBe('BAD_REQUEST');
    expect(Object.keys(body.fieldErrors ?? {}).sort()).toEqual(['count', 'email']);
    expect(body.message).toMatch(/email/);
  });

  it('should say a missing field is required when it is absent', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { count: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ email: 'Required' });
  });

  it('should answer 400 in the error shape when the JSON is malformed', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(ApiErrorBody.parse(res.json()).code).toBe('BAD_REQUEST');
  });

  it('should answer 415 in the error shape, not 500, when the content type is not supported', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'text/xml' },
      payload: '<email/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(ApiErrorBody.parse(res.json())).toEqual({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^The request body .+\.$/),
    });
  });

  it('should answer 413 in the error shape when the body is over the limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.test', count: 1, tags: ['x'.repeat(1_100_000)] }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(ApiErrorBody.parse(res.json())).toEqual({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^The request body .+\.$/),
    });
  });

  it('should answer 404 in the error shape when the route is unknown', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-call?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: 'NOT_FOUND',
      message: 'There is no GET /api/no-such-call.',
    });
  });

  it('should answer 404, not a refusal of its fields, when an unknown route is sent NUL', async () => {
    // A '..' segment leaves /api/xapi/credits/{id}/state for an address with no route.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/xapi/credits/%2e%2e/state',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'state=%00',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'There is no POST /api/xapi/state.' });
  });

  it('should answer 500 without a stack or internals when a handler throws', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    const body = ApiErrorBody.parse(res.json());
    expect(body.code).toBe('INTERNAL');
    expect(res.body).not.toMatch(/secret|\/srv|stack|at /);
  });

  it.each(['database-refused', 'database-shutting-down', 'pool-timeout'])(
    'should answer 503 with a retry time when the database cannot be reached (%s)',
    async (probe) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/test/${probe}` });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('30');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(ApiErrorBody.parse(res.json())).toEqual({
        code: 'INTERNAL',
        message: errorMessages.databaseUnavailable,
      });
      expect(res.body).not.toMatch(/ECONNREFUSED|5432|administrator|timeout/);
    },
  );

  it('should map a module error code to its status', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'CONFLICT', message: 'This table is already exists' });
  });

  it("should answer a module's refusal with its reason's code, status and words", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/refused' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'BAD_REQUEST',
      message: 'The request has invalid fields: from.',
      reason: 'pnrs.dates-out-of-range',
      fieldErrors: { from: 'Should be a past date' },
    });
  });

  it('should answer a reason no module lists as a failure that tells nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/unknown-reason' });
    expect(res.statusCode).toBe(500);
    expect(ApiErrorBody.parse(res.json()).code).toBe('INTERNAL');
    expect(res.body).not.toContain('secret internals');
  });

  it('should echo a request id on every answer', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'trace-123' },
    });
    expect(res.headers['x-request-id']).toBe('trace-123');
  });
});

type RawAnswer = { status: number; headers: Record<string, string>; body: string };

/**
 * Sends `head` as it is over a socket of its own (inject() skips Node's HTTP parser, which is
 * what answers here) and resolves with what came back once the server closes the socket.
 */
function rawExchange(port: number, head: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    // A deadline, not a wait: the answer is taken as soon as the socket closes.
    socket.setTimeout(10_000, () => {
      socket.destroy();
      reject(new Error('no answer within 10 s'));
    });
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [top = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = top.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    socket.write(head);
  });
}

function expectRefusal(answer: RawAnswer, status: number) {
  expect(answer.status, answer.body).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(answer.headers.connection).toBe('close');
  expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
  expect(ApiErrorBody.parse(JSON.parse(answer.body))).toEqual({
    code: 'BAD_REQUEST',
    message: expect.stringMatching(/^The request .+\.$/),
  });
}

// Node's HTTP parser answers these before Fastify sees a request, whatever the database.
describe.each(TEST_DATABASE_KINDS)(
  'answers of the HTTP parser over a real socket on %s',
  (kind) => {
    const REQUEST_TIMEOUT_MS = 300;
    let database: TestDatabase;
    let app: App;
    let port: number;

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      app = await buildApp({
        env: loadEnv({ APP_ENV: 'local', LOG_LEVEL: 'silent' }),
        database,
        webDistDir: '/nonexistent-smt-web-dist',
        logger: false,
        // Short, so the slow request below is cut without a long wait.
        requestTimeoutMs: REQUEST_TIMEOUT_MS,
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (address === null || typeof address === 'string') throw new Error('not listening');
      port = address.port;
    });
    afterAll(async () => {
      await app.close();
      await database.close();
    });

    it('should answer 431 in the error shape when a header is 20 KB', async () => {
      const answer = await rawExchange(
        port,
        `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      expectRefusal(answer, 431);
    });

    it('should answer 400 in the error shape when the request is not HTTP', async () => {
      const answer = await rawExchange(
        port,
        'GET /api/health HTTP/1.1\r\nHost: localhost\r\nContent-Length: lots\r\n\r\n',
      );
      expectRefusal(answer, 400);
    });

    it('should answer 413 in the error shape and close when a body is announced over the limit', async () => {
      // Refused on its announced length, before a byte of it is read.
      const answer = await rawExchange(
        port,
        'POST /api/validateUserDetails HTTP/1.1\r\nHost: localhost\r\n' +
          'Content-Type: application/json\r\nContent-Length: 2000000\r\n\r\n',
      );
      expectRefusal(answer, 413);
      expect(answer.headers['x-request-id']).toBeDefined();
    });

    it('should answer 408 in the error shape when the headers come too slowly', async () => {
      // The headers never end: the server must give up and say so, then close the socket.
      const answer = await rawExchange(port, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
      expectRefusal(answer, 408);
    });

    it('should still answer a request that arrives whole after the slow one', async () => {
      const answer = await rawExchange(
        port,
        'GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
      );
      expect(answer.status).toBe(200);
    });
  },
);

// A download stopped before its first byte (the CSV exports stream theirs): the client is gone,
// and nothing failed on the server's side.
describe('a streamed answer the client leaves before it begins', () => {
  const log = capturedLog('info');
  let t: TestApp;
  let port: number;
  let piped: Promise<void>;

  beforeAll(async () => {
    let markPiped = () => {};
    piped = new Promise((resolve) => (markPiped = resolve));
    t = await createTestApp('pglite', {
      seed: false,
      logger: log.logger,
      beforeReady: async (app) => {
        // A POST, as the CSV exports are: its body read whole, Node does not count the request
        // as aborted when the connection closes, and Fastify hands the error to our handler.
        app.post('/api/test/endless', { config: { access: 'public' } }, async (_request, reply) => {
          // Piped once Fastify watches both ends; no byte is ever written, so no header either.
          reply.raw.once('pipe', markPiped);
          return reply.type('text/csv').send(new PassThrough());
        });
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    port = address.port;
  });
  afterAll(() => t.close());

  it('should log the client leaving at info, not a failure at error, when it closes the connection', async () => {
    const socket = connect(port, '127.0.0.1');
    socket.write(
      'POST /api/test/endless HTTP/1.1\r\nHost: localhost\r\n' +
        'Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
    );
    await piped;
    socket.destroy();
    await vi.waitFor(() => expect(log.text()).toContain(CLIENT_LEFT));
    expect(log.entries().filter((entry) => Number(entry.level) >= 50)).toEqual([]);
  });
});
