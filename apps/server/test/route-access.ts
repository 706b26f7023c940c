import { ROUTES, isRouteAllowed, routeRolesOf, type RouteKey, type ServerRole } from '@smt/shared';
import type { Scope } from '@/db/scope';

// What governs who may call each route of the OpenAPI document (SPEC §6, CONTRACT): nobody
// (public), any signed-in user, or the roles of the page in the shared route table that the
// call serves. Roles are never restated here: a page's come from ROUTES. The access matrix
// (src/access-matrix.int.test.ts) fails on a route missing from this table, so a new route
// cannot ship without saying who may call it.

export type RouteAccess =
  | {
      kind: 'public';
      /** What a signed-out caller hears when it is not an answer of the call itself. */
      signedOut?: { status: 401; why: string };
      /**
       * What every caller hears, signed in or not, where the call takes credentials of its own
       * (a webhook's signature) that no request of the matrix can carry.
       */
      ownCredentials?: { status: 401; why: string };
    }
  | { kind: 'signedIn' }
  | {
      kind: 'page';
      page: RouteKey;
      /** Why this call follows a page other than the one SPEC §6 names for it. */
      why?: string;
      /**
       * Data scopes whose holders the page admits but who have nothing the call could act on,
       * so every request of theirs is outside their scope: 403.
       */
      scopeRefuses?: {
        scopes: Scope['kind'][];
        why: string;
        /** 404 where the answer must not tell whether the record exists (CONTRACT); else 403. */
        status?: 403 | 404;
      };
    };

const PUBLIC: RouteAccess = { kind: 'public' };
const SIGNED_IN: RouteAccess = { kind: 'signedIn' };
type PageAccess = Extract<RouteAccess, { kind: 'page' }>;
const page = (key: RouteKey, more: Omit<PageAccess, 'kind' | 'page'> = {}): PageAccess => ({
  kind: 'page',
  page: key,
  ...more,
});

const OPERATOR_HOLDS_NO_AGENCY = {
  scopes: ['none'] as Scope['kind'][],
  why:
    'operators land on the agency page (docs/decisions/002) but sit in no agency: every ' +
    'agency they could name is outside their scope',
};

const AGENCY_WIDE = {
  scopes: ['branch', 'agent', 'multiAgent', 'none'] as Scope['kind'][],
  why:
    "connections are set for a whole agency (connections.service): a branch manager's Manager " +
    'role opens the page, but only a super user or an agency manager is answered',
};

