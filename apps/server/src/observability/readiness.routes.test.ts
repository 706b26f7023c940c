import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ApiErrorBody, ReadyResponse } from '@smt/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '@/db/client';
import { MIGRATIONS_DIR } from '@/paths';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../test/test-database';
import { checkReadiness } from './readiness.service';

const journal = JSON.parse(
  readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
) as { entries: { when: number }[] };
const BUILD_MIGRATIONS = journal.entries.length;
const NEWEST = Math.max(...journal.entries.map((entry) => entry.when));

describe.each(TEST_DATABASE_KINDS)('GET /api/ready on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { seed: false, env: { APP_VERSION: '4.5.6' } });
  });
  afterAll(async () => {
    await t.close();
  });

  const ready = () => t.app.inject({ method: 'GET', url: '/api/ready' });
  const exec = (statement: ReturnType<typeof sql>) => t.database.db.execute(statement);

  it('should answer ready with the migrations when the database is migrated', async () => {
    const res = await ready();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(ReadyResponse.parse(res.json())).toEqual({
      status: 'ready',
      version: '4.5.6',
      db: kind,
      migrations: BUILD_MIGRATIONS,
      newerMigrations: 0,
    });
  });

  it('should answer 503 with the reason when the newest migration of this build is not applied', async () => {
    const [newest] = await queryRows<{ hash: string }>(
      t.database.db,
      sql`delete from drizzle.__drizzle_migrations where created_at = ${NEWEST} returning hash`,
    );
    if (!newest) throw new Error('the newest migration was not recorded');
    try {
      const res = await ready();
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(ApiErrorBody.parse(res.json())).toEqual({
        code: 'INTERNAL',
        message: '1 migration of this build is not applied to the database yet.',
      });
    } finally {
      await exec(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${newest.hash}, ${NEWEST})`,
      );
    }
    expect((await ready()).statusCode).toBe(200);
  });

  it('should stay ready and count them when a newer build applied more migrations', async () => {
    const later = NEWEST + 60_000;
    await exec(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer', ${later})`,
    );
    try {
      const res = await ready();
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ migrations: BUILD_MIGRATIONS, newerMigrations: 1 });
    } finally {
      await exec(sql`delete from drizzle.__drizzle_migrations where created_at = ${later}`);
    }
  });

  it('should name every migration missing when the database was never migrated', async () => {
    const empty = await createTestDatabase(kind, { migrate: false });
    try {
      expect(await checkReadiness(empty)).toEqual({
        ready: false,
        reason: `${BUILD_MIGRATIONS} migrations of this build are not applied to the database yet.`,
      });
    } finally {
      await empty.close();
    }
  });
});

describe('readiness of a database that does not answer', () => {
  it('should not be ready when the database does not answer within the time allowed', async () => {
    const silent = {
      kind: 'postgres',
      db: { execute: () => new Promise(() => undefined) },
    } as unknown as Database;
    expect(await checkReadiness(silent, { timeoutMs: 20 })).toEqual({
      ready: false,
      reason: 'The database did not answer within 0.02 s.',
    });
  });
});
