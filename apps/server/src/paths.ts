import { fileURLToPath } from 'node:url';

// This file sits one level below the server package both as source (src/) and bundled
// (dist/), so these paths hold in development, tests and production alike.
export const MIGRATIONS_DIR = fileURLToPath(new URL('../src/db/migrations', import.meta.url));
export const WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));
/** Where the build writes the bundle and what it makes beside it (the embedded database's image). */
export const SERVER_DIST_DIR = fileURLToPath(new URL('../dist', import.meta.url));
