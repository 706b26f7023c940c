import type { ServerRole } from '@smt/shared';
import type { InjectOptions } from 'fastify';
import { TEST_KEY, someIp } from './sign-in';

// A valid request for every route of the OpenAPI document, naming the records it is given: the
// caller's own in the access matrix (so that an allowed call can succeed), another agent's,
// branch's or agency's when the matrix looks for leaks. Writes are chosen to leave the demo
// organisation standing: updates write back what is there, and creates and deletes run into a
// name already taken or a row still in use (a disconnect, a connection disconnected already),
// answers that come after every access check.

/** The records a request may name; null where the caller has none of that kind. */
export type Records = {
  agency: { id: number; name: string } | null;
  branch: { id: number; name: string; pcc: string; agencyId: number } | null;
  agent: { id: number; name: string; initials: string; branchId: number } | null;
  /** A user to write back as they are. */
  user: ManagedUser | null;
  /** The user a delete names: the caller themself in the matrix (409), someone else's in a probe. */
  userToDelete: number | null;
  /** The phone of someone to act as. */
  switchTo: string | null;
  /** A notification to read, with one of its price quotes. */
  notification: { id: number; seqNum: number; fareBasis: string } | null;
  /** Notifications to act on (an approve), delete, bulk delete, and cancel the PNR of. */
  actOn: number | null;
  remove: number | null;
  bulkRemove: number | null;
  ticketingDue: number | null;
  booking: { id: number; pnrNumber: string; gdsId: string } | null;
  /** A credit of the ledger on that booking, to mark used. */
  credit: number | null;
  syncJobId: string | null;
  pushEndpoint: string | null;
  /**
   * The agency's connections: its simulator's, live, and a Duffel one already disconnected,
   * which a disconnect names so as to stop at 400 with the demo's own connection still live.
   */
  connection: { simulator: number; disconnected: number } | null;
};

export type ManagedUser = {
  id: number;
  name: string;
  email: string;
  phone: string;
  role: Exclude<ServerRole, 'ROLE_SA_NEW_REGISTERED_USER'>;
  agencyId: number | null;
  branchId: number | null;
  agentId: number | null;
};

/** What else a request needs: who sends it, and values read from the running app. */
export type RequestContext = {
  records: Records;
  caller: { name: string; email: string } | null;
  /** A share link the caller was given (its timestamp and token), or null. */
  shareLink: { timestamp: string; token: string } | null;
  /** Valid process settings fields (the defaults). */
  processSettings: Record<string, unknown>;
};

export type Request = InjectOptions & { url: string };

/** Ids no row has: the answer to them is the answer to a record that does not exist. */
export const MISSING_ID = 2_000_000_000;
export const MISSING_LOCATOR = 'ZZZZZ9';
const NO_SYNC_JOB = '00000000-0000-4000-8000-000000000000';

export const NO_RECORDS: Records = {
  agency: null,
  branch: null,
  agent: null,
  user: null,
  userToDelete: null,
  switchTo: null,
  notification: null,
  actOn: null,
  remove: null,
  bulkRemove: null,
  ticketingDue: null,
  booking: null,
  credit: null,
  syncJobId: null,
  pushEndpoint: null,
  connection: null,
};

/** The same records with every identifier replaced by one that names nothing. */
export function missingOf(records: Records): Records {
  const id = (value: number | null) => (value === null ? null : MISSING_ID);
  return {
    agency: records.agency && { ...records.agency, id: MISSING_ID },
    branch: records.branch && { ...records.branch, id: MISSING_ID },
    agent: records.agent && { ...records.agent, id: MISSING_ID },
    user: records.user && { ...records.user, id: MISSING_ID },
    userToDelete: id(records.userToDelete),
    switchTo: records.switchTo && '+972509999999',
    notification: records.notification && { ...records.notification, id: MISSING_ID },
    actOn: id(records.actOn),
    remove: id(records.remove),
    bulkRemove: id(records.bulkRemove),
    ticketingDue: id(records.ticketingDue),
    booking: records.booking && {
      id: MISSING_ID,
      pnrNumber: MISSING_LOCATOR,
      gdsId: records.booking.gdsId,
    },
    credit: id(records.credit),
    syncJobId: records.syncJobId && NO_SYNC_JOB,
    pushEndpoint: records.pushEndpoint && 'https://fcm.googleapis.com/fcm/send/nobody',
    connection: records.connection && { simulator: MISSING_ID, disconnected: MISSING_ID },
  };
}

