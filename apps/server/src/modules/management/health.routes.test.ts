import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineStatus, recordEngineError } from '@/monitoring/engine-status';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { DEMO, signIn } from '../../../test/sign-in';
import { TEST_DATABASE_KINDS } from '../../../test/test-database';

describe.each(TEST_DATABASE_KINDS)('engine status on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const status = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/admin/health/engine', headers });

  it('should answer a super user with the engine status and the newest errors first', async () => {
    await recordEngineError(
      t.database.db,
      new Error('GDS timed out'),
      new Date('2026-03-02T06:00:00Z'),
    );
    await recordEngineError(
      t.database.db,
      new Error('lease lost'),
      new Date('2026-03-02T06:01:00Z'),
    );
    const session = await signIn(t.app, DEMO.superUser);
    const res = await status(session.headers);
    expect(res.statusCode).toBe(200);
    const body = EngineStatus.parse(res.json());
    expect(body).toMatchObject({ bookingsMonitored: 0, queueDepth: 0, deliveries: { sent: 0 } });
    expect(body.lastErrors.map((e) => e.message)).toEqual(['lease lost', 'GDS timed out']);
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
