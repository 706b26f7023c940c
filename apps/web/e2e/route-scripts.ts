import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { watchNetwork } from './network-quiet';

// What a first visit to a route costs in script: every JavaScript file the page asks for while
// it loads, each gzipped here (zlib's default level, as `vite build` reports sizes). Used by
// the route budget test and bench/web.bench.ts; not a test file itself, and free of
// Playwright Test's `expect` so the bench can use it outside the runner.

/**
 * Issue 39's bound on what a first visit to the sign-in route may load, gzipped (issue 12's was
 * 200 KB, met at 197 KB). The document paints the form and loads only its start script; the
 * app loads when the form is first used (docs/decisions/079).
 */
export const LOGIN_BUDGET_BYTES = 120 * 1024;

/**
 * Each route's first-visit script (KB gzip) as measured when issue 39 set it, with 2 KB of room:
 * the route budget test holds every route to it, so a change that makes a route load more says
 * so, and raising a figure is a decision made in this file. Keyed by the route's pattern. The
 * management pages' were raised by some 45 KB when their code, the phone rules and the form
 * library left the chunks every page loads (decision 081), which took 50 KB off the others.
 */
export const ROUTE_BUDGET_KB: Readonly<Record<string, number>> = {
  '/login': 2,
  '/share/notification/…': 0,
  '/home': 281,
  '/notifications': 367,
  '/notifications/:id': 367,
  '/notifications/:list/:variant': 369,
  '/my-pnrs': 357,
  '/credits': 338,
  '/account': 321,
  '/settings': 274,
  '/notificationsSettings': 280,
  '/documents': 276,
  '/help': 275,
  '/support': 274,
  '/dashboard': 399,
  '/management/tools/agents': 370,
  '/management/tools/agents/add-agent': 370,
  '/management/tools/users': 372,
  '/management/tools/process-settings': 370,
  '/management/tools/add-process-settings': 370,
  '/management/tools/branches': 370,
  '/management/tools/branches/add-branch': 370,
  '/management/tools/connections': 370,
  '/management/tools/agency': 370,
  '/management/tools/agency/add-agency': 371,
  '/management/tools/add-user': 370,
  '/management/tools/design-properties': 370,
  '/management/tools/health': 370,
  '/management/tools/pnrInfo': 379,
  '/management/tools/create-pnr': 370,
};

/**
 * The most script files a first visit to a route may load: each file costs a phone's main thread
 * more than its bytes do, so the build puts modules together by how many pages use them
 * (decision 080). Rollup's own split had 85 to 121; 47 at most since.
 */
export const ROUTE_FILES_BUDGET = 50;

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
export type MeasuredUser = 'agent' | 'manager' | 'super';

/** Each signed-in route's pattern, with the address it is opened at when it has parameters. */
type MeasuredRoute = { route: string; path?: string };

// Every signed-in route, each opened by a user whose role opens it.
const USER_ROUTES: Record<MeasuredUser, readonly MeasuredRoute[]> = {
  agent: [
    { route: '/home' },
    { route: '/notifications' },
    { route: '/notifications/:list/:variant', path: '/notifications/reprice/pending' },
    { route: '/my-pnrs' },
    { route: '/credits' },
    { route: '/account' },
    { route: '/settings' },
    { route: '/notificationsSettings' },
    { route: '/documents' },
    { route: '/help' },
    { route: '/support' },
  ],
  manager: [
    { route: '/dashboard' },
    { route: '/management/tools/agents' },
    { route: '/management/tools/agents/add-agent' },
    { route: '/management/tools/users' },
    { route: '/management/tools/process-settings' },
    { route: '/management/tools/add-process-settings' },
    { route: '/management/tools/branches' },
    { route: '/management/tools/branches/add-branch' },
    { route: '/management/tools/connections' },
  ],
  super: [
    { route: '/management/tools/agency' },
    { route: '/management/tools/agency/add-agency' },
    { route: '/management/tools/add-user' },
    { route: '/management/tools/design-properties' },
    { route: '/management/tools/health' },
    { route: '/management/tools/pnrInfo' },
    { route: '/management/tools/create-pnr' },
  ],
};

