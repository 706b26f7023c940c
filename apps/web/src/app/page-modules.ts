import { ROUTES, type AppRoute } from '@smt/shared';
import type { ComponentType } from 'react';

// Where each page's code is: a chunk of its own, loaded on first visit. Without React, so the
// app's entry can start loading the page's chunks before the framework has arrived (main.tsx);
// the router makes the pages of them (router.tsx).

/** A page's chunk and the name of the component it exports. */
export type PageModule = { load: () => Promise<Record<string, ComponentType>>; name: string };

function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return { load, name } as unknown as PageModule;
}

const loadLogin = () => import('@/app/routes/login');
const loadNotifications = () => import('@/app/routes/notifications');

// The layout of signed-in pages (session, user, push, inactivity) and the shell around them are
// chunks of their own: the login page loads neither.
export const loadProtectedLayout = () => import('@/app/routes/protected-layout');
export const loadSignedInShell = () => import('@/app/routes/signed-in-shell');

export const LOGIN_PAGE_MODULES = new Map<AppRoute, PageModule>([
  [ROUTES.login, page(loadLogin, 'LoginRoute')],
  [ROUTES.loginTest, page(loadLogin, 'LoginTestRoute')],
  [ROUTES.loginDebug, page(loadLogin, 'LoginDebugRoute')],
]);

export const NOT_FOUND_PAGE_MODULE = page(() => import('@/app/routes/not-found'), 'NotFoundRoute');

// Every signed-in route's page; a route without one stops the app at start (router.tsx).
export const SIGNED_IN_PAGE_MODULES = new Map<AppRoute, PageModule>([
  [ROUTES.home, page(() => import('@/app/routes/home'), 'HomeRoute')],
  [ROUTES.notifications, page(loadNotifications, 'NotificationsRoute')],
  [ROUTES.notificationDetails, page(loadNotifications, 'NotificationsRoute')],
  [
    ROUTES.notificationList,
    page(() => import('@/app/routes/notification-list'), 'NotificationListRoute'),
  ],
  [ROUTES.myPnrs, page(() => import('@/app/routes/my-pnrs'), 'MyPnrsRoute')],
  [ROUTES.dashboard, page(() => import('@/app/routes/dashboard'), 'DashboardRoute')],
  [ROUTES.credits, page(() => import('@/app/routes/credits'), 'CreditsRoute')],
  [ROUTES.agency, page(() => import('@/app/routes/management-agency'), 'ManagementAgencyRoute')],
  [
    ROUTES.addAgency,
    page(() => import('@/app/routes/management-add-agency'), 'ManagementAddAgencyRoute'),
  ],
  [
    ROUTES.branches,
    page(() => import('@/app/routes/management-branches'), 'ManagementBranchesRoute'),
  ],
  [
    ROUTES.addBranch,
    page(() => import('@/app/routes/management-add-branch'), 'ManagementAddBranchRoute'),
  ],
  [ROUTES.agents, page(() => import('@/app/routes/management-agents'), 'ManagementAgentsRoute')],
  [
    ROUTES.addAgent,
    page(() => import('@/app/routes/management-add-agent'), 'ManagementAddAgentRoute'),
  ],
  [ROUTES.users, page(() => import('@/app/routes/management-users'), 'ManagementUsersRoute')],
  [
    ROUTES.addUser,
    page(() => import('@/app/routes/management-add-user'), 'ManagementAddUserRoute'),
  ],
  [ROUTES.account, page(() => import('@/app/routes/account'), 'AccountRoute')],
  [
    ROUTES.notificationsSettings,
    page(() => import('@/app/routes/notification-types'), 'NotificationTypesRoute'),
  ],
  [ROUTES.settings, page(() => import('@/app/routes/settings'), 'SettingsRoute')],
  [ROUTES.documents, page(() => import('@/app/routes/documents'), 'DocumentsRoute')],
  [ROUTES.help, page(() => import('@/app/routes/help'), 'HelpRoute')],
  [ROUTES.support, page(() => import('@/app/routes/support'), 'SupportRoute')],
  [
    ROUTES.processSettings,
    page(
      () => import('@/app/routes/management-process-settings'),
      'ManagementProcessSettingsRoute',
    ),
  ],
  [
    ROUTES.addProcessSettings,
    page(
      () => import('@/app/routes/management-add-process-settings'),
      'ManagementAddProcessSettingsRoute',
    ),
  ],
  [
    ROUTES.designProperties,
    page(
      () => import('@/app/routes/management-design-properties'),
      'ManagementDesignPropertiesRoute',
    ),
  ],
  [ROUTES.health, page(() => import('@/app/routes/management-health'), 'ManagementHealthRoute')],
  [
    ROUTES.connections,
    page(() => import('@/app/routes/management-connections'), 'ManagementConnectionsRoute'),
  ],
  [
    ROUTES.pnrInfo,
    page(() => import('@/app/routes/management-pnr-info'), 'ManagementPnrInfoRoute'),
  ],
  [
    ROUTES.createPnr,
    page(() => import('@/app/routes/management-create-pnr'), 'ManagementCreatePnrRoute'),
  ],
]);
