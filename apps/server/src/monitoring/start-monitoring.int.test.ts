import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp, type App, servicesOf } from '@/app';
import { loadEnv } from '@/config/env';
import { seedDemoOrganisation } from '@/db/seed/seed';
import type * as appModule from '@/app';
import type * as messengerModule from '@/delivery/messenger';
import { createMessenger } from '@/delivery/messenger';
import { createGds } from '@/gds/create-gds';
import { Clock } from '@/lib/clock';
import { createLifecycle } from '@/lib/lifecycle';
import { startWorker } from '@/start-worker';
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
// A worker (SMT_ROLE=worker) builds no HTTP app: only its health, readiness and metrics listener.
vi.mock('@/app', async (importOriginal) => {
  const real = await importOriginal<typeof appModule>();
  return { ...real, buildApp: vi.fn(real.buildApp) };
});

describe.each(TEST_DATABASE_KINDS)('a process that serves and monitors on %s', (kind) => {
  let database: TestDatabase | undefined;
  let app: App | undefined;

  afterEach(async () => {
    await app?.close();
    await database?.close();
    vi.mocked(createMessenger).mockClear();
    vi.mocked(buildApp).mockClear();
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
      registry: servicesOf(app).gdsRegistry,
      clock,
      log: app.log,
      messenger: servicesOf(app).messenger,
      outgoing: servicesOf(app).outgoing,
    });
    await monitoring.stop();

    expect(createMessenger).toHaveBeenCalledTimes(1);
  });
});

describe.each(TEST_DATABASE_KINDS)('a worker process on %s', (kind) => {
  let database: TestDatabase | undefined;

  afterEach(async () => {
    await database?.close();
    vi.mocked(createMessenger).mockClear();
    vi.mocked(buildApp).mockClear();
  });

  it('should build no HTTP app and make one messenger', async () => {
    database = await createTestDatabase(kind);
    await seedDemoOrganisation(database.db);
    const env = loadEnv({ APP_ENV: 'local', LOG_LEVEL: 'silent', SMT_ROLE: 'worker' });
    const gds = await createGds(env, database);

    const worker = await startWorker({
      env,
      database,
      gds,
      clock: new Clock(),
      log: pino({ level: 'silent' }),
      lifecycle: createLifecycle(),
    });
    await worker.stopWork();
    await worker.close();
    await gds.close();

    expect(buildApp).not.toHaveBeenCalled();
    expect(createMessenger).toHaveBeenCalledTimes(1);
  });
});
