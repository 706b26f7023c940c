import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const serverAlias = { '@': here('./apps/server/src') };
const INTEGRATION = ['apps/server/**/*.routes.test.ts', 'apps/server/**/*.int.test.ts'];

// `--project 'unit*'` runs the fast suites, `--project integration` the server over HTTP
// against real databases (PGlite always, PostgreSQL too when TEST_DATABASE_URL is set).
export default defineConfig({
  test: {
    // Vitest leaves a core free by default: on a CI machine of two that is one file at a time.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit-shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias: serverAlias },
        test: {
          name: 'unit-server',
          // The benchmarks' own rules (a calibration, say) and the lint rules' fixtures
          // (scripts/lint-rules.test.ts) are tested with the server's.
          include: ['apps/server/src/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: INTEGRATION,
          environment: 'node',
        },
      },
      {
        resolve: { alias: { '@': here('./apps/web/src') } },
        test: {
          name: 'unit-web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/testing/setup-tests.ts'],
        },
      },
      {
        resolve: { alias: serverAlias },
        test: {
          name: 'integration',
          include: INTEGRATION,
          environment: 'node',
          // Each file opens its own databases; two at a time keeps PGlite's memory in check.
          maxWorkers: 2,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
