import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineStatus, recordEngineError } from '@/monitoring/engine-status';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { DEMO, signIn } from '../../../test/sign-in';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';

// The engine health call over HTTP: what it answers and who may make it. What it counts is
// health.service.test.ts's.

describe.each(TEST_DATABASE_KINDS)('engine status on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const status = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/admin/health/engine', headers });

  it('should answer a super user with the engine status', async () => {
    // An error kept, so its shape in the answer is checked too.
    await recordEngineError(
      t.database.db,
      new Error('lease lost'),
      new Date('2026-03-02T06:01:00Z'),
    );
    const session = await signIn(t.app, DEMO.superUser);
    const res = await status(session.headers);
    expect(res.statusCode).toBe(200);
    expect(EngineStatus.safeParse(res.json()).error).toBeUndefined();
  });

  it('should refuse everyone but super users', async () => {
    for (const person of [DEMO.manager, DEMO.agent, DEMO.operator, DEMO.branchManager]) {
      const session = await signIn(t.app, person);
      const res = await status(session.headers);
      expect(res.statusCode, person.email).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect((await status()).statusCode).toBe(401);
  });
});
