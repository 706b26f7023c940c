import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../test/server-process';
import { createTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../test/test-database';

// A worker (SMT_ROLE=worker) runs the engine and the deliveries and builds no HTTP app (issue 40):
// on METRICS_PORT it answers its health, readiness and metrics, and nothing of the API or the SPA.
// On PostgreSQL, where workers run beside an API in production; on PGlite only without it.
const kind = TEST_DATABASE_KINDS.includes('postgres') ? 'postgres' : 'pglite';

describe(`a worker process on ${kind}`, () => {
  let server: ServerProcess | undefined;
  let database: TestDatabase | undefined;
  let dataDir: string | undefined;

  afterEach(async () => {
    await server?.kill('SIGTERM');
    await database?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    server = database = dataDir = undefined;
  });

  async function startWorker(): Promise<ServerProcess> {
    if (kind === 'postgres') {
      database = await createTestDatabase('postgres');
      return startServerProcess({ SMT_ROLE: 'worker', DATABASE_URL: database.url ?? '' });
    }
    dataDir = await mkdtemp(path.join(tmpdir(), 'smt-worker-'));
    return startServerProcess({ SMT_ROLE: 'worker', DATA_DIR: dataDir });
  }

  it('should answer health, readiness and metrics, and no call of the API nor a page', async () => {
    server = await startWorker();

    const health = await server.call('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({
      status: 'ok',
      db: kind === 'postgres' ? 'postgres' : 'pglite',
    });
    expect((await server.call('GET', '/api/ready')).status).toBe(200);
    const metrics = await server.call('GET', '/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.text).toContain('# TYPE');

    for (const [method, url] of [
      ['POST', '/api/v2/getNotificationList'],
      ['POST', '/api/validateUserDetails'],
      ['GET', '/api/auth/captcha'],
      ['GET', '/api/getUserDetails'],
      ['GET', '/api/docs'],
      ['GET', '/'],
      ['GET', '/login'],
    ] as const) {
      const answer = await server.call(method, url, method === 'POST' ? { body: {} } : {});
      expect(answer.status, `${method} ${url}`).toBe(404);
    }
    expect(server.output()).not.toContain('SMT is up');

    await server.kill('SIGTERM');
    expect(server.exit()?.code, server.output()).toBe(0);
  });
});
