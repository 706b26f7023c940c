import type { NotificationSubtype, PanelGroup } from './enums/notifications';
import { routeRolesOf, type RouteRole, type ServerRole } from './enums/roles';

// The route table of SPEC §2.1 with the roles of SPEC §6. The SPA's guards, its navigation
// and the server's permission checks all read this one table.

export type AppRoute = {
  path: string;
  title: string;
  /** `null`: open without signing in. */
  roles: readonly RouteRole[] | null;
  /** Beta routes also need this feature on the user (SPEC §5 'Other'). */
  betaFeature?: string;
};

const CORE: readonly RouteRole[] = ['SuperUser', 'Agent', 'Manager', 'Operator'];
const CORE_AND_NEW: readonly RouteRole[] = [...CORE, 'NewUser'];
const ADMINS: readonly RouteRole[] = ['SuperUser', 'Manager'];
const SUPER: readonly RouteRole[] = ['SuperUser'];

export const NOTIFICATION_LISTS = [
  'recent',
  'reprice',
  'cancelled',
  'rescheduled',
  'waitlist',
  'ticketingdue',
] as const;
export type NotificationListName = (typeof NOTIFICATION_LISTS)[number];
export const NOTIFICATION_LIST_VARIANTS = ['pending', 'complete'] as const;
export type NotificationListVariant = (typeof NOTIFICATION_LIST_VARIANTS)[number];

/** The group each list route reads; recent reads them all (SPEC §2.1). */
export const GROUP_OF_LIST: Record<NotificationListName, PanelGroup | 'RECENT'> = {
  recent: 'RECENT',
  reprice: 'REPRICE',
  cancelled: 'ADM',
  rescheduled: 'RESCHEDULE',
  waitlist: 'WAITLIST',
  ticketingdue: 'TICKETING_DUE',
};

export const LIST_OF_GROUP: Record<PanelGroup, NotificationListName> = {
  REPRICE: 'reprice',
  ADM: 'cancelled',
  RESCHEDULE: 'rescheduled',
  WAITLIST: 'waitlist',
  TICKETING_DUE: 'ticketingdue',
};

/** The subtypes each list variant shows: complete holds the failed ones too. */
export const SUBTYPES_OF_VARIANT: Record<NotificationListVariant, readonly NotificationSubtype[]> =
  {
    pending: ['Pending'],
    complete: ['Complete', 'Failed'],
  };

export const MANAGEMENT_PREFIX = '/management/tools';

export const ROUTES = {
  root: { path: '/', title: 'Home', roles: CORE },
  home: { path: '/home', title: 'Home', roles: CORE },
  dashboard: { path: '/dashboard', title: 'Dashboard', roles: ADMINS },
  account: { path: '/account', title: 'Profile', roles: CORE_AND_NEW },
  settings: { path: '/settings', title: 'Settings', roles: CORE_AND_NEW },
  help: { path: '/help', title: 'Help', roles: CORE_AND_NEW },
  support: { path: '/support', title: 'Support', roles: CORE_AND_NEW },
  login: { path: '/login', title: 'Login', roles: null },
  loginTest: { path: '/login-test', title: 'Login', roles: null },
  loginDebug: { path: '/login-debug', title: 'Login', roles: null },
  myPnrs: { path: '/my-pnrs', title: 'My PNRs', roles: ['Agent'] },
  documents: { path: '/documents', title: 'Documents', roles: CORE_AND_NEW },
  // Issue 36: whoever sees the notifications sees the credits of the same scope.
  credits: { path: '/credits', title: 'Credits', roles: CORE },
  notificationsSettings: {
    path: '/notificationsSettings',
    title: 'Notification types',
    roles: CORE,
  },
  notifications: { path: '/notifications', title: 'Notifications', roles: CORE },
  notificationDetails: { path: '/notifications/:id', title: 'Notifications', roles: CORE },
  notificationList: {
    path: '/notifications/:list/:variant',
    title: 'Notifications',
    roles: CORE,
  },
  // The server answers this address with the finished page (share.page.ts), before the SPA.
  share: { path: '/share/notification/:id/:timestamp/:token', title: 'Reservation', roles: null },
  // SPEC §4 lands operators on the agency page, so they may open it (docs/decisions/002).
  agency: {
    path: `${MANAGEMENT_PREFIX}/agency`,
    title: 'Agencies',
    roles: ['SuperUser', 'AgencyManager', 'Operator'],
  },
  addAgency: {
    path: `${MANAGEMENT_PREFIX}/agency/add-agency`,
    title: 'Add agency',
    roles: ['SuperUser', 'NewUser', 'AgencyManager'],
  },
  branches: { path: `${MANAGEMENT_PREFIX}/branches`, title: 'Branches', roles: ADMINS },
  addBranch: {
    path: `${MANAGEMENT_PREFIX}/branches/add-branch`,
    title: 'Add branch',
    roles: ['SuperUser', 'NewUser', 'Manager'],
  },
  agents: { path: `${MANAGEMENT_PREFIX}/agents`, title: 'Agents', roles: ADMINS },
  addAgent: { path: `${MANAGEMENT_PREFIX}/agents/add-agent`, title: 'Add agent', roles: ADMINS },
  users: { path: `${MANAGEMENT_PREFIX}/users`, title: 'Users', roles: ADMINS },
  addUser: { path: `${MANAGEMENT_PREFIX}/add-user`, title: 'Add user', roles: SUPER },
  processSettings: {
    path: `${MANAGEMENT_PREFIX}/process-settings`,
    title: 'Processes',
    roles: ADMINS,
  },
  addProcessSettings: {
    path: `${MANAGEMENT_PREFIX}/add-process-settings`,
    title: 'Add process settings',
    roles: ADMINS,
  },
  designProperties: {
    path: `${MANAGEMENT_PREFIX}/design-properties`,
    title: 'Design',
    roles: SUPER,
  },
  health: { path: `${MANAGEMENT_PREFIX}/health`, title: 'Health', roles: SUPER },
  // Agency-wide: a branch manager, a Manager too, is refused by the calls (agency scope only).
  connections: { path: `${MANAGEMENT_PREFIX}/connections`, title: 'Connections', roles: ADMINS },
  pnrInfo: { path: `${MANAGEMENT_PREFIX}/pnrInfo`, title: 'PNR Info', roles: SUPER },
  createPnr: { path: `${MANAGEMENT_PREFIX}/create-pnr`, title: 'Add PNR', roles: SUPER },
} as const satisfies Record<string, AppRoute>;

