import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  APP_ENTRY_META_NAME,
  LOGIN_DOCUMENT_FILE,
  SHELL_DOCUMENT_FILE,
  SHELL_PRELOADS_FILE,
} from '../../../packages/shared/src/app-document.ts';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import { routePreloads, type BuiltChunk } from './route-preloads.ts';

/** The markers around what index.html shows while the app's script loads. */
const FIRST_SCREEN = /<!--first-screen-->[\s\S]*<!--\/first-screen-->/;

/** The build's entry for the sign-in page's start script (vite.config.ts). */
export const LOGIN_BOOT_ENTRY = 'login-boot';

const APP_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

const modulePreloadsIn = (html: string) =>
  [...html.matchAll(MODULE_PRELOAD)].map(([, href]) => href);

/**
 * The sign-in document starts the start script, not the app: the app's entry is named in a
 * meta element for the start script to load, with the modules the entry imports, which it
 * preloads then rather than with the page.
 */
function withStartScript(html: string, bootSrc: string): string {
  if (!APP_SCRIPT.test(html)) throw new Error('index.html has no module script for the app');
  const preloads = modulePreloadsIn(html);
  return html
    .replace(MODULE_PRELOAD, '')
    .replace(
      APP_SCRIPT,
      (_script, appSrc: string) =>
        `<meta name="${APP_ENTRY_META_NAME}" content="${appSrc}" data-preload="${preloads.join(' ')}">` +
        `<script type="module" crossorigin src="${bootSrc}"></script>`,
    );
}

type FirstScreens = { loginFirstScreen: () => string; shellFirstScreen: () => string };
type PageModules = {
  SIGNED_IN_PAGE_MODULES: ReadonlyMap<{ path: string }, { name: string }>;
};

/**
 * The modules every signed-in first screen runs before its page's, by source file: the app's
 * start (which the entry imports), the signed-in layout and the shell (app/page-modules.ts).
 */
const SIGNED_IN_FRAME_MODULES = [
  'src/app/start-app.tsx',
  'src/app/routes/protected-layout.tsx',
  'src/app/routes/signed-in-shell.tsx',
];

/** The files a document names already: its module script and the module preloads after it. */
function filesNamedIn(html: string, base: string): Set<string> {
  const script = APP_SCRIPT.exec(html)?.[1];
  return new Set(
    [script, ...modulePreloadsIn(html)]
      .filter((href): href is string => href !== undefined && href.startsWith(base))
      .map((href) => href.slice(base.length)),
  );
}

/**
 * After the build, renders the sign-in route's first screen and the signed-in frame with the
 * app's own components (in Node, through Vite's SSR loader) and writes each into a copy of
 * index.html, so the browser paints them before any script has arrived (issue 39). The server
 * sends those copies for /login and the signed-in routes; React replaces the markup with the
 * same when the app starts. Beside them, the scripts each signed-in route's first screen runs
 * (`route-preloads.ts`), which the server names in that route's document.
 */
export function prerenderFirstScreens(): Plugin {
  let config: ResolvedConfig;
  let bootFile: string | undefined;
  let chunks: BuiltChunk[] = [];
  return {
    name: 'smt-prerender-first-screens',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle(_options, bundle) {
      bootFile = Object.values(bundle).find(
        (file) => file.type === 'chunk' && file.isEntry && file.name === LOGIN_BOOT_ENTRY,
      )?.fileName;
      chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
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
        if (!bootFile) throw new Error(`the build has no ${LOGIN_BOOT_ENTRY} entry`);
        const documents = [
          [
            LOGIN_DOCUMENT_FILE,
            withStartScript(index, `${config.base}${bootFile}`),
            screens.loginFirstScreen(),
          ],
          [SHELL_DOCUMENT_FILE, index, screens.shellFirstScreen()],
        ] as const;
        // Not compressed here: the server writes the settings in, then compresses them itself.
        for (const [name, html, firstScreen] of documents) {
          await writeFile(
            path.join(outDir, name),
            html.replace(FIRST_SCREEN, () => firstScreen),
          );
        }
        const pages = (await server.ssrLoadModule('/src/app/page-modules.ts')) as PageModules;
        const preloads = routePreloads(
          chunks,
          [...pages.SIGNED_IN_PAGE_MODULES].map(([route, page]) => ({
            route: route.path,
            component: page.name,
          })),
          SIGNED_IN_FRAME_MODULES.map((file) => path.join(config.root, file)),
          filesNamedIn(index, config.base),
        );
        const hrefs = Object.fromEntries(
          Object.entries(preloads).map(([route, files]) => [
            route,
            files.map((file) => `${config.base}${file}`),
          ]),
        );
        await writeFile(path.join(outDir, SHELL_PRELOADS_FILE), JSON.stringify(hrefs));
      } finally {
        await server.close();
      }
    },
  };
}
