import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  LOGIN_DOCUMENT_FILE,
  SHELL_DOCUMENT_FILE,
} from '../../../packages/shared/src/app-document.ts';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';

/** The markers around what index.html shows while the app's script loads. */
const FIRST_SCREEN = /<!--first-screen-->[\s\S]*<!--\/first-screen-->/;

type FirstScreens = { loginFirstScreen: () => string; shellFirstScreen: () => string };

/**
 * After the build, renders the sign-in route's first screen and the signed-in frame with the
 * app's own components (in Node, through Vite's SSR loader) and writes each into a copy of
 * index.html, so the browser paints them before any script has arrived (issue 39). The server
 * sends those copies for /login and the signed-in routes; React replaces the markup with the
 * same when the app starts.
 */
export function prerenderFirstScreens(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'smt-prerender-first-screens',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const server = await createServer({
        configFile: false,
        root: config.root,
        resolve: { alias: config.resolve.alias },
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
      });
      try {
        const screens = (await server.ssrLoadModule('/src/app/first-screens.tsx')) as FirstScreens;
        const outDir = path.resolve(config.root, config.build.outDir);
        const index = await readFile(path.join(outDir, 'index.html'), 'utf8');
        if (!FIRST_SCREEN.test(index)) throw new Error('index.html has no first-screen markers');
        const documents = [
          [LOGIN_DOCUMENT_FILE, screens.loginFirstScreen()],
          [SHELL_DOCUMENT_FILE, screens.shellFirstScreen()],
        ] as const;
        for (const [name, firstScreen] of documents) {
          const file = path.join(outDir, name);
          // Not compressed here: the server writes the settings in, then compresses them itself.
          await writeFile(
            file,
            index.replace(FIRST_SCREEN, () => firstScreen),
          );
        }
      } finally {
        await server.close();
      }
    },
  };
}
