import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { SERVER_DIST_DIR } from '../../paths';

// A new PGlite data directory costs its initdb, run in WebAssembly: some 5 s and 7 s of CPU on
// two cores, before the first migration. The build (scripts/build.mjs) runs that initdb once,
// in memory, and keeps the directory it made as a tarball beside the bundle; a new DATA_DIR
// starts from a copy of it in about 1.3 s (docs/decisions/093). Only the installed PGlite's
// initdb: the migrations still run on it, as on any database.

/** The installed PGlite's version: its initdb is what the image holds. */
function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = path.join(path.dirname(entry), '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** Where the build keeps the image for the installed PGlite (scripts/build.mjs names it so). */
export const initdbImageFile = (): string =>
  path.join(SERVER_DIST_DIR, `pglite-${pgliteVersion()}-initdb.tar.gz`);

/**
 * The image a new data directory at `dataDir` starts from, or undefined: when the directory
 * already holds a database, or the build made no image for this PGlite (running from source
 * before a build, say) or one this user cannot read (built by another account: it is its
 * builder's alone), PGlite opens or makes it itself.
 */
export function initdbImageFor(dataDir: string, file = initdbImageFile()): Blob | undefined {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return undefined;
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    return undefined;
  }
}
