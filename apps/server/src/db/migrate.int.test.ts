import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from './client';
import { runMigrations } from './migrate';
import {
  createTestDatabase,
  TEST_DATABASE_KINDS,
  type TestDatabase,
} from '../../test/test-database';

async function schemaSignature(database: TestDatabase) {
  const columns = await queryRows<{ table_name: string; column_name: string; data_type: string }>(
    database.db,
    sql`
    select table_name, column_name, data_type from information_schema.columns
    where table_schema = 'public' order by table_name, column_name`,
  );
  const indexes = await queryRows<{ indexname: string; indexdef: string }>(
    database.db,
    sql`
    select indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname`,
  );
  const applied = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return { columns, indexes, applied: applied[0]?.n };
}

describe.each(TEST_DATABASE_KINDS)('migrations on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { migrate: false });
  });
  afterAll(() => database.close());

  it('should create every table when applied to an empty database', async () => {
    await runMigrations(database);
    const { columns, applied } = await schemaSignature(database);
    const tables = new Set(columns.map((c) => c.table_name));
    expect([...tables].sort()).toEqual([
      'agencies',
      'agents',
      'audit_log',
      'booking_checks',
      'booking_snapshots',
      'booking_tallies',
      'bookings',
      'branches',
      'credits',
      'deliveries',
      'design_properties',
      'dev_inbox',
      'gds_connections',
      'notification_tallies',
      'notifications',
      'price_quotes',
      'process_settings',
      'provider_events',
      'push_subscriptions',
      'retired_refresh_tokens',
      'sessions',
      'sign_in_requests',
      'subscriptions',
      'system_settings',
      'used_captchas',
      'users',
    ]);
    expect(applied).toBeGreaterThan(0);
  });

  it('should change nothing when applied a second time', async () => {
    const before = await schemaSignature(database);
    await runMigrations(database);
    expect(await schemaSignature(database)).toEqual(before);
  });
});

describe.runIf(TEST_DATABASE_KINDS.includes('postgres'))('migrations from many processes', () => {
  it('should apply once when several processes start together', async () => {
    const first = await createTestDatabase('postgres', { migrate: false });
    const others = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ kind: 'postgres', url: first.url ?? '', poolSize: 2 })),
    );
    try {
      await Promise.all([first, ...others].map((database) => runMigrations(database)));
      const [row] = await queryRows<{ n: number }>(
        first.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      const journal = await import('./migrations/meta/_journal.json');
      expect(row?.n).toBe(journal.entries.length);
    } finally {
      await Promise.all(others.map((database) => database.close()));
      await first.close();
    }
  });
});
