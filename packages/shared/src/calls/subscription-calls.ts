import { z } from 'zod';
import { ROUTES } from '../routes';
import {
  SubscribableAgent,
  SubscriptionAgentsQuery,
  SubscriptionSettings,
  SubscriptionUpdate,
  SubscriptionUpdateResult,
} from '../schemas/subscriptions';
import { defineCall } from './define-call';

// The notification-types settings (SPEC §2.8, §7.2), for whoever may open that page. The write
// is a PUT of the changed items as JSON (docs/decisions/019).

const SUBSCRIPTIONS_PATH = 'xapi/user/subscriptions';

export const subscriptionCalls = {
  settings: defineCall({
    method: 'GET',
    path: SUBSCRIPTIONS_PATH,
    access: ROUTES.notificationsSettings,
    answer: SubscriptionSettings,
  }),
  update: defineCall({
    method: 'PUT',
    path: SUBSCRIPTIONS_PATH,
    access: ROUTES.notificationsSettings,
    body: SubscriptionUpdate,
    encoding: 'json',
    answer: SubscriptionUpdateResult,
    refusals: ['subscriptions.branch-outside', 'subscriptions.agent-outside'],
  }),
  /** The agents of one branch the caller may subscribe (the add dialog's agent choice). */
  agents: defineCall({
    method: 'GET',
    path: 'xapi/user/subscriptions/agents',
    access: ROUTES.notificationsSettings,
    query: SubscriptionAgentsQuery,
    answer: z.array(SubscribableAgent),
  }),
};

/** The subscriptions' paths under /api, for a caller that names them (a test, say). */
export const SUBSCRIPTION_CALLS = {
  subscriptions: subscriptionCalls.settings.path,
  agents: subscriptionCalls.agents.path,
};