const post = (url: string, payload: unknown): Request => ({
  method: 'POST',
  url,
  payload: payload as object,
});
const put = (url: string, payload: unknown): Request => ({
  method: 'PUT',
  url,
  payload: payload as object,
});
const get = (url: string, query: Record<string, string | number | undefined> = {}): Request => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) search.set(key, String(value));
  }
  const text = search.toString();
  return { method: 'GET', url: text === '' ? url : `${url}?${text}` };
};

/**
 * Each sign-in call gets a pair and a client address no one used, so the per-phone, per-e-mail
 * and per-address limits stay away.
 */
let sends = 0;
const freshPair = () => {
  sends += 1;
  return { email: `send${sends}@matrix.test`, phone: `+97250${String(7_000_000 + sends)}` };
};

const signInCall = (url: string, payload: unknown): Request => ({
  ...post(url, payload),
  remoteAddress: someIp(),
});

const orId = (value: number | null | undefined) => value ?? MISSING_ID;

/** The finest part of the organisation the records name, as dashboard and home filters take it. */
function levelOf(r: Records): { type: 'Agent' | 'Branch' | 'Agency'; id: number } | null {
  if (r.agent) return { type: 'Agent', id: r.agent.id };
  if (r.branch) return { type: 'Branch', id: r.branch.id };
  if (r.agency) return { type: 'Agency', id: r.agency.id };
  return null;
}

const idsOf = (r: Records) => ({
  agencyIds: r.agency ? [r.agency.id] : [],
  branchIds: r.branch ? [r.branch.id] : [],
  agentIds: r.agent ? [r.agent.id] : [],
});

const dashboardQuery = (r: Records, more: Record<string, string> = {}) => {
  const level = levelOf(r);
  return { ...(level ? { type: level.type, id: level.id } : {}), ...more };
};

/** A user's place as the user forms take it: exactly one of agent, branch, agency. */
const placementOf = (place: {
  agencyId: number | null;
  branchId: number | null;
  agentId: number | null;
}) =>
  place.agentId !== null
    ? { agentId: place.agentId }
    : place.branchId !== null
      ? { branchId: place.branchId }
      : { agencyId: place.agencyId ?? MISSING_ID };

/** A new user placed at the finest part named, with a role that may sit there. */
function newUserPlacement(r: Records) {
  if (r.agent) return { role: 'ROLE_SA_AGENT_USER', agentId: r.agent.id };
  if (r.branch) return { role: 'ROLE_SA_BRANCH_MANAGER_USER', branchId: r.branch.id };
  return { role: 'ROLE_SA_MANAGER_USER', agencyId: orId(r.agency?.id) };
}

const DASHBOARD = '/api/admin/dashboard';
const MANAGEMENT = '/api/admin/management';
const PNRS = '/api/admin/pnr/management';
const CONNECTIONS = '/api/admin/connections';
/** A token as Duffel issues them: no request of the matrix gets as far as storing it. */
const MATRIX_TOKEN = 'duffel_test_matrixAccessToken';

type Build = (context: RequestContext) => Request[];
const one =
  (build: (context: RequestContext) => Request): Build =>
  (context) => [build(context)];

const dashboardRead = (path: string, more: Record<string, string> = {}) =>
  one(({ records }) => get(`${DASHBOARD}/${path}`, dashboardQuery(records, more)));

