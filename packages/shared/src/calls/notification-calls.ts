import { z } from 'zod';
import { ROUTES } from '../routes';
import {
  AgencyItem,
  AgentItem,
  BranchItem,
  BulkDeleteRequest,
  CancelPnrQuoteRequest,
  CancelPnrQuoteResponse,
  CancelPnrRequest,
  CancelPnrResponse,
  DeleteResponse,
  ExecuteRequest,
  ExecuteResponse,
  FareBasisPenaltiesRequest,
  FareBasisPenaltiesResponse,
  ListAgenciesQuery,
  ListAgentsQuery,
  ListBranchesQuery,
  NotificationCsvRequest,
  NotificationDetails,
  NotificationIdRequest,
  NotificationListRequest,
  NotificationListResponse,
  PnrInfoResponse,
  PqDataResponse,
  PublicShareParams,
  PublicShareResponse,
  ShareData,
  UndoDeleteResponse,
  UnreadCountersRequest,
  UnreadCountersResponse,
} from '../schemas/notifications';
import { defineCall } from './define-call';
import { homeCalls } from './home-calls';

// The notification calls of SPEC §7.1 (the lists, one notification, sharing it) and the
// organisation filter's menus of §7.2. Their bodies are forms, but for the three the product
// sends as JSON.

const list = ROUTES.notifications;
const read = ROUTES.notificationDetails;

export const notificationCalls = {
  list: defineCall({
    method: 'POST',
    path: 'v2/getNotificationList',
    access: list,
    body: NotificationListRequest,
    answer: NotificationListResponse,
    refusals: ['notifications.audience-outside'],
  }),
  /** A file: its bytes are the answer. */
  listCsv: defineCall({
    method: 'POST',
    path: 'getNotificationList/csv',
    access: list,
    body: NotificationCsvRequest,
    refusals: ['notifications.audience-outside'],
  }),
  unreadCounters: defineCall({
    method: 'POST',
    path: 'getUnreadNotificationsCountBySubtype',
    access: list,
    body: UnreadCountersRequest,
    encoding: 'json',
    answer: UnreadCountersResponse,
    refusals: ['notifications.audience-outside'],
  }),
  data: defineCall({
    method: 'POST',
    path: 'getNotificationData',
    access: read,
    body: NotificationIdRequest,
    answer: NotificationDetails,
    refusals: ['notifications.not-found'],
  }),
  pqData: defineCall({
    method: 'POST',
    path: 'getNotificationPQData',
    access: read,
    body: NotificationIdRequest,
    answer: PqDataResponse,
    refusals: ['notifications.not-found'],
  }),
  execute: defineCall({
    method: 'POST',
    path: 'executePendingOperation',
    access: read,
    body: ExecuteRequest,
    answer: ExecuteResponse,
    refusals: [
      'notifications.not-found',
      'notifications.no-main-action',
      'notifications.wrong-operation',
      'notifications.read-only',
      'notifications.removed',
      'notifications.connection-disconnected',
      'notifications.not-pending',
      'notifications.no-price-quote',
      'notifications.taken-meanwhile',
      'notifications.premise-changed',
      'notifications.gds-failed',
    ],
  }),
  delete: defineCall({
    method: 'POST',
    path: 'deleteNotifications',
    access: list,
    body: NotificationIdRequest,
    answer: DeleteResponse,
    refusals: ['notifications.not-found', 'notifications.read-only'],
  }),
  bulkDelete: defineCall({
    method: 'POST',
    path: 'deleteNotifications/bulk',
    access: list,
    body: BulkDeleteRequest,
    answer: DeleteResponse,
    refusals: ['notifications.not-found', 'notifications.read-only'],
  }),
  undoDelete: defineCall({
    method: 'POST',
    path: 'deleteNotifications/undo',
    access: list,
    body: BulkDeleteRequest,
    answer: UndoDeleteResponse,
  }),
  fareBasisPenalties: defineCall({
    method: 'POST',
    path: 'getFarebasisPenalties',
    access: read,
    body: FareBasisPenaltiesRequest,
    answer: FareBasisPenaltiesResponse,
    refusals: ['notifications.not-found', 'notifications.no-such-fare'],
  }),
  cancelPnr: defineCall({
    method: 'POST',
    path: 'pnr/cancel',
    access: read,
    body: CancelPnrRequest,
    encoding: 'json',
    answer: CancelPnrResponse,
    refusals: [
      'notifications.not-found',
      'notifications.cancel-not-ticketing-due',
      'notifications.read-only',
      'notifications.removed',
      'notifications.pnr-cancelled',
      'notifications.pnr-ticketed',
      'notifications.connection-disconnected',
      'notifications.refund-changed',
      'notifications.gds-failed',
    ],
  }),
  cancelPnrQuote: defineCall({
    method: 'POST',
    path: 'pnr/cancel/quote',
    access: read,
    body: CancelPnrQuoteRequest,
    encoding: 'json',
    answer: CancelPnrQuoteResponse,
    refusals: [
      'notifications.not-found',
      'notifications.cancel-not-ticketing-due',
      'notifications.read-only',
      'notifications.removed',
      'notifications.pnr-cancelled',
      'notifications.pnr-ticketed',
      'notifications.connection-disconnected',
      'notifications.booking-gone',
      'notifications.quote-refused',
      'notifications.gds-failed',
    ],
  }),
  pnrInfo: defineCall({
    method: 'POST',
    path: 'getNotificationPnrInfo',
    access: read,
    body: NotificationIdRequest,
    answer: PnrInfoResponse,
    refusals: ['notifications.not-found', 'notifications.gds-failed'],
  }),
  share: defineCall({
    method: 'POST',
    path: 'getNotificationShare',
    access: read,
    body: NotificationIdRequest,
    answer: ShareData,
    refusals: ['share.not-found'],
  }),
  /** What a shared link shows, to anyone who has it. */
  publicShare: defineCall({
    method: 'GET',
    path: 'public/share/notification/:id/:timestamp/:token',
    access: 'public',
    params: PublicShareParams,
    answer: PublicShareResponse,
    refusals: ['share.link-expired'],
  }),
  listAgencies: defineCall({
    method: 'GET',
    path: 'admin/listAgencies',
    access: ROUTES.home,
    query: ListAgenciesQuery,
    answer: z.array(AgencyItem),
  }),
  listBranches: defineCall({
    method: 'GET',
    path: 'admin/listBranches',
    access: ROUTES.home,
    query: ListBranchesQuery,
    answer: z.array(BranchItem),
    refusals: ['organisation.agency-outside'],
  }),
  listAgents: defineCall({
    method: 'GET',
    path: 'admin/listAgents',
    access: ROUTES.home,
    query: ListAgentsQuery,
    answer: z.array(AgentItem),
    refusals: ['organisation.branch-outside'],
  }),
};

/** A path up to its first parameter: what a caller filling them in itself starts from. */
type PathBeforeParams<P extends string> = P extends `${infer Head}/:${string}` ? Head : P;

const callsByName = { ...notificationCalls, ...homeCalls };

/**
 * Each notification, home and organisation call's path under /api, for a caller that names it
 * (a test, say); a path with parameters up to the first of them.
 */
export const NOTIFICATION_CALLS = Object.fromEntries(
  Object.entries(callsByName).map(([name, call]) => [name, call.path.split('/:')[0]]),
) as {
  [K in keyof typeof callsByName]: PathBeforeParams<(typeof callsByName)[K]['path']>;
};
