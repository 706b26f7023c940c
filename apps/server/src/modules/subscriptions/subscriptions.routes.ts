import { subscriptionCalls as calls } from '@smt/shared';
import { routeCalls } from '@/lib/route-call';
import { callerOf } from '@/plugins/auth';
import { routesUsing } from '@/routes-using';

/** The notification-types settings (SPEC §2.8, §7.2) and the settings page's own channels. */
export const subscriptionsRoutes = routesUsing(
  ['subscriptions'],
  async (app, { subscriptions }) => {
    routeCalls(app, { tags: ['subscriptions'] }, calls, {
      settings: {
        summary: 'The subscriptions the caller may see, with their branches and agents',
        description:
          "Branch-wide rows of the branches in the caller's scope and agent-level rows of the " +
          'agents they run (an agent: their own). `managed` says whose branch-wide rows the ' +
          'caller may change; `activeProcesses` which processes the branch runs.',
        handle: async (_input, request) => subscriptions.settingsOf(callerOf(request)),
      },
      update: {
        summary: 'Enables or disables subscriptions, all items or none',
        description:
          'A JSON list of items {process, branchId or agentId, media, action}. Every target must ' +
          "be the caller's to change (403 otherwise, nothing written). ENABLE of an existing " +
          'subscription and DISABLE of a missing one change nothing.',
        handle: async ({ body }, request) => ({
          ok: true as const,
          changed: await subscriptions.update(callerOf(request), body),
        }),
      },
      agents: {
        summary: 'The agents of a branch whose subscriptions the caller may change',
        handle: async ({ query }, request) =>
          subscriptions.agentsOf(callerOf(request), query.branchId),
      },
    });
  },
);