/** The requests of each route, by the name `METHOD /path` of the OpenAPI document. */
export const REQUESTS: Record<string, Build> = {
  'GET /api/health': one(() => get('/api/health')),
  'GET /api/ready': one(() => get('/api/ready')),
  'GET /api/config': one(() => get('/api/config')),
  'GET /smtapp/meta.json': one(() => get('/smtapp/meta.json')),
  'GET /api/auth/captcha': one(() => get('/api/auth/captcha')),
  'POST /api/validateUserDetails': one(() => {
    const { email, phone } = freshPair();
    return signInCall('/api/validateUserDetails', {
      email,
      deviceNumber: phone,
      reCaptchaResponse: TEST_KEY,
    });
  }),
  'POST /api/auth/sms/send': one(() =>
    signInCall('/api/auth/sms/send', { ...freshPair(), captcha: TEST_KEY }),
  ),
  'POST /api/auth/email/send': one(() =>
    signInCall('/api/auth/email/send', { ...freshPair(), captcha: TEST_KEY }),
  ),
  // No code was sent to this pair: a 400, after any access check there could be.
  'POST /api/auth/sms/verify': one(() =>
    signInCall('/api/auth/sms/verify', { ...freshPair(), code: '000000', keepLoggedIn: false }),
  ),
  'POST /api/auth/email/verify': one(() =>
    signInCall('/api/auth/email/verify', {
      email: freshPair().email,
      oobCode: 'no-such-link',
      keepLoggedIn: false,
    }),
  ),
  'POST /api/auth/refresh': one(() => post('/api/auth/refresh', {})),
  'GET /api/logout': one(() => get('/api/logout')),
  'GET /api/push/vapid-public-key': one(() => get('/api/push/vapid-public-key')),
  'GET /api/public/share/notification/{id}/{timestamp}/{token}': one(({ records, shareLink }) => {
    const link = shareLink ?? { timestamp: '1', token: 'no-such-token' };
    const id = orId(records.notification?.id);
    return get(`/api/public/share/notification/${id}/${link.timestamp}/${link.token}`);
  }),
  'GET /api/documents/resources.json': one(() => get('/api/documents/resources.json')),
  'GET /api/dev/inbox': one(({ caller }) =>
    get('/api/dev/inbox', { to: caller?.email ?? 'nobody@matrix.test' }),
  ),
  'GET /api/dev/clock': one(() => get('/api/dev/clock')),
  'POST /api/dev/clock': one(() => post('/api/dev/clock', { advanceMinutes: 0 })),
  'GET /api/dev/gds/clock': one(() => get('/api/dev/gds/clock')),
  'POST /api/dev/gds/clock': one(() => post('/api/dev/gds/clock', { advanceMinutes: 1 })),
  'GET /api/dev/gds/bookings/{locator}': one(({ records }) =>
    get(`/api/dev/gds/bookings/${records.booking?.pnrNumber ?? MISSING_LOCATOR}`),
  ),
  // The dev writes name no booking: they would change the simulated GDS under the other suites.
  'POST /api/dev/gds/bookings/{locator}/ticketed': one(() =>
    post(`/api/dev/gds/bookings/${MISSING_LOCATOR}/ticketed`, {}),
  ),
  'POST /api/dev/gds/bookings/{locator}/ticketing-script': one(() =>
    post(`/api/dev/gds/bookings/${MISSING_LOCATOR}/ticketing-script`, { state: 'SUCCESS' }),
  ),
  'POST /api/dev/gds/bookings': one(() =>
    post('/api/dev/gds/bookings', { agentEmail: 'nobody@matrix.test' }),
  ),

  'GET /api/getUserDetails': one(() => get('/api/getUserDetails')),
  // The live stream does not end by itself: its answer is read as a stream (the matrix takes
  // the status and an error's body), and the app's close ends it.
  'GET /api/live': one(() => ({ ...get('/api/live'), payloadAsStream: true })),
  'POST /api/push/subscribe': one(({ caller }) =>
    post('/api/push/subscribe', {
      endpoint: `https://fcm.googleapis.com/fcm/send/matrix/${encodeURIComponent(caller?.email ?? 'nobody')}`,
      keys: { p256dh: 'BMatrixKey', auth: 'matrixAuth' },
    }),
  ),
  'POST /api/push/unsubscribe': one(({ records }) =>
    post('/api/push/unsubscribe', {
      endpoint: records.pushEndpoint ?? 'https://fcm.googleapis.com/fcm/send/nobody',
    }),
  ),
  'POST /api/admin/management/impersonate/switch_user': one(({ records }) =>
    post(`${MANAGEMENT}/impersonate/switch_user`, {
      username: records.switchTo ?? '+972509999999',
    }),
  ),
  'POST /api/admin/management/impersonate/switch_user_exit': one(() =>
    post(`${MANAGEMENT}/impersonate/switch_user_exit`, {}),
  ),

  'GET /api/xapi/user/profile': one(() => get('/api/xapi/user/profile')),
  'POST /api/xapi/user/profile': one(({ caller }) =>
    post('/api/xapi/user/profile', { name: caller?.name ?? 'Nobody' }),
  ),
  'DELETE /api/xapi/unregister/v1': one(() => ({
    method: 'DELETE',
    url: '/api/xapi/unregister/v1',
  })),
  'GET /api/documents/source': one(() => get('/api/documents/source')),

  'GET /api/admin/stats/userNotifications': one(() => get('/api/admin/stats/userNotifications')),
  'GET /api/admin/stats/allNotifications': one(({ records }) =>
    get('/api/admin/stats/allNotifications', levelOf(records) ?? { type: 'Agency' }),
  ),
  'GET /api/admin/listAgencies': one(() => get('/api/admin/listAgencies')),
  'GET /api/admin/listBranches': one(({ records }) =>
    get('/api/admin/listBranches', { agencyId: records.agency?.id }),
  ),
  'GET /api/admin/listAgents': one(({ records }) =>
    get('/api/admin/listAgents', { branchId: records.branch?.id }),
  ),

  // A scope named by ids, and one booking's notifications by its PNR (the details panel).
  'POST /api/v2/getNotificationList': ({ records }) => [
    post('/api/v2/getNotificationList', { fetchType: 'all', ...idsOf(records) }),
    post('/api/v2/getNotificationList', {
      fetchType: 'all',
      group: 'RECENT',
      subtype: 'Pending',
      chunk: 9999,
      pnr_key: records.booking?.pnrNumber ?? MISSING_LOCATOR,
    }),
  ],
  'POST /api/getNotificationList/csv': ({ records }) => [
    post('/api/getNotificationList/csv', { fetchType: 'all', ...idsOf(records) }),
    post('/api/getNotificationList/csv', {
      fetchType: 'all',
      pnr_key: records.booking?.pnrNumber ?? MISSING_LOCATOR,
    }),
  ],
  'POST /api/getUnreadNotificationsCountBySubtype': one(({ records }) =>
    post('/api/getUnreadNotificationsCountBySubtype', { fetchType: 'all', ...idsOf(records) }),
  ),
  'POST /api/deleteNotifications': one(({ records }) =>
    post('/api/deleteNotifications', { notification_id: orId(records.remove) }),
  ),
  'POST /api/deleteNotifications/bulk': one(({ records }) =>
    post('/api/deleteNotifications/bulk', { notification_ids: [orId(records.bulkRemove)] }),
  ),
  'POST /api/deleteNotifications/undo': one(({ records }) =>
    post('/api/deleteNotifications/undo', { notification_ids: [orId(records.bulkRemove)] }),
  ),
  'POST /api/getNotificationData': one(({ records }) =>
    post('/api/getNotificationData', { notification_id: orId(records.notification?.id) }),
  ),
  'POST /api/getNotificationPQData': one(({ records }) =>
    post('/api/getNotificationPQData', { notification_id: orId(records.notification?.id) }),
  ),
  'POST /api/executePendingOperation': one(({ records }) =>
    post('/api/executePendingOperation', { notification_id: orId(records.actOn), op_code: 'A' }),
  ),
  'POST /api/getFarebasisPenalties': one(({ records }) =>
    post('/api/getFarebasisPenalties', {
      notification_id: orId(records.notification?.id),
      seq_num: records.notification?.seqNum ?? 1,
      farebasis: records.notification?.fareBasis ?? 'YNOSUCH',
    }),
  ),
  'POST /api/pnr/cancel': one(({ records }) =>
    post('/api/pnr/cancel', { notificationId: orId(records.ticketingDue) }),
  ),
  'POST /api/pnr/cancel/quote': one(({ records }) =>
    post('/api/pnr/cancel/quote', { notificationId: orId(records.ticketingDue) }),
  ),
  'POST /api/getNotificationPnrInfo': one(({ records }) =>
    post('/api/getNotificationPnrInfo', { notification_id: orId(records.notification?.id) }),
  ),
  'POST /api/getNotificationShare': one(({ records }) =>
    post('/api/getNotificationShare', { notification_id: orId(records.notification?.id) }),
  ),

  'GET /api/xapi/user/subscriptions': one(() => get('/api/xapi/user/subscriptions')),
  // An agent changes their own channels, a manager a branch's too: the finest target named.
  // Someone who names neither (an operator) saves an empty list.
  'PUT /api/xapi/user/subscriptions': one(({ records }) => {
    const target = records.agent
      ? { agentId: records.agent.id }
      : records.branch && { branchId: records.branch.id };
    const items = target ? [{ process: 'RP', media: 'EMAIL', action: 'ENABLE', ...target }] : [];
    return put('/api/xapi/user/subscriptions', items);
  }),
  'GET /api/xapi/user/subscriptions/agents': one(({ records }) =>
    get('/api/xapi/user/subscriptions/agents', {
      branchId: orId(records.branch?.id ?? records.agent?.branchId),
    }),
  ),

  'POST /api/admin/pnr/management/pnrList': one(({ records }) =>
    post(`${PNRS}/pnrList`, { pnrNumber: records.booking?.pnrNumber ?? MISSING_LOCATOR }),
  ),
  'POST /api/admin/pnr/management/pnrUpdates': one(({ records }) =>
    post(`${PNRS}/pnrUpdates`, { syncJobId: records.syncJobId ?? NO_SYNC_JOB }),
  ),
  'GET /api/admin/pnr/management/pnrDetails': one(({ records }) =>
    get(`${PNRS}/pnrDetails`, { id: orId(records.booking?.id) }),
  ),
  'POST /api/admin/pnr/management/pnrList/csv': one(({ records }) =>
    post(`${PNRS}/pnrList/csv`, {
      request: JSON.stringify({ pnrNumber: records.booking?.pnrNumber ?? MISSING_LOCATOR }),
    }),
  ),
  // A credit is entered on the caller's booking for a passenger not on it: refused after every
  // access check, nothing recorded.
  'GET /api/xapi/credits': one(() => get('/api/xapi/credits', { state: 'open' })),
  'GET /api/xapi/credits/csv': one(() => get('/api/xapi/credits/csv', { state: 'open' })),
  'POST /api/xapi/credits': one(({ records }) =>
    post('/api/xapi/credits', {
      pnrNumber: records.booking?.pnrNumber ?? MISSING_LOCATOR,
      passengerName: 'NOBODY/MATRIX',
      airline: 'LY',
      amount: '10',
      currency: 'USD',
      expiresOn: '2030-01-01',
    }),
  ),
  'POST /api/xapi/credits/{id}/state': one(({ records }) =>
    post(`/api/xapi/credits/${orId(records.credit)}/state`, { state: 'used' }),
  ),
  'GET /api/pnr/ticketing': one(({ records }) =>
    get('/api/pnr/ticketing', {
      pnrNumber: records.booking?.pnrNumber ?? MISSING_LOCATOR,
      gdsId: records.booking?.gdsId ?? 'sabre',
    }),
  ),

  'GET /api/admin/dashboard/completed-vs-total-notifications': dashboardRead(
    'completed-vs-total-notifications',
  ),
  'GET /api/admin/dashboard/saving/potential-vs-actual': dashboardRead(
    'saving/potential-vs-actual',
  ),
  'GET /api/admin/dashboard/saving/per-airline': dashboardRead('saving/per-airline'),
  'GET /api/admin/dashboard/saving/potential-vs-actual-by-period': dashboardRead(
    'saving/potential-vs-actual-by-period',
  ),
  'GET /api/admin/dashboard/saving/per-customer-number': dashboardRead(
    'saving/per-customer-number',
  ),
  'GET /api/admin/dashboard/adm-per-airline': dashboardRead('adm-per-airline'),
  'GET /api/admin/dashboard/young-pqs': dashboardRead('young-pqs'),
  'GET /api/admin/dashboard/notification-monthly-stat': dashboardRead('notification-monthly-stat'),
  'GET /api/admin/dashboard/credits': dashboardRead('credits'),
  'GET /api/admin/dashboard/completed-vs-total-notifications/csv': dashboardRead(
    'completed-vs-total-notifications/csv',
  ),
  'GET /api/admin/dashboard/adm-per-airline/csv': dashboardRead('adm-per-airline/csv'),
  'GET /api/admin/dashboard/export/saving/xls': dashboardRead('export/saving/xls', {
    report: 'PotentialVsActual',
  }),
  'GET /api/admin/dashboard/export/notifications/xls': dashboardRead('export/notifications/xls', {
    report: 'PendingVsCompleted',
  }),
  'GET /api/admin/dashboard/export/monthly/xls': dashboardRead('export/monthly/xls', {
    report: 'RepriceActual',
  }),
  'GET /api/admin/health/agent-subscriptions/csv': one(({ records }) =>
    get('/api/admin/health/agent-subscriptions/csv', { agencies: records.agency?.id }),
  ),

  'POST /api/admin/management/agency/create': one(({ records }) =>
    post(`${MANAGEMENT}/agency/create`, { name: records.agency?.name ?? 'Demo Travel' }),
  ),
  'POST /api/admin/management/agency/update': one(({ records }) =>
    post(`${MANAGEMENT}/agency/update`, {
      agencyId: orId(records.agency?.id),
      name: records.agency?.name ?? 'Nowhere Travel',
    }),
  ),
  'POST /api/admin/management/agency/updateStatus': one(({ records }) =>
    post(`${MANAGEMENT}/agency/updateStatus`, {
      agencyId: orId(records.agency?.id),
      enabled: true,
    }),
  ),
  'POST /api/admin/management/agency/delete': one(({ records }) =>
    post(`${MANAGEMENT}/agency/delete`, { agencyId: orId(records.agency?.id) }),
  ),
  'GET /api/admin/management/agency/getList': one(() => get(`${MANAGEMENT}/agency/getList`)),
  'GET /api/admin/management/agency/csv': one(() => get(`${MANAGEMENT}/agency/csv`)),

  'POST /api/admin/management/branch/create': one(({ records }) =>
    post(`${MANAGEMENT}/branch/create`, {
      name: 'Matrix branch',
      pcc: records.branch?.pcc ?? 'TLV1',
      agencyId: orId(records.agency?.id),
    }),
  ),
  'POST /api/admin/management/branch/update': one(({ records }) =>
    post(`${MANAGEMENT}/branch/update`, {
      branchId: orId(records.branch?.id),
      name: records.branch?.name ?? 'Nowhere',
      pcc: records.branch?.pcc ?? 'NOWHERE',
      agencyId: orId(records.branch?.agencyId),
    }),
  ),
  'POST /api/admin/management/branch/updateStatus': one(({ records }) =>
    post(`${MANAGEMENT}/branch/updateStatus`, {
      branchId: orId(records.branch?.id),
      enabled: true,
    }),
  ),
  'POST /api/admin/management/branch/delete': one(({ records }) =>
    post(`${MANAGEMENT}/branch/delete`, { branchId: orId(records.branch?.id) }),
  ),
  'GET /api/admin/management/branch/getList': one(({ records }) =>
    get(`${MANAGEMENT}/branch/getList`, { agencyId: records.agency?.id }),
  ),
  'GET /api/admin/management/branch/csv': one(({ records }) =>
    get(`${MANAGEMENT}/branch/csv`, { agencyId: records.agency?.id }),
  ),

  'POST /api/admin/management/agent/create': one(({ records }) =>
    post(`${MANAGEMENT}/agent/create`, {
      name: 'Matrix agent',
      initials: records.agent?.initials ?? 'AA',
      branchId: orId(records.branch?.id),
    }),
  ),
  'POST /api/admin/management/agent/update': one(({ records }) =>
    post(`${MANAGEMENT}/agent/update`, {
      agentId: orId(records.agent?.id),
      name: records.agent?.name ?? 'Nobody',
      initials: records.agent?.initials ?? 'NB',
      branchId: orId(records.agent?.branchId),
    }),
  ),
  'POST /api/admin/management/agent/updateStatus': one(({ records }) =>
    post(`${MANAGEMENT}/agent/updateStatus`, { agentId: orId(records.agent?.id), enabled: true }),
  ),
  'POST /api/admin/management/agent/delete': one(({ records }) =>
    post(`${MANAGEMENT}/agent/delete`, { agentId: orId(records.agent?.id) }),
  ),
  'GET /api/admin/management/agent/getList': one(({ records }) =>
    get(`${MANAGEMENT}/agent/getList`, {
      agencyId: records.agency?.id,
      branchId: records.branch?.id,
    }),
  ),
  'GET /api/admin/management/agent/csv': one(({ records }) =>
    get(`${MANAGEMENT}/agent/csv`, { agencyId: records.agency?.id, branchId: records.branch?.id }),
  ),

  // The caller's own e-mail is taken: the create stops at 409, after the place was checked.
  'POST /api/admin/management/user/create': one(({ records, caller }) =>
    post(`${MANAGEMENT}/user/create`, {
      name: 'Matrix user',
      email: caller?.email ?? 'super@demo.test',
      deviceNumber: '+972509999998',
      ...newUserPlacement(records),
    }),
  ),
  'POST /api/admin/management/user/update': one(({ records }) => {
    const user = records.user;
    return post(`${MANAGEMENT}/user/update`, {
      userId: orId(user?.id),
      name: user?.name ?? 'Nobody',
      email: user?.email ?? 'nobody@matrix.test',
      deviceNumber: user?.phone ?? '+972509999997',
      role: user?.role ?? 'ROLE_SA_AGENT_USER',
      ...placementOf(user ?? { agencyId: null, branchId: null, agentId: MISSING_ID }),
    });
  }),
  'POST /api/admin/management/user/updateStatus': one(({ records }) =>
    post(`${MANAGEMENT}/user/updateStatus`, { userId: orId(records.user?.id), enabled: true }),
  ),
  'POST /api/admin/management/user/updateActivation': one(({ records }) =>
    post(`${MANAGEMENT}/user/updateActivation`, {
      userId: orId(records.user?.id),
      activated: true,
    }),
  ),
  'POST /api/admin/management/user/delete': one(({ records }) =>
    post(`${MANAGEMENT}/user/delete`, { userId: orId(records.userToDelete) }),
  ),
  'GET /api/admin/management/user/getList': one(({ records }) =>
    get(`${MANAGEMENT}/user/getList`, placementQuery(records)),
  ),
  'GET /api/admin/management/user/csv': one(({ records }) =>
    get(`${MANAGEMENT}/user/csv`, placementQuery(records)),
  ),

  'GET /api/admin/management/process-settings/getList': one(({ records }) =>
    get(`${MANAGEMENT}/process-settings/getList`, {
      agencyId: records.agency?.id,
      branchId: records.branch?.id,
    }),
  ),
  'GET /api/admin/management/process-settings/csv': one(({ records }) =>
    get(`${MANAGEMENT}/process-settings/csv`, {
      agencyId: records.agency?.id,
      branchId: records.branch?.id,
    }),
  ),
  'POST /api/admin/management/process-settings/create': one(({ records, processSettings }) =>
    post(`${MANAGEMENT}/process-settings/create`, {
      ...processSettings,
      branchId: orId(records.branch?.id),
    }),
  ),
  'POST /api/admin/management/process-settings/update': one(({ records, processSettings }) =>
    post(`${MANAGEMENT}/process-settings/update`, {
      ...processSettings,
      branchId: orId(records.branch?.id),
    }),
  ),
  'POST /api/admin/management/process-settings/delete': one(({ records }) =>
    post(`${MANAGEMENT}/process-settings/delete`, { branchId: orId(records.branch?.id) }),
  ),
  'GET /api/admin/management/design-properties': one(({ records }) =>
    get(`${MANAGEMENT}/design-properties`, { agencyId: records.agency?.id }),
  ),
  'POST /api/admin/management/design-properties': one(({ records }) =>
    post(`${MANAGEMENT}/design-properties`, {
      agencyId: orId(records.agency?.id),
      header: '<b>Matrix</b>',
      footer: '',
    }),
  ),
  'GET /api/admin/health/engine': one(() => get('/api/admin/health/engine')),
  'GET /api/admin/pnr/info': one(({ records }) =>
    get('/api/admin/pnr/info', { pnrNumber: records.booking?.pnrNumber ?? MISSING_LOCATOR }),
  ),
  'POST /api/admin/pnr/create': one(({ records }) =>
    post('/api/admin/pnr/create', {
      agencyId: orId(records.agency?.id),
      branchId: orId(records.branch?.id),
      agentId: orId(records.agent?.id),
      type: 'REGULAR',
      departsInDays: 30,
      ticketingDueInHours: 48,
      firstName: 'MATRIX',
      lastName: 'ACCESS',
      from: 'TLV',
      to: 'LHR',
      airline: 'LY',
      flightNumber: '315',
    }),
  ),

  'GET /api/admin/connections/getList': one(({ records }) =>
    get(`${CONNECTIONS}/getList`, { agencyId: records.agency?.id }),
  ),
  // A branch no agency has: 400 once the agency was checked, and nothing is connected.
  'POST /api/admin/connections/connectDuffel': one(({ records }) =>
    post(`${CONNECTIONS}/connectDuffel`, {
      agencyId: orId(records.agency?.id),
      token: MATRIX_TOKEN,
      defaultBranchId: MISSING_ID,
    }),
  ),
  // The matrix gave the agency a live Sabre connection: 409 once the agency was checked.
  'POST /api/admin/connections/connectSabre': one(({ records }) =>
    post(`${CONNECTIONS}/connectSabre`, {
      agencyId: orId(records.agency?.id),
      epr: '7971',
      pcc: 'G7RE',
      password: 'matrix-password',
    }),
  ),
  // The simulator takes no EPR: 400 after the connection was found in scope and live.
  'POST /api/admin/connections/updateSabre': one(({ records }) =>
    post(`${CONNECTIONS}/updateSabre`, {
      connectionId: orId(records.connection?.simulator),
      epr: '7971',
    }),
  ),
  // The simulator takes no token: 400 after the connection was found in scope and live.
  'POST /api/admin/connections/update': one(({ records }) =>
    post(`${CONNECTIONS}/update`, {
      connectionId: orId(records.connection?.simulator),
      token: MATRIX_TOKEN,
    }),
  ),
  // Asks the simulator its time and records the answer: the connection stays as it works.
  'POST /api/admin/connections/test': one(({ records }) =>
    post(`${CONNECTIONS}/test`, { connectionId: orId(records.connection?.simulator) }),
  ),
  'POST /api/admin/connections/disconnect': one(({ records }) =>
    post(`${CONNECTIONS}/disconnect`, { connectionId: orId(records.connection?.disconnected) }),
  ),
  // An event as Duffel sends them, but unsigned: refused before anything is read.
  'POST /api/webhooks/duffel/{connectionId}': one(({ records }) =>
    post(`/api/webhooks/duffel/${orId(records.connection?.disconnected)}`, {
      id: 'evt_matrix',
      type: 'order.updated',
      data: { object: { id: 'ord_matrix' } },
    }),
  ),
};

function placementQuery(r: Records) {
  return { agencyId: r.agency?.id, branchId: r.branch?.id, agentId: r.agent?.id };
}
