import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBody, errorMessages } from '@smt/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '@/lib/app-error';
import { createTestApp, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';

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

  it('should answer 400, not 500, when the content type is not supported', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'text/xml' },
      payload: '<email/>',
    });
    expect(res.statusCode).toBe(400);
    expect(ApiErrorBody.parse(res.json()).code).toBe('BAD_REQUEST');
  });

  it('should answer 404 in the error shape when the route is unknown', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-call?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: 'NOT_FOUND',
      message: 'There is no GET /api/no-such-call.',
    });
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

  it('should echo a request id on every answer', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'trace-123' },
    });
    expect(res.headers['x-request-id']).toBe('trace-123');
  });
});
