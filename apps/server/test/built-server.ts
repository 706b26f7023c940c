import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The integration tests that start a real server process start it as `npm start` does, from
// the bundle, not through tsx: tsx's loader compiles and resolves some six hundred modules at
// every start, seconds of a busy core each time, over some thirty starts a run. The commands
// `npm run admin` and `npm run db:dump` run through tsx likewise, some forty times a run: the
// tests run them from bundles of their sources too (npm-script.ts), all but one run of each,
// which goes through npm as a person types it. The bundles are made once per run
// (globalSetup), from the sources as they are, in files of their own so that a server running
// from dist/server.js is left alone.

const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The bundles the integration tests run, by the npm script that runs their source. */
const BUNDLES = {
  start: { entry: 'src/server.ts', bundle: 'dist/test-server.js' },
  admin: { entry: 'src/cli/admin-cli.ts', bundle: 'dist/test-admin-cli.js' },
  'db:dump': { entry: 'src/db/dump/db-dump-cli.ts', bundle: 'dist/test-db-dump-cli.js' },
} as const;

export type BundledScript = keyof typeof BUNDLES;

/** A bundle's absolute path. */
export const bundleOf = (script: BundledScript): string =>
  path.join(SERVER_ROOT, BUNDLES[script].bundle);

/** The server's bundle. */
export const BUILT_SERVER = bundleOf('start');

/** Bundles the server's and the commands' sources. */
export function buildTestBundles(): void {
  for (const { entry, bundle } of Object.values(BUNDLES)) {
    const result = spawnSync(process.execPath, ['scripts/build.mjs', bundle, entry], {
      cwd: SERVER_ROOT,
      stdio: 'inherit',
    });
    if (result.error) throw result.error;
    if (result.status !== 0)
      throw new Error(`the bundle of ${entry} failed (exit ${result.status})`);
  }
}
