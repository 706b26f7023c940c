import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The test files under `dir` that replace a module (vi.mock): a module is evaluated once per
 * worker when files share it, so these run in a project of their own, each in a fresh one.
 */
function filesMockingModules(dir: string): string[] {
  return readdirSync(here(dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `${dir}/${file}`)
    .filter((file) => readFileSync(here(file), 'utf8').includes('vi.mock('));
}
const WEB_MOCKING = filesMockingModules('apps/web/src');
const SERVER_MOCKING = filesMockingModules('apps/server/src').filter((file) =>
  /\.(routes|int)\.test\.ts$/.test(file),
);
// The Node unit files that replace a module, wherever unit-shared and unit-server look.
const NODE_UNIT_MOCKING = [
  'packages/shared/src',
  'apps/server/src',
  'bench',
  'scripts',
  'apps/web/build',
  'apps/web/e2e',
]
  .flatMap(filesMockingModules)
  .filter((file) => !/\.(routes|int|service)\.test\.ts$/.test(file));
const serverAlias = { '@': here('./apps/server/src') };
const INTEGRATION = ['apps/server/**/*.routes.test.ts', 'apps/server/**/*.int.test.ts'];
const SERVER_BUNDLE_SETUP = here('./apps/server/test/build-server.global-setup.ts');
const WORLD_IMAGES_SETUP = here('./apps/server/test/world-images.global-setup.ts');
const SERVICE = ['apps/server/src/**/*.service.test.ts'];

// `--project 'unit*'` runs the fast suites, `--project 'integration*'` the server over HTTP
// against real databases (PGlite always, PostgreSQL too when TEST_DATABASE_URL is set).
export default defineConfig({
  test: {
    // Vitest leaves a core free by default: on a CI machine of two that is one file at a time;
    // three keeps both cores busy while a file waits on a process or a database.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'unit-shared',
          include: ['packages/shared/src/**/*.test.ts'],
          exclude: NODE_UNIT_MOCKING,
          environment: 'node',
          // As unit-server's: the files share a worker's module graph.
          isolate: false,
        },
      },
      {
        resolve: { alias: serverAlias },
        test: {
          name: 'unit-server',
          // The benchmarks' own rules (a calibration, say), the lint rules' fixtures
          // (scripts/lint-rules.test.ts), the web build's own steps and the browser the journeys
          // launch (apps/web/e2e/chromium.test.ts) are tested with the server's: they run in Node.
          include: [
            'apps/server/src/**/*.test.ts',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
            'apps/web/build/**/*.test.ts',
            'apps/web/e2e/**/*.test.ts',
          ],
          exclude: [...INTEGRATION, ...SERVICE, ...NODE_UNIT_MOCKING],
          environment: 'node',
          // Files of a worker share its module graph (a file that replaces a module runs in
          // unit-node-mocking): zod, the simulator and the rules imported once per worker, not
          // once per file, which was two thirds of the CPU of this project and unit-shared
          // (136 CPU-s against 57, 2 Dec 2026).
          isolate: false,
          // Beside jsdom workers on two cores a test of a second alone has taken over 5 s (the
          // demo bookings' build, CI of 9d8781d).
          testTimeout: 15_000,
        },
      },
      // A Node unit file that replaces a module runs in a fresh worker of its own (none does
      // yet): in a shared module graph the replacement would reach other files.
      ...(NODE_UNIT_MOCKING.length > 0
        ? [
            {
              resolve: { alias: serverAlias },
              test: {
                name: 'unit-node-mocking',
                include: NODE_UNIT_MOCKING,
                environment: 'node' as const,
                testTimeout: 15_000,
              },
            },
          ]
        : []),
      {
        resolve: { alias: { '@': here('./apps/web/src') } },
        test: {
          name: 'unit-web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          exclude: WEB_MOCKING,
          environment: 'jsdom',
          setupFiles: ['apps/web/src/testing/setup-tests.ts'],
          // A whole sign-in typed by user-event through MUI's fields takes some 3 s alone on
          // two cores; beside the other workers, longer than the default 5 s.
          testTimeout: 15_000,
          // The files of a worker share one jsdom and one module graph (setup-tests.ts empties
          // the page and the mocks after each test): a new environment and a fresh import of
          // React, MUI and the app per file cost more than the tests (about 40% of the run).
          isolate: false,
        },
      },
      {
        resolve: { alias: { '@': here('./apps/web/src') } },
        test: {
          name: 'unit-web-mocking',
          include: WEB_MOCKING,
          // After the other unit projects, not among them: each of these files builds a page and
          // imports React and MUI afresh, and run beside unit-web's shared workers the phase took
          // 138 s and 267 CPU-s against 112 s and 215 after them (2 Dec 2026, two cores).
          sequence: { groupOrder: 1 },
          environment: 'jsdom',
          setupFiles: ['apps/web/src/testing/setup-tests.ts'],
          testTimeout: 15_000,
        },
      },
      {
        resolve: { alias: serverAlias },
        test: {
          // A module's rules called on its service (test/service-database.ts), without HTTP.
          name: 'service',
          include: SERVICE,
          environment: 'node',
          testTimeout: 60_000,
          // The first test of a worker opens its PGlite, making the migrated image if no
          // process has yet.
          hookTimeout: 120_000,
          // The files of a worker share its module graph and so its one PGlite, reset before
          // each test: a database per file would cost more than the file's tests.
          isolate: false,
        },
      },
      {
        resolve: { alias: serverAlias },
        test: {
          name: 'integration',
          include: INTEGRATION,
          // The server bundle the files that start a real server process start (built-server.ts),
          // and the notifications world's templates dropped at the end (notifications-world-image.ts).
          globalSetup: [SERVER_BUNDLE_SETUP, WORLD_IMAGES_SETUP],
          exclude: SERVER_MOCKING,
          environment: 'node',
          // Three files at a time: a third of the run's time is files waiting on a server
          // process of their own (a restart, a drain, a stopped database), which leaves a core
          // idle at two; each file's PGlite takes some 200 MB, well within a CI machine.
          maxWorkers: 3,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Files share a worker's module graph: each builds its own app and databases, and
          // the server, drizzle and zod are imported once per worker instead of once per file.
          isolate: false,
        },
      },
      {
        resolve: { alias: serverAlias },
        test: {
          name: 'integration-mocking',
          include: SERVER_MOCKING,
          globalSetup: [SERVER_BUNDLE_SETUP],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
