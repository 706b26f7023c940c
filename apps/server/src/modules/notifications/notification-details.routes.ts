import { notificationCalls as calls } from '@smt/shared';
import type { FastifyRequest } from 'fastify';
import { isAnswered } from '@/lib/domain-error';
import { routeCalls } from '@/lib/route-call';
import { authOf, callerOf } from '@/plugins/auth';
import { detailsMessages } from './notification-details.messages';
import { fail } from './notifications.errors';
import { routesUsing } from '@/routes-using';
import type { Services } from '@/services';

/**
 * A call that reaches the GDS: its refusals pass on as they are, and so does a fault of the
 * database (answered 503 by the error handler); anything else it throws (the GDS down, timing
 * out) is logged and told as a sentence, never a stack.
 */
async function reachingGds<T>(
  request: FastifyRequest,
  details: Pick<Services['notificationDetails'], 'isDatabaseFault'>,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isAnswered(error) || (await details.isDatabaseFault(error))) throw error;
    request.log.error({ err: error }, 'a call reaching the GDS failed');
    throw fail('notifications.gds-failed', detailsMessages.gdsFailed);
  }
}

/** One notification: read it, its price quotes and fare rules, act on it, delete it. */
export const notificationDetailsRoutes = routesUsing(
  ['notificationDetails', 'notificationOperations'],
  async (app, { notificationDetails: details, notificationOperations: operations }) => {
    routeCalls(app, { tags: ['notifications'] }, calls, {
      data: {
        summary:
          "The whole notification; its owner opening it unread marks it READ (others' views change nothing)",
        handle: async ({ body }, request) => {
          const { scope, user } = authOf(request);
          return details.open({ scope, agentId: user.agentId }, body.notification_id);
        },
      },
      pqData: {
        summary: "The notification's price quotes in seq_num order",
        handle: async ({ body }, request) => ({
          pq_data: await details.priceQuotes(authOf(request).scope, body.notification_id),
        }),
      },
      execute: {
        summary: 'Performs an operation (RP, C, A, CR, SR) on the notification in the GDS',
        handle: async ({ body }, request) => {
          const actor = callerOf(request);
          const { notification_id: id, op_code: op } = body;
          const { header } = await reachingGds(request, details, () =>
            operations.execute(actor, id, op),
          );
          return { header: await details.fullHeader(actor.scope, header) };
        },
      },
      delete: {
        summary: 'Deletes the notification (status DEL); a read-only one cannot be',
        handle: async ({ body }, request) => ({
          deleted: await details.remove(callerOf(request), [body.notification_id]),
        }),
      },
      bulkDelete: {
        summary: 'Deletes every notification given, or none of them',
        handle: async ({ body }, request) => ({
          deleted: await details.remove(callerOf(request), body.notification_ids),
        }),
      },
      undoDelete: {
        summary: 'Puts back notifications the caller deleted in the last minute, as they were',
        handle: async ({ body }, request) => ({
          restored: await details.undoRemove(callerOf(request), body.notification_ids),
        }),
      },
      fareBasisPenalties: {
        summary: "The fare rules of a fare basis of one of the notification's price quotes",
        handle: async ({ body }, request) => {
          const { notification_id: id, seq_num: seqNum, farebasis: fareBasis } = body;
          const scope = authOf(request).scope;
          return reachingGds(request, details, () =>
            details.fareBasisPenalty(scope, { id, seqNum, fareBasis }),
          );
        },
      },
      cancelPnr: {
        summary:
          "Cancels a ticketing-due notification's PNR in the GDS; with expectedRefund, only while the refund is still that",
        handle: async ({ body }, request) => {
          const actor = callerOf(request);
          const { notificationId, expectedRefund } = body;
          return reachingGds(request, details, () =>
            operations.cancelPnr(actor, notificationId, expectedRefund),
          );
        },
      },
      cancelPnrQuote: {
        summary:
          "What cancelling a ticketing-due notification's PNR would refund now; cancels nothing",
        handle: async ({ body }, request) => {
          const actor = callerOf(request);
          return reachingGds(request, details, () =>
            operations.cancelPnrQuote(actor, body.notificationId),
          );
        },
      },
      pnrInfo: {
        summary: "Whether the GDS has the notification's booking ticketed or cancelled now",
        handle: async ({ body }, request) => {
          const scope = authOf(request).scope;
          return reachingGds(request, details, () => details.pnrInfo(scope, body.notification_id));
        },
      },
    });
  },
);
