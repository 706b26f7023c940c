import { ROUTES, type AppRoute } from '@smt/shared';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { preloadPagesOf, type PageHandle } from '@/app/routes/page-preload';
import { LandingRedirect, RouteGate } from '@/app/routes/route-gate';
import { SessionRoot } from '@/app/routes/session-root';
import { WithPublicConfig } from '@/app/routes/with-public-config';
import { PageLoader } from '@/components/layout/page-loader';
import { lazyComponent } from '@/lib/lazy-component';

type LazyPage = { element: ReactNode; preload: () => Promise<unknown> };

/** A page as a chunk of its own, loaded on first visit: `lazyPage(() => import(...), 'Name')`. */
function lazyPage<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): LazyPage {
  const { Component: Page, preload } = lazyComponent(async () => (await load())[name]);
  return {
    element: (
      <Suspense fallback={<PageLoader />}>
        <Page />
      </Suspense>
    ),
    preload,
  };
}

const loadLogin = () => import('@/app/routes/login');

// The layout of signed-in pages (session, user, push, inactivity) and the shell around them are
// chunks of their own: the login page loads neither.
const loadProtectedLayout = () => import('@/app/routes/protected-layout');
const loadSignedInShell = () => import('@/app/routes/signed-in-shell');
const protectedLayout = lazyComponent(async () => (await loadProtectedLayout()).ProtectedLayout);
const ProtectedLayout = protectedLayout.Component;

// Every route that needs a session, each behind its roles.
const SIGNED_IN_ROUTES: readonly AppRoute[] = Object.values(ROUTES).filter(
  (route: AppRoute) => route.roles !== null && route !== ROUTES.root,
);

const loadNotifications = () => import('@/app/routes/notifications');

// Every signed-in route's page; a route without one stops the app at start (see below).
const PAGES = new Map<AppRoute, LazyPage>([
  [ROUTES.home, lazyPage(() => import('@/app/routes/home'), 'HomeRoute')],
  [ROUTES.notifications, lazyPage(loadNotifications, 'NotificationsRoute')],
  [ROUTES.notificationDetails, lazyPage(loadNotifications, 'NotificationsRoute')],
  [
    ROUTES.notificationList,
    lazyPage(() => import('@/app/routes/notification-list'), 'NotificationListRoute'),
  ],
  [ROUTES.myPnrs, lazyPage(() => import('@/app/routes/my-pnrs'), 'MyPnrsRoute')],
  [ROUTES.dashboard, lazyPage(() => import('@/app/routes/dashboard'), 'DashboardRoute')],
  [ROUTES.credits, lazyPage(() => import('@/app/routes/credits'), 'CreditsRoute')],
  [
    ROUTES.agency,
    lazyPage(() => import('@/app/routes/management-agency'), 'ManagementAgencyRoute'),
  ],
  [
    ROUTES.addAgency,
    lazyPage(() => import('@/app/routes/management-add-agency'), 'ManagementAddAgencyRoute'),
  ],
  [
    ROUTES.branches,
    lazyPage(() => import('@/app/routes/management-branches'), 'ManagementBranchesRoute'),
  ],
  [
    ROUTES.addBranch,
    lazyPage(() => import('@/app/routes/management-add-branch'), 'ManagementAddBranchRoute'),
  ],
  [
    ROUTES.agents,
    lazyPage(() => import('@/app/routes/management-agents'), 'ManagementAgentsRoute'),
  ],
  [
    ROUTES.addAgent,
    lazyPage(() => import('@/app/routes/management-add-agent'), 'ManagementAddAgentRoute'),
  ],
  [ROUTES.users, lazyPage(() => import('@/app/routes/management-users'), 'ManagementUsersRoute')],
  [
    ROUTES.addUser,
    lazyPage(() => import('@/app/routes/management-add-user'), 'ManagementAddUserRoute'),
  ],
  [ROUTES.account, lazyPage(() => import('@/app/routes/account'), 'AccountRoute')],
  [
    ROUTES.notificationsSettings,
    lazyPage(() => import('@/app/routes/notification-types'), 'NotificationTypesRoute'),
  ],
  [ROUTES.settings, lazyPage(() => import('@/app/routes/settings'), 'SettingsRoute')],
  [ROUTES.documents, lazyPage(() => import('@/app/routes/documents'), 'DocumentsRoute')],
  [ROUTES.help, lazyPage(() => import('@/app/routes/help'), 'HelpRoute')],
  [ROUTES.support, lazyPage(() => import('@/app/routes/support'), 'SupportRoute')],
  [
    ROUTES.processSettings,
    lazyPage(
      () => import('@/app/routes/management-process-settings'),
      'ManagementProcessSettingsRoute',
    ),
  ],
  [
    ROUTES.addProcessSettings,
    lazyPage(
      () => import('@/app/routes/management-add-process-settings'),
      'ManagementAddProcessSettingsRoute',
    ),
  ],
  [
    ROUTES.designProperties,
    lazyPage(
      () => import('@/app/routes/management-design-properties'),
      'ManagementDesignPropertiesRoute',
    ),
  ],
  [
    ROUTES.health,
    lazyPage(() => import('@/app/routes/management-health'), 'ManagementHealthRoute'),
  ],
  [
    ROUTES.connections,
    lazyPage(() => import('@/app/routes/management-connections'), 'ManagementConnectionsRoute'),
  ],
  [
    ROUTES.pnrInfo,
    lazyPage(() => import('@/app/routes/management-pnr-info'), 'ManagementPnrInfoRoute'),
  ],
  [
    ROUTES.createPnr,
    lazyPage(() => import('@/app/routes/management-create-pnr'), 'ManagementCreatePnrRoute'),
  ],
]);

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
 * for (main.tsx); null when `pathname` is no signed-in page.
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

const LOGIN_PAGES = [
  [ROUTES.login, lazyPage(loadLogin, 'LoginRoute')],
  [ROUTES.loginTest, lazyPage(loadLogin, 'LoginTestRoute')],
  [ROUTES.loginDebug, lazyPage(loadLogin, 'LoginDebugRoute')],
] as const;

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
  { path: '*', element: lazyPage(() => import('@/app/routes/not-found'), 'NotFoundRoute').element },
];

// Pathless, so it only adds the session listener to every route. Declarative routes (no data
// router): the app loads no data through the router, and its data router weighs twice as much.
export const appRoutes: RouteObject[] = [{ element: <SessionRoot />, children: pageRoutes }];

/** Whether `pathname` (under the app's base path) is one of the login pages. */
export function isLoginPath(pathname: string, basename?: string): boolean {
  const login = [ROUTES.login, ROUTES.loginTest, ROUTES.loginDebug].map(({ path }) => ({ path }));
  return matchRoutes(login, pathname, basename) !== null;
}
