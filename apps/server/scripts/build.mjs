// Bundles the server into dist/server.js (or the file named as the first argument, one level
// below the server package as src/paths.ts expects: the integration tests' own bundles, which
// name their entry as the second, a command's source such as src/cli/admin-cli.ts): our
// workspace code inlined, packages left to node_modules. Migrations stay in src/db/migrations,
// read from there at start.
import { existsSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

await build({
  absWorkingDir: root,
  entryPoints: [process.argv[3] ?? 'src/server.ts'],
  outfile: process.argv[2] ?? 'dist/server.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  tsconfig: 'tsconfig.json',
  plugins: [
    {
      name: 'externalise-packages',
      setup(b) {
        // Bare imports are packages, except our own workspace package which ships TS source.
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@/') || args.path.startsWith('@smt/')
            ? undefined
            : { path: args.path, external: true },
        );
      },
    },
  ],
  banner: {
    js: "import { createRequire as __smtCreateRequire } from 'node:module'; const require = __smtCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});

// The image a new embedded database starts from (src/db/embedded/initdb-image.ts names it so):
// PGlite's initdb, run once here in memory, instead of at every new DATA_DIR. Made once per
// PGlite version; owner-only, as everything the server writes.
const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
const pgliteVersion = JSON.parse(
  readFileSync(path.join(path.dirname(pgliteEntry), '..', 'package.json'), 'utf8'),
).version;
const image = path.join(root, 'dist', `pglite-${pgliteVersion}-initdb.tar.gz`);
if (!existsSync(image)) {
  const pglite = await PGlite.create();
  try {
    const tarball = await pglite.dumpDataDir('gzip');
    const partial = `${image}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await tarball.arrayBuffer()), { mode: 0o600 });
    await rename(partial, image);
  } finally {
    await pglite.close();
  }
}
