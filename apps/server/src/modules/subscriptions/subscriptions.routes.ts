import { subscriptionCalls as calls } from '@smt/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeCall } from '@/lib/route-call';
import { authOf } from '@/plugins/auth';
import { createSubscriptions, type Caller } from './subscriptions.service';

/** The notification-types settings (SPEC §2.8, §7.2) and the settings page's own channels. */
export const subscriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createSubscriptions({ db: app.database.db, clock: app.clock });
  const tags = ['subscriptions'];
  const callerOf = (request: FastifyRequest): Caller => {
    const { user, realUser, scope } = authOf(request);
    return { userId: user.id, realUserId: realUser.id, scope, agentId: user.agentId };
  };

  routeCall(
    app,
    calls.settings,
    {
      tags,
      summary: 'The subscriptions the caller may see, with their branches and agents',
      description:
        "Branch-wide rows of the branches in the caller's scope and agent-level rows of the " +
        'agents they run (an agent: their own). `managed` says whose branch-wide rows the ' +
        'caller may change; `activeProcesses` which processes the branch runs.',
    },
    async (_input, request) => service.settingsOf(callerOf(request)),
  );

  routeCall(
    app,
    calls.update,
    {
      tags,
      summary: 'Enables or disables subscriptions, all items or none',
      description:
        'A JSON list of items {process, branchId or agentId, media, action}. Every target must ' +
        "be the caller's to change (403 otherwise, nothing written). ENABLE of an existing " +
        'subscription and DISABLE of a missing one change nothing.',
    },
    async ({ body }, request) => ({
      ok: true as const,
      changed: await service.update(callerOf(request), body),
    }),
  );

  routeCall(
    app,
    calls.agents,
    { tags, summary: 'The agents of a branch whose subscriptions the caller may change' },
    async ({ query }, request) => service.agentsOf(callerOf(request), query.branchId),
  );
};
