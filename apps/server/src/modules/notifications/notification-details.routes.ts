import {
  BulkDeleteRequest,
  CancelPnrQuoteRequest,
  CancelPnrQuoteResponse,
  CancelPnrRequest,
  CancelPnrResponse,
  DeleteResponse,
  UndoDeleteResponse,
  ExecuteRequest,
  ExecuteResponse,
  FareBasisPenaltiesRequest,
  FareBasisPenaltiesResponse,
  NOTIFICATION_CALLS,
  NotificationDetails,
  NotificationIdRequest,
  PnrInfoResponse,
  PqDataResponse,
  ROUTES,
} from '@smt/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '@/lib/app-error';
import { authOf } from '@/plugins/auth';
import { detailsMessages } from './notification-details.messages';
import { createNotificationDetails } from './notification-details.service';
import { createNotificationOperations, type Actor } from './notification-operations.service';

const actorOf = (request: FastifyRequest): Actor => {
  const { user, realUser, scope } = authOf(request);
  return { userId: user.id, realUserId: realUser.id, scope };
};

/**
 * A call that reaches the GDS: its refusals pass on as they are; anything else it throws (the
 * GDS down, timing out) is logged and told as a sentence, never a stack.
 */
async function reachingGds<T>(request: FastifyRequest, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    request.log.error({ err: error }, 'a call reaching the GDS failed');
    throw new AppError('INTERNAL', detailsMessages.gdsFailed);
  }
}

/** One notification: read it, its price quotes and fare rules, act on it, delete it. */
export const notificationDetailsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.database.db, gds: app.gds, registry: app.gdsRegistry, clock: app.clock };
  const details = createNotificationDetails(deps);
  const operations = createNotificationOperations(deps);
  const tags = ['notifications'];
  const read = { access: ROUTES.notificationDetails };
  const remove = { access: ROUTES.notifications };
  const path = (call: string) => `/api/${call}`;

  app.post(
    path(NOTIFICATION_CALLS.data),
    {
      config: read,
      schema: {
        tags,
        summary:
          "The whole notification; its owner opening it unread marks it READ (others' views change nothing)",
        body: NotificationIdRequest,
        response: { 200: NotificationDetails },
      },
    },
    async (request) => {
      const { scope, user } = authOf(request);
      return details.open({ scope, agentId: user.agentId }, request.body.notification_id);
    },
  );

  app.post(
    path(NOTIFICATION_CALLS.pqData),
    {
      config: read,
      schema: {
        tags,
        summary: "The notification's price quotes in seq_num order",
        body: NotificationIdRequest,
        response: { 200: PqDataResponse },
      },
    },
    async (request) => ({
      pq_data: await details.priceQuotes(authOf(request).scope, request.body.notification_id),
    }),
  );

  app.post(
    path(NOTIFICATION_CALLS.execute),
    {
      config: read,
      schema: {
        tags,
        summary: 'Performs an operation (RP, C, A, CR, SR) on the notification in the GDS',
        body: ExecuteRequest,
        response: { 200: ExecuteResponse },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { notification_id: id, op_code: op } = request.body;
      const { header } = await reachingGds(request, () => operations.execute(actor, id, op));
      return { header: await details.fullHeader(actor.scope, header) };
    },
  );

  app.post(
    path(NOTIFICATION_CALLS.delete),
    {
      config: remove,
      schema: {
        tags,
        summary: 'Deletes the notification (status DEL); a read-only one cannot be',
        body: NotificationIdRequest,
        response: { 200: DeleteResponse },
      },
    },
    async (request) => ({
      deleted: await details.remove(actorOf(request), [request.body.notification_id]),
    }),
  );

  app.post(
    path(NOTIFICATION_CALLS.bulkDelete),
    {
      config: remove,
      schema: {
        tags,
        summary: 'Deletes every notification given, or none of them',
        body: BulkDeleteRequest,
        response: { 200: DeleteResponse },
      },
    },
    async (request) => ({
      deleted: await details.remove(actorOf(request), request.body.notification_ids),
    }),
  );

  app.post(
    path(NOTIFICATION_CALLS.undoDelete),
    {
      config: remove,
      schema: {
        tags,
        summary: 'Puts back notifications the caller deleted in the last minute, as they were',
        body: BulkDeleteRequest,
        response: { 200: UndoDeleteResponse },
      },
    },
    async (request) => ({
      restored: await details.undoRemove(actorOf(request), request.body.notification_ids),
    }),
  );

  app.post(
    path(NOTIFICATION_CALLS.fareBasisPenalties),
    {
      config: read,
      schema: {
        tags,
        summary: "The fare rules of a fare basis of one of the notification's price quotes",
        body: FareBasisPenaltiesRequest,
        response: { 200: FareBasisPenaltiesResponse },
      },
    },
    async (request) => {
      const { notification_id: id, seq_num: seqNum, farebasis: fareBasis } = request.body;
      const scope = authOf(request).scope;
      return reachingGds(request, () => details.fareBasisPenalty(scope, { id, seqNum, fareBasis }));
    },
  );

  app.post(
    path(NOTIFICATION_CALLS.cancelPnr),
    {
      config: read,
      schema: {
        tags,
        summary:
          "Cancels a ticketing-due notification's PNR in the GDS; with expectedRefund, only while the refund is still that",
        body: CancelPnrRequest,
        response: { 200: CancelPnrResponse },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { notificationId, expectedRefund } = request.body;
      return reachingGds(request, () =>
        operations.cancelPnr(actor, notificationId, expectedRefund),
      );
    },
  );

  app.post(
    path(NOTIFICATION_CALLS.cancelPnrQuote),
    {
      config: read,
      schema: {
        tags,
        summary:
          "What cancelling a ticketing-due notification's PNR would refund now; cancels nothing",
        body: CancelPnrQuoteRequest,
        response: { 200: CancelPnrQuoteResponse },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return reachingGds(request, () =>
        operations.cancelPnrQuote(actor, request.body.notificationId),
      );
    },
  );

  app.post(
    path(NOTIFICATION_CALLS.pnrInfo),
    {
      config: read,
      schema: {
        tags,
        summary: "Whether the GDS has the notification's booking ticketed or cancelled now",
        body: NotificationIdRequest,
        response: { 200: PnrInfoResponse },
      },
    },
    async (request) => {
      const scope = authOf(request).scope;
      return reachingGds(request, () => details.pnrInfo(scope, request.body.notification_id));
    },
  );
};
