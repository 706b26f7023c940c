import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES, startJobQueue } from '@/monitoring/job-queue';
import { silentLog } from '../../test/silent-log';
import {
  createTestDatabase,
  TEST_DATABASE_KINDS,
  type TestDatabase,
} from '../../test/test-database';
import { createQueueDepthReader } from './queue-depth';

describe.each(TEST_DATABASE_KINDS)('the job queue depth on %s', (kind) => {
  let database: TestDatabase;
  let boss: PgBoss | null = null;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await boss?.stop({ graceful: false, close: false });
    await database.close();
  });

  it('should read every queue as empty when no worker has made the queue yet', async () => {
    const reader = createQueueDepthReader(database);
    expect(await reader.read()).toEqual({
      'check-bookings': 0,
      'sync-branches': 0,
      deliver: 0,
      'deliver-dead': 0,
    });
  });

  it('should count waiting jobs by queue, reading the database again only when the last reading is old', async () => {
    boss = await startJobQueue(database, silentLog);
    let now = 1_000_000;
    const reader = createQueueDepthReader(database, { maxAgeMs: 5_000, now: () => now });
    expect((await reader.read())?.[QUEUES.checkBookings]).toBe(0);

    await boss.send(QUEUES.checkBookings, { bookingIds: [1] });
    now += 4_999;
    // A scrape storm within the reading's age costs the database nothing more.
    expect((await reader.read())?.[QUEUES.checkBookings]).toBe(0);
    now += 1;
    expect(await reader.read()).toMatchObject({ [QUEUES.checkBookings]: 1, [QUEUES.deliver]: 0 });
  });
});
