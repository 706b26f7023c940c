import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// Vite loads its config with plain Node, which cannot import the TS source that @smt/shared
// ships as a package; by relative path the config bundler inlines it instead.
import { APP_BASE_PATH } from '../../packages/shared/src/constants/index.ts';
import { precompress } from './build/precompress.ts';
import { LOGIN_BOOT_ENTRY, prerenderFirstScreens } from './build/prerender.ts';

// The management pages' features (ROUTES under /management/tools): their code goes in the
// 'management-common' chunk with the layer they share, as a manager's first visit to one is
// followed by others (decision 081). A feature left out is put with the others by share count.
const MANAGEMENT_FEATURES = [
  'agencies',
  'branches',
  'agents',
  'users',
  'process-settings',
  'design-properties',
  'health',
  'connections',
  'pnr-info',
  'create-pnr',
];

export default defineConfig({
  base: `${APP_BASE_PATH}/`,
  plugins: [react(), precompress(), prerenderFirstScreens()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // Every browser we serve preloads modules itself; the polyfill would be dead weight.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The sign-in page's document starts with the small script that loads the app when its
      // painted form is first used (app/login-boot.ts, decision 079); the rest start the app.
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        [LOGIN_BOOT_ENTRY]: fileURLToPath(new URL('./src/app/login-boot.ts', import.meta.url)),
      },
      treeshake: {
        // The shared package is schemas, enums and texts with nothing done on import, but zod
        // schemas are built by calls the bundler must assume have effects: without this, any
        // import from its barrel put every schema (and the phone metadata) on the first screen.
        moduleSideEffects: [{ test: /packages[\\/]shared[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        // A chunk of the 'start' group is named after every entry that loads it; its file is
        // not.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('start~') ? 'assets/start-[hash].js' : 'assets/[name]-[hash].js',
        // The framework changes less often than the app, so it gets chunks of its own that
        // stay cached across releases. Only code every route loads anyway belongs there: MUI
        // goes with the rest by how many pages share it, not in one chunk of its own (which
        // made every route pay for every page's components). Pages stay lazy chunks of their
        // own (app/page-modules.ts).
        codeSplitting: {
          groups: [
            {
              // Zod's core and mini build with the setting that keeps it from probing for
              // eval, which our CSP refuses and reports: one chunk, which the full build's
              // chunk imports, so the setting is made before any chunk that builds a schema
              // runs, whatever order the chunks load in. The schemas checked before the first
              // screen are zod/mini, so /login loads this chunk only. Without their
              // dependencies: core re-exports the JSON Schema code only the full build uses.
              name: 'zod',
              test: /(node_modules[\\/]zod[\\/](mini[\\/]|v4[\\/]mini[\\/]|v4[\\/]core[\\/](?!json-schema|to-json-schema))|src[\\/]lib[\\/]zod-config\.ts$)/,
              includeDependenciesRecursively: false,
              priority: 4,
            },
            {
              // The full zod build, for everything after the first screen.
              name: 'zod-classic',
              test: /node_modules[\\/]zod[\\/]/,
              priority: 3,
            },
            // Code only some pages use, kept out of the chunks every page loads (decision 081):
            // merged by share count, a help page carried the phone number rules, the form
            // library and every management page's code.
            {
              // Phone numbers' rules: the sign-in form, the account and the user forms.
              name: 'phone',
              test: /(node_modules[\\/]libphonenumber-js[\\/]|shared[\\/]src[\\/](enums[\\/]countries|schemas[\\/]sign-in)\.ts$)/,
              // Alone: what these import is everybody's, and stays in the shared chunks.
              includeDependenciesRecursively: false,
              priority: 2.5,
            },
            {
              // The management pages' own code and contracts, for the managers' pages only: the
              // layer they share (components/management, lib/management) and their features.
              name: 'management-common',
              test: new RegExp(
                String.raw`(shared[\\/]src[\\/](schemas[\\/]management|calls[\\/]management(-tool)?-calls)\.ts$` +
                  String.raw`|src[\\/](components|lib)[\\/]management[\\/]` +
                  String.raw`|src[\\/]features[\\/](${MANAGEMENT_FEATURES.join('|')})[\\/])`,
              ),
              includeDependenciesRecursively: false,
              priority: 2.45,
            },
            {
              // The form library, for the pages with a form.
              name: 'forms',
              test: /(node_modules[\\/](react-hook-form|@hookform)[\\/]|src[\\/]lib[\\/]use-schema-form\.ts$)/,
              includeDependenciesRecursively: false,
              priority: 2.4,
            },
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 2,
            },
            {
              // What the entries load before anything else (the sign-in page's boot script, the
              // app's entry) keeps Rollup's own split, so neither carries more than it uses.
              name: 'start',
              tags: ['$initial'],
              entriesAware: true,
              priority: 1.5,
            },
            // Then modules are put together by how many of the pages and lazy parts use them:
            // each file costs a phone more main-thread work than its bytes do (decision 080).
            // Rollup's own split gave a signed-in first visit 85 to 121 files, most under 1 KB;
            // these three bring it to 33 to 47 for about the same bytes.
            ...[20, 10, 5].map((pages, tier) => ({
              name: `shared-by-${pages}`,
              minShareCount: pages,
              priority: 1 - tier * 0.1,
            })),
          ],
        },
      },
    },
  },
});
