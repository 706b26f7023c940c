import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '@/app';
import { loadEnv } from '@/config/env';
import { seedDemoOrganisation } from '@/db/seed/seed';
import type * as messengerModule from '@/delivery/messenger';
import { createMessenger } from '@/delivery/messenger';
import { createGds } from '@/gds/create-gds';
import { Clock } from '@/lib/clock';
import {
  createTestDatabase,
  TEST_DATABASE_KINDS,
  type TestDatabase,
} from '../../test/test-database';
import { startMonitoring } from './start-monitoring';

// A process that serves and monitors (SMT_ROLE=all) holds one messenger: the engine's deliveries
// go out through the one its services made (issue 40), which the app closes.
vi.mock('@/delivery/messenger', async (importOriginal) => {
  const real = await importOriginal<typeof messengerModule>();
  return { ...real, createMessenger: vi.fn(real.createMessenger) };
});

describe.each(TEST_DATABASE_KINDS)('a process that serves and monitors on %s', (kind) => {
  let database: TestDatabase | undefined;
  let app: App | undefined;

  afterEach(async () => {
    await app?.close();
    await database?.close();
    vi.mocked(createMessenger).mockClear();
  });

  it("should make one messenger, which the engine's deliveries share with the API", async () => {
    database = await createTestDatabase(kind);
    await seedDemoOrganisation(database.db);
    const env = loadEnv({ APP_ENV: 'local', LOG_LEVEL: 'silent' });
    const gds = await createGds(env, database);
    const clock = new Clock();
    app = await buildApp({
      env,
      database,
      gds,
      clock,
      logger: false,
      webDistDir: '/nonexistent-smt-web-dist',
    });
    app.addHook('onClose', () => gds.close());

    const monitoring = await startMonitoring({
      env,
      database,
      gds,
      registry: app.gdsRegistry,
      clock,
      log: app.log,
      messenger: app.messenger,
      outgoing: app.outgoing,
    });
    await monitoring.stop();

    expect(createMessenger).toHaveBeenCalledTimes(1);
  });
});
