import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { watchNetwork } from './network-quiet';

// What a first visit to a route costs in script: every JavaScript file the page asks for while
// it loads, each gzipped here (zlib's default level, as `vite build` reports sizes). Used by
// the route budget test and bench/web.bench.ts; not a test file itself, and free of
// Playwright Test's `expect` so the bench can use it outside the runner.

/**
 * Issue 12's budget: what a first visit to the sign-in route may load, gzipped. Met at 197 KB
 * (from 247 KB): a native select for the phone code instead of an autocomplete and its popper,
 * declarative routes instead of the data router, zod/mini for the schemas checked before the
 * first screen, and the signed-in layout, rare login states and MUI's CSS-variables provider
 * off the first screen. React 19's DOM (64 KB), MUI's styling core (25 KB), zod's core (17 KB)
 * and the router (14 KB) still come before any page.
 */
export const LOGIN_BUDGET_BYTES = 200 * 1024;

export type ScriptFile = { path: string; gzipBytes: number };

export type RouteScripts = {
  route: string;
  files: ScriptFile[];
  /** The sum of the files' gzipped sizes. */
  gzipBytes: number;
  /** From asking for the page to its first screen: heading shown, nothing still loading. */
  shownMs: number;
};

/** Issue 23: a signed-in route shows its first rows within this on a quiet machine. */
export const FIRST_SCREEN_MS = 1_000;

export type SignedInState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/** The demo users whose pages are measured; each signs in once. */
export type MeasuredUser = 'agent' | 'manager';

const AGENT_ROUTES = [
  '/home',
  '/notifications',
  '/my-pnrs',
  '/account',
  '/settings',
  '/notificationsSettings',
  '/documents',
  '/help',
  '/support',
];
const MANAGER_ROUTES = [
  '/dashboard',
  '/management/tools/agents',
  '/management/tools/users',
  '/management/tools/process-settings',
];

const SHOWN_MS = 60_000;

type RouteVisit = {
  baseURL: string;
  /** The path under the app: '/login'. */
  path: string;
  /** What the table calls the route; the path when not given. */
  route?: string;
  /** A signed-in browser's cookies and local storage; none for a signed-out visit. */
  storageState?: SignedInState;
  /** Resolves when the page shows what it is for. */
  ready: (page: Page) => Promise<void>;
};

/**
 * Opens the route in a fresh context (so nothing is cached), waits until the page is ready and
 * the network is quiet, and answers the scripts it loaded.
 */
export async function scriptsOfRoute(browser: Browser, visit: RouteVisit): Promise<RouteScripts> {
  const context = await browser.newContext({
    baseURL: visit.baseURL,
    storageState: visit.storageState,
  });
  try {
    const page = await context.newPage();
    const network = watchNetwork(page);
    const pending: Promise<ScriptFile>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response.body().then((body) => ({
          path: new URL(response.url()).pathname,
          gzipBytes: gzipSync(body).length,
        })),
      );
    });
    const asked = performance.now();
    await page.goto(`/smtapp${visit.path}`);
    await visit.ready(page);
    const shownMs = performance.now() - asked;
    // Chunks a page asks for after its first paint count too.
    await network.quiet();
    const files = await Promise.all(pending);
    return {
      route: visit.route ?? visit.path,
      files,
      gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
      shownMs,
    };
  } finally {
    await context.close();
  }
}

/** The sign-in form is there: the login page has started. */
export const loginFormShown = (page: Page) =>
  page.getByRole('button', { name: 'SMS', exact: true }).waitFor({ timeout: SHOWN_MS });

/** The page's heading is there. */
export const headingShown = (page: Page) =>
  page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: SHOWN_MS });

/** Every list and figure arrived: the pages mark what is still loading busy or a progress bar. */
const nothingLoading = (page: Page) =>
  page.waitForFunction(
    () => !document.querySelector('[aria-busy="true"], [role="progressbar"]'),
    undefined,
    {
      timeout: SHOWN_MS,
    },
  );

/**
 * Still on the page asked for, with its heading and its first rows: a lost session would show
 * the login page.
 */
const signedInPageShown = (path: string) => async (page: Page) => {
  await headingShown(page);
  await nothingLoading(page);
  const at = new URL(page.url()).pathname;
  if (at !== `/smtapp${path}`) throw new Error(`${path} ended at ${at}: is the session lost?`);
};

type MeasureOptions = {
  baseURL: string;
  /** A public share link's path under the app: '/share/notification/…'. */
  sharePath: string;
  /**
   * Signs a demo user in and answers the browser's state. Called when that user's pages are
   * next: a sign-in may move the server's clock, which ends sessions not kept logged in.
   */
  signIn: (user: MeasuredUser) => Promise<SignedInState>;
};

/** The script of a first visit to the sign-in route, the share page and the users' pages. */
export async function measureRoutes(
  browser: Browser,
  { baseURL, sharePath, signIn }: MeasureOptions,
): Promise<RouteScripts[]> {
  const visit = (path: string, ready: RouteVisit['ready'], storageState?: SignedInState) =>
    scriptsOfRoute(browser, {
      baseURL,
      path,
      route: path.startsWith('/share/') ? '/share/notification/…' : path,
      storageState,
      ready,
    });
  const routes = [await visit('/login', loginFormShown), await visit(sharePath, headingShown)];
  for (const [user, paths] of [
    ['agent', AGENT_ROUTES],
    ['manager', MANAGER_ROUTES],
  ] as const) {
    const state = await signIn(user);
    for (const path of paths) routes.push(await visit(path, signedInPageShown(path), state));
  }
  return routes;
}

export const kilobytes = (bytes: number) => (bytes / 1024).toFixed(1);

/** A Markdown table of the routes' script: KB gzip, the number of files, the first screen's time. */
export function routeScriptsTable(routes: readonly RouteScripts[]): string {
  return [
    '| Route | JS (KB gzip) | Files | First screen (ms) |',
    '| --- | ---: | ---: | ---: |',
    ...routes.map(
      (r) =>
        `| ${r.route} | ${kilobytes(r.gzipBytes)} | ${r.files.length} | ${Math.round(r.shownMs)} |`,
    ),
  ].join('\n');
}

/** The route's files, largest first: what to look at when it is over its budget. */
export function largestFiles(route: RouteScripts, count: number): string {
  return [...route.files]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .slice(0, count)
    .map((file) => `${file.path.replace(/^.*\//, '')} ${kilobytes(file.gzipBytes)} KB`)
    .join(', ');
}
