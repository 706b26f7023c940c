import { notificationCalls as calls } from '@smt/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isAnswered } from '@/lib/domain-error';
import { routeCall } from '@/lib/route-call';
import { authOf } from '@/plugins/auth';
import { detailsMessages } from './notification-details.messages';
import { createNotificationDetails } from './notification-details.service';
import { createNotificationOperations, type Actor } from './notification-operations.service';
import { fail } from './notifications.errors';

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
    if (isAnswered(error)) throw error;
    request.log.error({ err: error }, 'a call reaching the GDS failed');
    throw fail('notifications.gds-failed', detailsMessages.gdsFailed);
  }
}

/** One notification: read it, its price quotes and fare rules, act on it, delete it. */
export const notificationDetailsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.database.db, gds: app.gds, registry: app.gdsRegistry, clock: app.clock };
  const details = createNotificationDetails(deps);
  const operations = createNotificationOperations(deps);
  const tags = ['notifications'];

  routeCall(
    app,
    calls.data,
    {
      tags,
      summary:
        "The whole notification; its owner opening it unread marks it READ (others' views change nothing)",
    },
    async ({ body }, request) => {
      const { scope, user } = authOf(request);
      return details.open({ scope, agentId: user.agentId }, body.notification_id);
    },
  );

  routeCall(
    app,
    calls.pqData,
    { tags, summary: "The notification's price quotes in seq_num order" },
    async ({ body }, request) => ({
      pq_data: await details.priceQuotes(authOf(request).scope, body.notification_id),
    }),
  );

  routeCall(
    app,
    calls.execute,
    { tags, summary: 'Performs an operation (RP, C, A, CR, SR) on the notification in the GDS' },
    async ({ body }, request) => {
      const actor = actorOf(request);
      const { notification_id: id, op_code: op } = body;
      const { header } = await reachingGds(request, () => operations.execute(actor, id, op));
      return { header: await details.fullHeader(actor.scope, header) };
    },
  );

  routeCall(
    app,
    calls.delete,
    { tags, summary: 'Deletes the notification (status DEL); a read-only one cannot be' },
    async ({ body }, request) => ({
      deleted: await details.remove(actorOf(request), [body.notification_id]),
    }),
  );

  routeCall(
    app,
    calls.bulkDelete,
    { tags, summary: 'Deletes every notification given, or none of them' },
    async ({ body }, request) => ({
      deleted: await details.remove(actorOf(request), body.notification_ids),
    }),
  );

  routeCall(
    app,
    calls.undoDelete,
    {
      tags,
      summary: 'Puts back notifications the caller deleted in the last minute, as they were',
    },
    async ({ body }, request) => ({
      restored: await details.undoRemove(actorOf(request), body.notification_ids),
    }),
  );

  routeCall(
    app,
    calls.fareBasisPenalties,
    { tags, summary: "The fare rules of a fare basis of one of the notification's price quotes" },
    async ({ body }, request) => {
      const { notification_id: id, seq_num: seqNum, farebasis: fareBasis } = body;
      const scope = authOf(request).scope;
      return reachingGds(request, () => details.fareBasisPenalty(scope, { id, seqNum, fareBasis }));
    },
  );

  routeCall(
    app,
    calls.cancelPnr,
    {
      tags,
      summary:
        "Cancels a ticketing-due notification's PNR in the GDS; with expectedRefund, only while the refund is still that",
    },
    async ({ body }, request) => {
      const actor = actorOf(request);
      const { notificationId, expectedRefund } = body;
      return reachingGds(request, () =>
        operations.cancelPnr(actor, notificationId, expectedRefund),
      );
    },
  );

  routeCall(
    app,
    calls.cancelPnrQuote,
    {
      tags,
      summary:
        "What cancelling a ticketing-due notification's PNR would refund now; cancels nothing",
    },
    async ({ body }, request) => {
      const actor = actorOf(request);
      return reachingGds(request, () => operations.cancelPnrQuote(actor, body.notificationId));
    },
  );

  routeCall(
    app,
    calls.pnrInfo,
    { tags, summary: "Whether the GDS has the notification's booking ticketed or cancelled now" },
    async ({ body }, request) => {
      const scope = authOf(request).scope;
      return reachingGds(request, () => details.pnrInfo(scope, body.notification_id));
    },
  );
};
