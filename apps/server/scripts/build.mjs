// Bundles the server into dist/server.js (or the file named as the first argument, one level
// below the server package as src/paths.ts expects: the integration tests' own bundles, which
// name their entry as the second, a command's source such as src/cli/admin-cli.ts): our
// workspace code inlined, packages left to node_modules. Migrations stay in src/db/migrations,
// read from there at start.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

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
