import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The integration tests that start a real server process start it as `npm start` does, from
// the bundle, not through tsx: tsx's loader compiles and resolves some six hundred modules at
// every start, seconds of a busy core each time, over some thirty starts a run. The bundle is
// made once per run (globalSetup), from the sources as they are, in a file of its own so that a
// server running from dist/server.js is left alone.

const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The bundle the integration tests start, relative to the server package. */
const BUNDLE = 'dist/test-server.js';

/** The bundle's absolute path. */
export const BUILT_SERVER = path.join(SERVER_ROOT, BUNDLE);

/** Bundles the server's sources into BUILT_SERVER. */
export function buildServerBundle(): void {
  const result = spawnSync(process.execPath, ['scripts/build.mjs', BUNDLE], {
    cwd: SERVER_ROOT,
    stdio: 'inherit',
  });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`the server's bundle failed (exit ${result.status})`);
}