/** The patterns of every route measured: the budget test checks none of the app's is left out. */
export const measuredRoutePatterns = (): string[] => [
  '/login',
  '/share/notification/…',
  '/notifications/:id',
  ...Object.values(USER_ROUTES).flatMap((routes) => routes.map(({ route }) => route)),
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
  /**
   * For a signed-in page: its first screen is timed by the page itself, at the frame that first
   * shows a heading with nothing still loading at this address (`firstScreenClock`).
   */
  timedInPage?: boolean;
};

/** Where `firstScreenClock` notes when the first screen showed, in ms from asking for the page. */
type FirstScreenWindow = { __smtFirstScreenAt?: number };

/**
 * Runs in the page before its own scripts: at every frame until it holds, checks whether the
 * first screen is shown (a heading, nothing busy, at the address asked for) and notes the time
 * from the navigation's start. The page's own clock, so the figure is what the browser took,
 * not that plus the test driver's round trips to ask it. Source text, not a function: a
 * transpiler's helpers in a function's text (tsx's name keeping) do not exist in the page.
 */
const firstScreenClock = (expectedPath: string) => `(() => {
  const check = () => {
    const shown =
      location.pathname === ${JSON.stringify(expectedPath)} &&
      document.querySelector('h1') !== null &&
      document.querySelector('[aria-busy="true"], [role="progressbar"]') === null;
    if (shown) window.__smtFirstScreenAt = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

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
    if (visit.timedInPage) {
      await context.addInitScript({ content: firstScreenClock(`/smtapp${visit.path}`) });
    }
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
    const drivenMs = performance.now() - asked;
    const shownMs = visit.timedInPage
      ? ((await page
          .waitForFunction(() => (window as unknown as FirstScreenWindow).__smtFirstScreenAt)
          .then((at) => at.jsonValue())) ?? drivenMs)
      : drivenMs;
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
  /** One of the agent's notifications under the app: '/notifications/123'; left out if none. */
  detailsPath?: string;
  /** Which users' pages to measure; all when not given. */
  users?: readonly MeasuredUser[];
  /**
   * Signs a demo user in and answers the browser's state. Called when that user's pages are
   * next: a sign-in may move the server's clock, which ends sessions not kept logged in.
   */
  signIn: (user: MeasuredUser) => Promise<SignedInState>;
  /**
   * How many first visits each signed-in route gets: its first screen is their median (one
   * visit is at the mercy of whatever else the machine does then). One when not given.
   */
  samples?: number;
};

function medianOf(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The script of a first visit to the sign-in route, the share page and the users' pages. */
export async function measureRoutes(
  browser: Browser,
  { baseURL, sharePath, detailsPath, users, signIn, samples = 1 }: MeasureOptions,
): Promise<RouteScripts[]> {
  const visit = (
    path: string,
    route: string,
    ready: RouteVisit['ready'],
    storageState?: SignedInState,
  ) =>
    scriptsOfRoute(browser, {
      baseURL,
      path,
      route,
      storageState,
      ready,
      timedInPage: storageState !== undefined,
    });
  const routes = [
    await visit('/login', '/login', loginFormShown),
    await visit(sharePath, '/share/notification/…', headingShown),
  ];
  for (const user of users ?? (Object.keys(USER_ROUTES) as MeasuredUser[])) {
    const state = await signIn(user);
    const measured = [...USER_ROUTES[user]];
    if (user === 'agent' && detailsPath) {
      measured.splice(2, 0, { route: '/notifications/:id', path: detailsPath });
    }
    for (const { route, path = route } of measured) {
      const first = await visit(path, route, signedInPageShown(path), state);
      const shown = [first.shownMs];
      while (shown.length < samples) {
        shown.push((await visit(path, route, signedInPageShown(path), state)).shownMs);
      }
      routes.push({ ...first, shownMs: medianOf(shown) });
    }
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