export const ROUTE_ACCESS: Record<string, RouteAccess> = {
  // ---- meta, sign-in and the public share page: no session needed (CONTRACT)
  'GET /api/health': PUBLIC,
  'GET /api/ready': PUBLIC,
  'GET /api/config': PUBLIC,
  'GET /smtapp/meta.json': PUBLIC,
  'GET /api/auth/captcha': PUBLIC,
  'POST /api/validateUserDetails': PUBLIC,
  'POST /api/auth/sms/send': PUBLIC,
  'POST /api/auth/email/send': PUBLIC,
  'POST /api/auth/sms/verify': PUBLIC,
  'POST /api/auth/email/verify': PUBLIC,
  'POST /api/auth/refresh': {
    kind: 'public',
    signedOut: { status: 401, why: 'CONTRACT: refresh answers 401 when there is no session' },
  },
  'GET /api/logout': PUBLIC,
  'GET /api/push/vapid-public-key': PUBLIC,
  'GET /api/public/share/notification/{id}/{timestamp}/{token}': PUBLIC,
  'GET /api/documents/resources.json': PUBLIC,
  // The dev inbox and clocks of CONTRACT: local and staging only, never in production.
  'GET /api/dev/inbox': PUBLIC,
  'GET /api/dev/clock': PUBLIC,
  'POST /api/dev/clock': PUBLIC,
  'GET /api/dev/gds/clock': PUBLIC,
  'POST /api/dev/gds/clock': PUBLIC,
  'GET /api/dev/gds/bookings/{locator}': PUBLIC,
  'POST /api/dev/gds/bookings/{locator}/ticketed': PUBLIC,
  'POST /api/dev/gds/bookings/{locator}/ticketing-script': PUBLIC,
  'POST /api/dev/gds/bookings': PUBLIC,

  // ---- the session's own user, whatever their roles
  'GET /api/getUserDetails': SIGNED_IN,
  // Whoever is signed in hears of their own scope's notifications (docs/decisions/045).
  'GET /api/live': SIGNED_IN,
  'POST /api/push/subscribe': SIGNED_IN,
  'POST /api/push/unsubscribe': SIGNED_IN,
  // Anyone signed in may ask to stop impersonating; only an impersonating session is answered.
  'POST /api/admin/management/impersonate/switch_user_exit': SIGNED_IN,

  // ---- Account
  'GET /api/xapi/user/profile': page('account'),
  'POST /api/xapi/user/profile': page('account'),
  'DELETE /api/xapi/unregister/v1': page('account'),

  // ---- Documents
  'GET /api/documents/source': page('documents'),

  // ---- Home, with the organisation filter it shares with the notifications and dashboard
  'GET /api/admin/stats/userNotifications': page('home'),
  'GET /api/admin/stats/allNotifications': page('home'),
  'GET /api/admin/listAgencies': page('home'),
  'GET /api/admin/listBranches': page('home'),
  'GET /api/admin/listAgents': page('home'),

  // ---- Notifications and notification details
  'POST /api/v2/getNotificationList': page('notifications'),
  'POST /api/getNotificationList/csv': page('notifications'),
  'POST /api/getUnreadNotificationsCountBySubtype': page('notifications'),
  'POST /api/deleteNotifications': page('notifications'),
  'POST /api/deleteNotifications/bulk': page('notifications'),
  'POST /api/deleteNotifications/undo': page('notifications'),
  'POST /api/getNotificationData': page('notificationDetails'),
  'POST /api/getNotificationPQData': page('notificationDetails'),
  'POST /api/executePendingOperation': page('notificationDetails'),
  'POST /api/getFarebasisPenalties': page('notificationDetails'),
  'POST /api/pnr/cancel': page('notificationDetails'),
  'POST /api/pnr/cancel/quote': page('notificationDetails'),
  'POST /api/getNotificationPnrInfo': page('notificationDetails'),
  'POST /api/getNotificationShare': page('notificationDetails'),

  // ---- Notification types settings
  'GET /api/xapi/user/subscriptions': page('notificationsSettings'),
  'PUT /api/xapi/user/subscriptions': page('notificationsSettings'),
  'GET /api/xapi/user/subscriptions/agents': page('notificationsSettings'),

  // ---- My PNRs
  'POST /api/admin/pnr/management/pnrList': page('myPnrs'),
  'POST /api/admin/pnr/management/pnrUpdates': page('myPnrs'),
  'GET /api/admin/pnr/management/pnrDetails': page('myPnrs'),
  'POST /api/admin/pnr/management/pnrList/csv': page('myPnrs'),
  'GET /api/pnr/ticketing': page('myPnrs'),

  // ---- Credits (issue 36): the caller's scope, as the notification lists
  'GET /api/xapi/credits': page('credits'),
  'GET /api/xapi/credits/csv': page('credits'),
  'POST /api/xapi/credits': page('credits'),
  'POST /api/xapi/credits/{id}/state': page('credits'),

  // ---- Dashboard, its downloads with it (SPEC §7.3)
  'GET /api/admin/dashboard/completed-vs-total-notifications': page('dashboard'),
  'GET /api/admin/dashboard/saving/potential-vs-actual': page('dashboard'),
  'GET /api/admin/dashboard/saving/per-airline': page('dashboard'),
  'GET /api/admin/dashboard/saving/potential-vs-actual-by-period': page('dashboard'),
  'GET /api/admin/dashboard/saving/per-customer-number': page('dashboard'),
  'GET /api/admin/dashboard/adm-per-airline': page('dashboard'),
  'GET /api/admin/dashboard/young-pqs': page('dashboard'),
  'GET /api/admin/dashboard/notification-monthly-stat': page('dashboard'),
  'GET /api/admin/dashboard/credits': page('dashboard'),
  'GET /api/admin/dashboard/completed-vs-total-notifications/csv': page('dashboard'),
  'GET /api/admin/dashboard/adm-per-airline/csv': page('dashboard'),
  'GET /api/admin/dashboard/export/saving/xls': page('dashboard'),
  'GET /api/admin/dashboard/export/notifications/xls': page('dashboard'),
  'GET /api/admin/dashboard/export/monthly/xls': page('dashboard'),
  'GET /api/admin/health/agent-subscriptions/csv': page('dashboard'),

  // ---- Management: agencies
  'POST /api/admin/management/agency/create': page('addAgency'),
  'POST /api/admin/management/agency/update': page('agency', {
    scopeRefuses: OPERATOR_HOLDS_NO_AGENCY,
  }),
  'POST /api/admin/management/agency/updateStatus': page('agency', {
    scopeRefuses: OPERATOR_HOLDS_NO_AGENCY,
  }),
  'POST /api/admin/management/agency/delete': page('agency', {
    scopeRefuses: OPERATOR_HOLDS_NO_AGENCY,
  }),
  'GET /api/admin/management/agency/getList': page('agency'),
  'GET /api/admin/management/agency/csv': page('agency'),

  // ---- branches
  'POST /api/admin/management/branch/create': page('addBranch', {
    scopeRefuses: {
      scopes: ['none', 'branch'],
      why:
        'a branch belongs to an agency its maker runs: a new registered user runs none until ' +
        'they add their own (docs/decisions/018), a branch manager runs a branch, not an agency',
    },
  }),
  'POST /api/admin/management/branch/update': page('branches'),
  'POST /api/admin/management/branch/updateStatus': page('branches'),
  'POST /api/admin/management/branch/delete': page('branches'),
  'GET /api/admin/management/branch/getList': page('branches'),
  'GET /api/admin/management/branch/csv': page('branches'),

  // ---- agents
  'POST /api/admin/management/agent/create': page('addAgent'),
  'POST /api/admin/management/agent/update': page('agents'),
  'POST /api/admin/management/agent/updateStatus': page('agents'),
  'POST /api/admin/management/agent/delete': page('agents'),
  'GET /api/admin/management/agent/getList': page('agents'),
  'GET /api/admin/management/agent/csv': page('agents'),

  // ---- users
  'POST /api/admin/management/user/create': page('users', {
    why: 'managers add users from the users page (docs/decisions/017)',
  }),
  'POST /api/admin/management/user/update': page('users'),
  'POST /api/admin/management/user/updateStatus': page('users'),
  'POST /api/admin/management/user/updateActivation': page('users'),
  'POST /api/admin/management/user/delete': page('users'),
  'GET /api/admin/management/user/getList': page('users'),
  'GET /api/admin/management/user/csv': page('users'),
  'POST /api/admin/management/impersonate/switch_user': page('users', {
    why: 'whoever manages users may act as them: super users as anyone, managers their agency',
    scopeRefuses: {
      scopes: ['branch'],
      why: 'a branch manager manages users of one branch but acts as nobody (impersonation.rules)',
      // Alike for a phone no one has, so switching cannot tell who is registered (decision 025).
      status: 404,
    },
  }),

  // ---- the management tools
  'GET /api/admin/management/process-settings/getList': page('processSettings'),
  'GET /api/admin/management/process-settings/csv': page('processSettings'),
  'POST /api/admin/management/process-settings/create': page('addProcessSettings'),
  'POST /api/admin/management/process-settings/update': page('processSettings'),
  'POST /api/admin/management/process-settings/delete': page('processSettings'),
  'GET /api/admin/management/design-properties': page('designProperties'),
  'POST /api/admin/management/design-properties': page('designProperties'),
  'GET /api/admin/health/engine': page('health'),
  'GET /api/admin/pnr/info': page('pnrInfo'),
  'POST /api/admin/pnr/create': page('createPnr'),

  // ---- Connections (issue 22): agency-wide, so managers of less than an agency are refused
  'GET /api/admin/connections/getList': page('connections', { scopeRefuses: AGENCY_WIDE }),
  'POST /api/admin/connections/connectDuffel': page('connections', { scopeRefuses: AGENCY_WIDE }),
  'POST /api/admin/connections/connectSabre': page('connections', { scopeRefuses: AGENCY_WIDE }),
  'POST /api/admin/connections/update': page('connections', { scopeRefuses: AGENCY_WIDE }),
  'POST /api/admin/connections/updateSabre': page('connections', { scopeRefuses: AGENCY_WIDE }),
  'POST /api/admin/connections/test': page('connections', { scopeRefuses: AGENCY_WIDE }),
  'POST /api/admin/connections/disconnect': page('connections', { scopeRefuses: AGENCY_WIDE }),
  // Duffel's deliveries carry no session but the connection's signature, which no caller here
  // has: everyone hears 401, one answer for an unknown connection and a bad signature.
  'POST /api/webhooks/duffel/{connectionId}': {
    kind: 'public',
    ownCredentials: {
      status: 401,
      why: 'a delivery without the signature of the connection it names is refused',
    },
  },
};

/** A caller as the table judges them: their server roles and the data scope these give. */
export type AccessCaller = { roles: readonly ServerRole[]; betaFeatures: readonly string[] };

/**
 * What a call should meet: `allowed` gets past every access check (no 401, no 403); `denied`
 * is refused by the page's roles (403); `outOfScope` passes the page but is refused by the
 * data scope (403); `signedOut` needs a session, or the call's own credentials (401).
 */
export type Verdict = 'allowed' | 'denied' | 'outOfScope' | 'signedOut';

export function verdictOf(
  access: RouteAccess,
  caller: (AccessCaller & { scope: Scope['kind'] }) | null,
): Verdict {
  if (access.kind === 'public') {
    if (access.ownCredentials) return 'signedOut';
    return caller || !access.signedOut ? 'allowed' : 'signedOut';
  }
  if (!caller) return 'signedOut';
  if (access.kind === 'signedIn') return 'allowed';
  const user = { routeRoles: routeRolesOf(caller.roles), betaFeatures: caller.betaFeatures };
  if (!isRouteAllowed(ROUTES[access.page], user)) return 'denied';
  return access.scopeRefuses?.scopes.includes(caller.scope) ? 'outOfScope' : 'allowed';
}
