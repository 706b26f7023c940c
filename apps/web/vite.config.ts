import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// Vite loads its config with plain Node, which cannot import the TS source that @smt/shared
// ships as a package; by relative path the config bundler inlines it instead.
import { APP_BASE_PATH } from '../../packages/shared/src/constants/index.ts';

export default defineConfig({
  base: `${APP_BASE_PATH}/`,
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // The framework changes less often than the app, so it gets chunks of its own that
        // stay cached across releases. Only code the first screen loads anyway belongs here;
        // pages stay lazy chunks of their own through React.lazy in the router.
        codeSplitting: {
          groups: [
            {
              // Zod with the setting that keeps it from probing for eval, which our CSP
              // refuses and reports: one chunk, so the setting is made before any chunk
              // that builds a schema runs, whatever order the chunks load in.
              name: 'zod',
              test: /(node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]zod-config\.ts$)/,
              priority: 3,
            },
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 2,
            },
            {
              name: 'mui',
              test: /node_modules[\\/](@mui|@emotion|notistack|@tanstack)[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
