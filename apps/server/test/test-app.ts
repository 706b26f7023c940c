import type { DbKind } from '@/db/client';
import { buildApp, type App, type AppOptions } from '@/app';
import { loadEnv } from '@/config/env';
import { seedDemoOrganisation } from '@/db/seed/seed';
import { createTestDatabase, type TestDatabase } from './test-database';

export type TestApp = { app: App; database: TestDatabase; close: () => Promise<void> };

export type TestAppOptions = {
  env?: Record<string, string>;
  seed?: boolean;
  webDistDir?: string;
  /** Where the app logs; unset, it logs nothing. */
  logger?: AppOptions['logger'];
  /** Lets a test add its own routes before the app is ready. */
  beforeReady?: (app: App) => void | Promise<unknown>;
};

/** The real application over a fresh database of the given kind, ready for `inject`. */
export async function createTestApp(kind: DbKind, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  if (options.seed ?? true) await seedDemoOrganisation(database.db);
  const env = loadEnv({ APP_ENV: 'local', LOG_LEVEL: 'silent', ...options.env });
  const app = await buildApp({
    env,
    database,
    webDistDir: options.webDistDir ?? '/nonexistent-smt-web-dist',
    logger: options.logger ?? false,
  });
  await options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