export type RouteKey = keyof typeof ROUTES;

export type RouteUser = { routeRoles: readonly RouteRole[]; betaFeatures: readonly string[] };

/** What the route checks read of a signed-in user: the roles its server roles open, its betas. */
export function routeUserOf(user: {
  serverRoles: readonly ServerRole[];
  betaFeatures: readonly string[];
}): RouteUser {
  return { routeRoles: routeRolesOf(user.serverRoles), betaFeatures: user.betaFeatures };
}

/** A route is allowed if the user has one of its roles, and its beta feature if it has one. */
export function isRouteAllowed(route: AppRoute, user: RouteUser | null): boolean {
  if (route.roles === null) return true;
  if (!user) return false;
  const hasRole = route.roles.some((role) => user.routeRoles.includes(role));
  if (!hasRole) return false;
  return route.betaFeature === undefined || user.betaFeatures.includes(route.betaFeature);
}

/** A user with none of the roles the app knows sees the application-level denied screen. */
export function hasKnownRole(user: RouteUser): boolean {
  return user.routeRoles.length > 0;
}

/** Whether a path (relative to the base path) is one of the management tools. */
export function isManagementRoute(path: string): boolean {
  return path === MANAGEMENT_PREFIX || path.startsWith(`${MANAGEMENT_PREFIX}/`);
}

/** A notification id in a route is digits only; anything else is no id at all (SPEC §2.1). */
export function parseNotificationId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,15}$/.test(raw)) return null;
  return Number(raw);
}

/** Where a user lands after sign-in, by role priority (SPEC §4). */
export function landingPathOf(roles: readonly RouteRole[]): string | null {
  const homeRoles: readonly RouteRole[] = [
    'SuperUser',
    'Manager',
    'BranchManager',
    'AgencyManager',
    'Agent',
  ];
  if (roles.some((role) => homeRoles.includes(role))) return ROUTES.home.path;
  if (roles.includes('Operator')) return ROUTES.agency.path;
  if (roles.includes('NewUser')) return ROUTES.addAgency.path;
  return null;
}

/** Fills a route pattern's `:params`, refusing to build a path with a missing one. */
export function buildPath(pattern: string, params: Record<string, string | number>): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing route parameter ${name} for ${pattern}`);
    return encodeURIComponent(String(value));
  });
}

/** The route whose pattern `pathname` (under the app's base path) fits; null for none. */
export function routeAt(pathname: string): AppRoute | null {
  const parts = pathname.replace(/\/+$/, '').split('/');
  const route = Object.values(ROUTES).find((candidate: AppRoute) => {
    const pattern = candidate.path.split('/');
    return (
      pattern.length === parts.length &&
      pattern.every((part, index) => part.startsWith(':') || part === parts[index])
    );
  });
  return route ?? null;
}

/**
 * The signed-in route at `pathname` (under the app's base path), whose frame the document paints
 * before the app starts; null for the sign-in and public routes, the root (which sends each role
 * elsewhere) and paths of no route.
 */
export function signedInRouteAt(pathname: string): AppRoute | null {
  if (pathname === ROUTES.root.path) return null;
  const route = routeAt(pathname);
  return route && route.roles !== null ? route : null;
}

/** The title of the signed-in route at `pathname` (`signedInRouteAt`), for its frame. */
export const signedInRouteTitleOf = (pathname: string): string | null =>
  signedInRouteAt(pathname)?.title ?? null;
