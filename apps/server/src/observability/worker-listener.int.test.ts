import { ApiErrorBody, HealthResponse, ReadyResponse } from '@smt/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port';
import { silentLog } from '../../test/silent-log';
import {
  createTestDatabase,
  TEST_DATABASE_KINDS,
  type TestDatabase,
} from '../../test/test-database';
import { parseExposition } from './testing/scrape';
import { createLifecycle } from '@/lib/lifecycle';
import { startWorkerListener } from './worker-listener';

describe.each(TEST_DATABASE_KINDS)("a worker's listener on %s", (kind) => {
  let database: TestDatabase;
  let listener: { close: () => Promise<void> };
  let base: string;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    listener = await startWorkerListener({
      lifecycle: createLifecycle(),
      port,
      host: '127.0.0.1',
      database,
      log: silentLog,
      appVersion: '7.8.9',
    });
  });
  afterAll(async () => {
    await listener.close();
    await database.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${url}`, { headers, signal: AbortSignal.timeout(10_000) });

  it('should answer liveness with the version and the database kind', async () => {
    const res = await get('/api/health');
    expect(res.status).toBe(200);
    expect(HealthResponse.parse(await res.json())).toEqual({
      status: 'ok',
      version: '7.8.9',
      db: kind,
    });
  });

  it('should answer ready when the database is migrated', async () => {
    const res = await get('/api/ready');
    expect(res.status).toBe(200);
    expect(ReadyResponse.parse(await res.json())).toMatchObject({ status: 'ready', db: kind });
  });

  it('should serve the metrics, its own requests counted, to a caller on this machine', async () => {
    await get('/api/health');
    const res = await get('/metrics');
    expect(res.status).toBe(200);
    const metrics = parseExposition(await res.text());
    expect(metrics.family('nodejs_eventloop_lag_seconds')?.type).toBe('GAUGE');
    expect(
      metrics.sum('smt_http_request_duration_seconds_count', {
        route: '/api/health',
        status_code: '200',
      }),
    ).toBeGreaterThan(0);
  });

  it('should answer 404 in the error shape when the metrics are asked through a proxy or for an unknown route', async () => {
    for (const [url, headers] of [
      ['/metrics', { 'x-forwarded-for': '198.51.100.4' }],
      ['/api/nothing-here', {}],
    ] as const) {
      const res = await get(url, headers);
      expect(res.status).toBe(404);
      expect(ApiErrorBody.parse(await res.json())).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});
