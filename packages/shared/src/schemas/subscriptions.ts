import { z } from 'zod';
import { Process } from '../enums/notifications';
import { Media, SubscriptionAction } from '../enums/organisation';

// The notification-types settings (SPEC §2.8, §3, §7.2): who hears of which process by which
// medium, a whole branch or one agent. The write is a PUT of the items that change, as JSON:
// SPEC gives the path and the items but not the verb, and a PUT of the same resource says it
// replaces what the items name and nothing else (docs/decisions/019). The calls:
// calls/subscription-calls.ts.

/** At most this many items in one save: every process and medium of some hundred rows. */
export const MAX_SUBSCRIPTION_ITEMS = 5_000;

/**
 * The processes the table has a column for, in the order it shows them. CW is left out: no
 * notification type belongs to it (waitlist findings are HL's), so a tick there would reach
 * nobody.
 */
export const SUBSCRIPTION_PROCESSES: readonly Process[] = ['RP', 'SC', 'C', 'ADM', 'TD', 'HL'];

/** How the pages name each process (SPEC §3 report type codes; HL raises the Waitlist group). */
export const PROCESS_LABELS: Record<Process, string> = {
  RP: 'Reprice',
  SC: 'Reschedule',
  C: 'Segment removal',
  ADM: 'Churning',
  TD: 'Ticketing due',
  CW: 'Waitlist queue',
  HL: 'Waitlist (class available)',
};

export const subscriptionMessages = {
  idInvalid: 'Should be a positive whole number',
  oneTarget: 'Give exactly one of branchId or agentId',
  repeated: 'This item names the same subscription as an earlier one',
  tooMany: `Send at most ${MAX_SUBSCRIPTION_ITEMS} items at once`,
  notAList: 'Send a list of items',
  branchOutside: 'You may not change the subscriptions of that branch.',
  agentOutside: 'You may not change the subscriptions of that agent.',
} as const;

const Id = z
  .number({ error: subscriptionMessages.idInvalid })
  .int(subscriptionMessages.idInvalid)
  .positive(subscriptionMessages.idInvalid)
  .max(Number.MAX_SAFE_INTEGER, subscriptionMessages.idInvalid);

/** One subscription as the table reads it: a branch-wide one has no agent. */
export const SubscriptionRow = z.object({
  branchId: z.number().int(),
  agentId: z.number().int().optional(),
  process: Process,
  media: Media,
});
export type SubscriptionRow = z.infer<typeof SubscriptionRow>;

export const SubscriptionBranch = z.object({
  name: z.string(),
  pcc: z.string(),
  /** The processes the branch's process settings run; the others cannot be ticked. */
  activeProcesses: z.array(Process),
  /** Whether the caller may change the branch's branch-wide subscriptions. */
  managed: z.boolean(),
});
export type SubscriptionBranch = z.infer<typeof SubscriptionBranch>;

export const SubscriptionAgent = z.object({
  name: z.string(),
  initials: z.string(),
  branchId: z.number().int(),
});
export type SubscriptionAgent = z.infer<typeof SubscriptionAgent>;

/** `GET xapi/user/subscriptions`: the rows and the lookup of branches and agents by id. */
export const SubscriptionSettings = z.object({
  rows: z.array(SubscriptionRow),
  branches: z.record(z.string(), SubscriptionBranch),
  agents: z.record(z.string(), SubscriptionAgent),
  /** The caller's own agent identity, whose rows are their own channels; null without one. */
  ownAgentId: z.number().int().nullable(),
});
export type SubscriptionSettings = z.infer<typeof SubscriptionSettings>;

/** One change: a process by a medium for a branch (branch-wide) or for one agent. */
export const SubscriptionUpdateItem = z
  .object({
    process: Process,
    branchId: Id.optional(),
    agentId: Id.optional(),
    media: Media,
    action: SubscriptionAction,
  })
  .refine((item) => (item.branchId === undefined) !== (item.agentId === undefined), {
    message: subscriptionMessages.oneTarget,
    path: ['branchId'],
  });
export type SubscriptionUpdateItem = z.infer<typeof SubscriptionUpdateItem>;

/** Which subscription an item or row names, whatever it does to it. */
export const subscriptionKeyOf = (item: {
  process: Process;
  media: Media;
  branchId?: number | undefined;
  agentId?: number | undefined;
}) =>
  item.agentId === undefined
    ? `branch:${item.branchId}:${item.process}:${item.media}`
    : `agent:${item.agentId}:${item.process}:${item.media}`;

/** `PUT xapi/user/subscriptions`: the list of items, each naming a subscription once. */
export const SubscriptionUpdate = z
  .array(SubscriptionUpdateItem, { error: subscriptionMessages.notAList })
  .max(MAX_SUBSCRIPTION_ITEMS, subscriptionMessages.tooMany)
  .superRefine((items, context) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const key = subscriptionKeyOf(item);
      if (seen.has(key)) {
        context.addIssue({ code: 'custom', message: subscriptionMessages.repeated, path: [index] });
      }
      seen.add(key);
    });
  });
export type SubscriptionUpdate = z.infer<typeof SubscriptionUpdate>;

export const SubscriptionUpdateResult = z.object({
  ok: z.literal(true),
  /** How many subscriptions were made or removed; 0 when every item was already so. */
  changed: z.number().int(),
});
export type SubscriptionUpdateResult = z.infer<typeof SubscriptionUpdateResult>;

export const SubscriptionAgentsQuery = z.object({
  branchId: z.coerce
    .number({ error: subscriptionMessages.idInvalid })
    .int(subscriptionMessages.idInvalid)
    .positive(subscriptionMessages.idInvalid)
    .max(Number.MAX_SAFE_INTEGER, subscriptionMessages.idInvalid),
});

export const SubscribableAgent = z.object({
  id: z.number().int(),
  name: z.string(),
  initials: z.string(),
});
export type SubscribableAgent = z.infer<typeof SubscribableAgent>;
