import { ROUTES, type AppRoute } from '@smt/shared';
import { Suspense, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import {
  LOGIN_PAGE_MODULES,
  loadProtectedLayout,
  loadSignedInShell,
  NOT_FOUND_PAGE_MODULE,
  SIGNED_IN_PAGE_MODULES,
  type PageModule,
} from '@/app/page-modules';
import { preloadPagesOf, type PageHandle } from '@/app/routes/page-preload';
import { LandingRedirect, RouteGate } from '@/app/routes/route-gate';
import { SessionRoot } from '@/app/routes/session-root';
import { WithPublicConfig } from '@/app/routes/with-public-config';
import { PageLoader } from '@/components/layout/page-loader';
import { lazyComponent } from '@/lib/lazy-component';

type LazyPage = { element: ReactNode; preload: () => Promise<unknown> };

/** A page as a chunk of its own, loaded on first visit (page-modules.ts). */
function lazyPage({ load, name }: PageModule): LazyPage {
  const { Component: Page, preload } = lazyComponent(async () => {
    const page = (await load())[name];
    if (page === undefined) throw new Error(`The page's chunk exports no ${name}`);
    return page;
  });
  return {
    element: (
      <Suspense fallback={<PageLoader />}>
        <Page />
      </Suspense>
    ),
    preload,
  };
}

const protectedLayout = lazyComponent(async () => (await loadProtectedLayout()).ProtectedLayout);
const ProtectedLayout = protectedLayout.Component;

// Every route that needs a session, each behind its roles.
const SIGNED_IN_ROUTES: readonly AppRoute[] = Object.values(ROUTES).filter(
  (route: AppRoute) => route.roles !== null && route !== ROUTES.root,
);

const PAGES = new Map<AppRoute, LazyPage>(
  [...SIGNED_IN_PAGE_MODULES].map(([route, module]) => [route, lazyPage(module)]),
);

function pageOf(route: AppRoute): LazyPage {
  const page = PAGES.get(route);
  if (page === undefined) throw new Error(`No page for the route ${route.path}`);
  return page;
}

const signedInRoutes: RouteObject[] = [
  { path: ROUTES.root.path, element: <LandingRedirect /> },
  ...SIGNED_IN_ROUTES.map((route) => {
    const page = pageOf(route);
    const handle: PageHandle = { preload: page.preload };
    return {
      path: route.path,
      handle,
      element: <RouteGate route={route}>{page.element}</RouteGate>,
    };
  }),
];

/**
 * Starts loading the chunks a signed-in page at `pathname` (under the app's base path) shows:
 * the layout, the shell and the page's own. Answers whether `pathname` is such a page.
 */
export function preloadSignedInPage(pathname: string, basename?: string): boolean {
  return firstChunksOfSignedInPage(pathname, basename) !== null;
}

/**
 * As `preloadSignedInPage`, and answers the layout's chunk, which the app's first render waits
 * for (app/start-app.tsx); null when `pathname` is no signed-in page.
 */
export function firstChunksOfSignedInPage(
  pathname: string,
  basename?: string,
): Promise<unknown> | null {
  const matches = matchRoutes(signedInRoutes, pathname, basename);
  if (!matches?.some(({ route }) => route.handle !== undefined)) return null;
  const layout = protectedLayout.preload();
  void loadSignedInShell();
  preloadPagesOf(matches);
  return layout;
}

const LOGIN_PAGES = [...LOGIN_PAGE_MODULES].map(
  ([route, module]) => [route, lazyPage(module)] as const,
);

/** Loads the login pages' chunk, which the app's first render on a login page waits for. */
export const firstChunksOfLoginPage = () =>
  Promise.all(LOGIN_PAGES.map(([, page]) => page.preload()));

const pageRoutes: RouteObject[] = [
  ...LOGIN_PAGES.map(([route, page]) => ({
    path: route.path,
    element: <WithPublicConfig>{page.element}</WithPublicConfig>,
  })),
  {
    element: (
      <Suspense fallback={<PageLoader />}>
        <ProtectedLayout preloadPage={preloadSignedInPage} />
      </Suspense>
    ),
    children: signedInRoutes,
  },
  { path: '*', element: lazyPage(NOT_FOUND_PAGE_MODULE).element },
];

// Pathless, so it only adds the session listener to every route. Declarative routes (no data
// router): the app loads no data through the router, and its data router weighs twice as much.
export const appRoutes: RouteObject[] = [{ element: <SessionRoot />, children: pageRoutes }];

/** Whether `pathname` (under the app's base path) is one of the login pages. */
export function isLoginPath(pathname: string, basename?: string): boolean {
  const login = [ROUTES.login, ROUTES.loginTest, ROUTES.loginDebug].map(({ path }) => ({ path }));
  return matchRoutes(login, pathname, basename) !== null;
}
