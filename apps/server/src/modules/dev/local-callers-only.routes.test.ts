import { ApiErrorBody } from '@smt/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';
import { LOCAL_ONLY_MESSAGE } from './local-callers-only';

// Whoever reads the dev inbox reads every sign-in code: it answers only on the server's machine.

const DEV_CALLS = [
  { method: 'GET', url: '/api/dev/inbox?to=%2B972500000003' },
  { method: 'GET', url: '/api/dev/clock' },
  { method: 'GET', url: '/api/dev/gds/clock' },
  { method: 'POST', url: '/api/dev/gds/clock', payload: { advanceMinutes: 0 } },
  { method: 'GET', url: '/api/dev/gds/bookings/ABC123' },
] as const;

describe.each(TEST_DATABASE_KINDS)('the dev routes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { seed: false });
  });
  afterAll(() => t.close());

  const call = (
    request: (typeof DEV_CALLS)[number],
    remoteAddress: string,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: request.method,
      url: request.url,
      remoteAddress,
      headers,
      ...('payload' in request ? { payload: request.payload } : {}),
    });

  it.each(DEV_CALLS)(
    'should refuse $method $url when the caller is on the network',
    async (request) => {
      for (const address of ['192.168.1.20', '10.0.0.7', '203.0.113.9', 'fd00::5']) {
        const answer = await call(request, address);
        expect(answer.statusCode, address).toBe(403);
        expect(ApiErrorBody.parse(answer.json())).toEqual({
          code: 'FORBIDDEN',
          message: LOCAL_ONLY_MESSAGE,
          reason: 'dev.not-local-caller',
        });
      }
    },
  );

  it.each(DEV_CALLS)(
    'should refuse $method $url when a proxy on this machine relays it',
    async (request) => {
      for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
        const answer = await call(request, '127.0.0.1', { [header]: '203.0.113.9' });
        expect(answer.statusCode, header).toBe(403);
      }
    },
  );

  it.each(DEV_CALLS)(
    'should answer $method $url when the caller is on this machine',
    async (request) => {
      for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        const answer = await call(request, address);
        expect(answer.statusCode, `${address}: ${answer.body}`).not.toBe(403);
        expect(answer.statusCode).toBeLessThan(500);
      }
    },
  );

  it('should say in the OpenAPI document that the dev routes answer loopback callers only', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json<{
      paths: Record<string, Record<string, { description?: string }>>;
    }>();
    const devOperations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/dev/'))
      .flatMap(([, operations]) => Object.values(operations));
    expect(devOperations.length).toBeGreaterThanOrEqual(DEV_CALLS.length);
    for (const operation of devOperations) {
      expect(operation.description).toMatch(/only to a caller on the same machine/);
    }
  });
});
