import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './e2e/chromium';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
// E2E_PORT lets two runs (a developer's and CI's) share a machine.
const PORT = Number(process.env.E2E_PORT ?? 8187);
// Two workers, each driving a server of its own (E2E_PORT and the next port, each with its own
// data): a journey waits on the engine, a poll or a timer for much of its time, which leaves a
// core idle at one worker; and journeys move their server's clocks, which another journey
// sharing the server would feel. Playwright loads this file again in each worker, with the
// worker's slot in TEST_PARALLEL_INDEX.
const WORKERS = 2;
const serverUrl = (slot: number) => `http://127.0.0.1:${PORT + slot}`;
const BASE_URL = serverUrl(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
// Duffel's stand-in answers beside it (its control API on the next port): connections.e2e.ts.
const DUFFEL_PORT = PORT + 100;
// Sabre's likewise (REST at its root, SOAP at /websvc): connections-sabre.e2e.ts.
const SABRE_PORT = PORT + 200;

// Where TEST_DATABASE_URL names a PostgreSQL, each server keeps its data in a fresh database
// there instead of the embedded one: the embedded database's WebAssembly was three quarters of
// the servers' CPU on two busy cores (docs/decisions/088). Made and dropped by the server
// package's script, which has the driver.
const E2E_DATABASE_SCRIPT = path.join(REPO_ROOT, 'apps/server/scripts/e2e-database.mjs');
const e2eDatabase = (action: 'create' | 'drop', name: string) =>
  execFileSync(process.execPath, [E2E_DATABASE_SCRIPT, action, name], { encoding: 'utf8' });

// Playwright loads this file again in each worker; they inherit the runner's environment,
// so only the runner makes the servers' fresh data directory and databases, and removes them
// at exit.
if (!process.env.SMT_E2E_DATA_DIR) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'smt-e2e-'));
  process.env.SMT_E2E_DATA_DIR = dataDir;
  const databases = process.env.TEST_DATABASE_URL
    ? Array.from({ length: WORKERS }, (_, slot) => `smt_e2e_${process.pid}_${slot}`)
    : [];
  process.env.SMT_E2E_DATABASE_URLS = JSON.stringify(
    databases.map((name) => e2eDatabase('create', name)),
  );
  process.on('exit', () => {
    for (const name of databases) e2eDatabase('drop', name);
    rmSync(dataDir, { recursive: true, force: true });
  });
}
const databaseUrls = JSON.parse(process.env.SMT_E2E_DATABASE_URLS ?? '[]') as string[];

// A journey's page lives seconds: V8's optimising compilers (Maglev, TurboFan) spend a busy
// machine's CPU compiling code that ends before it pays off, some 15% of the browser's. The
// journeys test behaviour, never speed; the web bench keeps the browser as shipped
// (docs/decisions/091).
const JOURNEY_ARGS = ['--js-flags=--no-opt --no-maglev'];

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.e2e.ts',
  outputDir: './test-results',
  workers: WORKERS,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  // A flow walks many screens against the real server and its engine on a small CI machine
  // (two cores): the long ones take 20 to 35 s there.
  timeout: 60_000,
  // A deep link loads the whole app before its first answer paints: on two busy cores that has
  // taken past Playwright's default 5 s, so an expectation waits up to 15 s (a passing one
  // returns as soon as it holds).
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    headless: true,
    // Screenshots catch what a page shows, not a chart halfway through its animation.
    reducedMotion: 'reduce',
    // The DOM at each step, without the screencast: recording the screen cost a quarter of a
    // journey's time. Not recorded under CI, where no one opens what a run leaves behind, for a
    // sixth of the browser's CPU; E2E_TRACE=1 records it there too (docs/decisions/091).
    trace:
      process.env.CI && process.env.E2E_TRACE !== '1'
        ? 'off'
        : { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: findChromium(),
      args: [...CHROMIUM_ARGS, ...JOURNEY_ARGS],
    },
  },
  webServer: [
    {
      command:
        'npx tsx --tsconfig apps/server/tsconfig.json apps/server/test/duffel-stand-in/serve.ts',
      cwd: REPO_ROOT,
      url: `http://127.0.0.1:${DUFFEL_PORT + 1}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { DUFFEL_STAND_IN_PORT: String(DUFFEL_PORT) },
    },
    {
      command:
        'npx tsx --tsconfig apps/server/tsconfig.json apps/server/test/sabre-stand-in/serve.ts',
      cwd: REPO_ROOT,
      url: `http://127.0.0.1:${SABRE_PORT + 1}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { SABRE_STAND_IN_PORT: String(SABRE_PORT) },
    },
    ...Array.from({ length: WORKERS }, (_, slot) => ({
      command: 'node apps/server/dist/server.js',
      cwd: REPO_ROOT,
      url: `${serverUrl(slot)}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe' as const,
      stderr: 'pipe' as const,
      env: {
        PORT: String(PORT + slot),
        DATA_DIR: path.join(process.env.SMT_E2E_DATA_DIR!, `server-${slot}`),
        ...(databaseUrls[slot] ? { DATABASE_URL: databaseUrls[slot] } : {}),
        APP_ENV: 'local',
        LOG_LEVEL: 'warn',
        // The simulated GDS stands still: tests move its clock (POST /api/dev/gds/clock), so
        // nothing is raised behind a test's back, and answer at once.
        SIM_SPEED: '0',
        SIM_LATENCY_MS: '0',
        SIM_RATE_PER_SECOND: '0',
        // A booking a test makes is looked at within a second, not five: the journeys that wait
        // for what the engine raises wait that much less.
        ENGINE_SCHEDULE_MS: '1000',
        // An order made at Duffel's stand-in or a PNR put on a Sabre queue is found within
        // five seconds, not a minute: the connection journeys wait that much less.
        ENGINE_SYNC_MS: '5000',
        DUFFEL_API_URL: `http://127.0.0.1:${DUFFEL_PORT}`,
        // Every Sabre connection's addresses, whichever environment it names.
        SABRE_REST_URL: `http://127.0.0.1:${SABRE_PORT}`,
        SABRE_SOAP_URL: `http://127.0.0.1:${SABRE_PORT}/websvc`,
        // The push tests' stand-in for the browser's push service listens on loopback, which
        // the outgoing guard refuses unless the operator allows it (docs/decisions/053).
        OUTGOING_ALLOWED_HOSTS: '127.0.0.1',
      },
    })),
  ],
});
