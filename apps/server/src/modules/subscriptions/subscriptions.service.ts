import {
  SUBSCRIPTION_PROCESSES,
  subscriptionMessages,
  type SubscribableAgent,
  type SubscriptionSettings,
  type SubscriptionUpdateItem,
} from '@smt/shared';
import type { Db } from '@/db/client';
import type { Scope } from '@/db/scope';
import type { Clock } from '@/lib/clock';
import { auditChange, type Actor } from '@/modules/audit';
import { fail } from './subscriptions.errors';
import * as repo from './subscriptions.repository';

// The rules of the notification-types settings: a caller sees and changes the branch-wide
// subscriptions of the branches they run and the agent-level ones of the agents they run (an
// agent: their own), and reads the branch-wide ones of their own branch. A save applies its
// items in one transaction, all or nothing, and audits each subscription it made or removed.

export type Caller = Actor & { scope: Scope; agentId: number | null };

export function createSubscriptions(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  return {
    async settingsOf(caller: Caller): Promise<SubscriptionSettings> {
      const { scope } = caller;
      const [stored, branchList] = await Promise.all([
        repo.selectVisibleSubscriptions(db, scope),
        repo.selectBranchesInScope(db, scope),
      ]);
      // A process the table has no column for could neither be seen nor removed there.
      const rows = stored.filter((row) => SUBSCRIPTION_PROCESSES.includes(row.process));
      const [ownAgent] =
        caller.agentId === null
          ? []
          : await repo.selectEditableAgents(db, scope, { ids: [caller.agentId] });
      const agentIds = new Set(rows.flatMap((row) => (row.agentId === null ? [] : [row.agentId])));
      if (ownAgent) agentIds.add(ownAgent.id);
      const agentList = await repo.selectAgentsById(db, [...agentIds]);
      const active = await repo.selectActiveProcesses(
        db,
        branchList.map((branch) => branch.id),
        SUBSCRIPTION_PROCESSES,
      );
      const managed = repo.managesBranches(scope);
      return {
        rows: rows.map(({ agentId, ...row }) => (agentId === null ? row : { ...row, agentId })),
        branches: Object.fromEntries(
          branchList.map((branch) => [
            String(branch.id),
            {
              name: branch.name,
              pcc: branch.pcc,
              activeProcesses: active.get(branch.id) ?? [],
              managed,
            },
          ]),
        ),
        agents: Object.fromEntries(
          agentList.map(({ id, name, initials, branchId }) => [
            String(id),
            { name, initials, branchId },
          ]),
        ),
        ownAgentId: ownAgent?.id ?? null,
      };
    },

    async agentsOf(caller: Caller, branchId: number): Promise<SubscribableAgent[]> {
      const agents = await repo.selectEditableAgents(db, caller.scope, { branchId });
      return agents.map(({ id, name, initials }) => ({ id, name, initials }));
    },

    /** Applies the items; answers how many subscriptions were made or removed. */
    async update(caller: Caller, items: SubscriptionUpdateItem[]): Promise<number> {
      const { scope } = caller;
      const branchIds = [...new Set(items.flatMap((item) => item.branchId ?? []))];
      const agentIds = [...new Set(items.flatMap((item) => item.agentId ?? []))];

      // Every target is checked before anything is written: one outside the scope refuses all.
      if (branchIds.length > 0) {
        const managed = repo.managesBranches(scope)
          ? new Set((await repo.selectBranchesInScope(db, scope)).map((branch) => branch.id))
          : new Set<number>();
        if (branchIds.some((id) => !managed.has(id))) {
          throw fail('subscriptions.branch-outside', subscriptionMessages.branchOutside);
        }
      }
      const branchOfAgent = new Map(
        (await repo.selectEditableAgents(db, scope, { ids: agentIds })).map((agent) => [
          agent.id,
          agent.branchId,
        ]),
      );
      if (agentIds.some((id) => !branchOfAgent.has(id))) {
        throw fail('subscriptions.agent-outside', subscriptionMessages.agentOutside);
      }

      return db.transaction(async (tx) => {
        const now = clock.now();
        let changed = 0;
        for (const item of items) {
          const target: repo.SubscriptionTarget =
            item.agentId === undefined
              ? {
                  branchId: item.branchId!,
                  agentId: null,
                  process: item.process,
                  media: item.media,
                }
              : {
                  branchId: branchOfAgent.get(item.agentId)!,
                  agentId: item.agentId,
                  process: item.process,
                  media: item.media,
                };
          const done =
            item.action === 'ENABLE'
              ? await repo.insertSubscription(tx, target, now)
              : await repo.deleteSubscription(tx, target);
          if (!done) continue;
          changed += 1;
          await auditChange(tx, caller, {
            action: item.action === 'ENABLE' ? 'subscription.enable' : 'subscription.disable',
            entityType: target.agentId === null ? 'branch' : 'agent',
            entityId: target.agentId ?? target.branchId,
            details: { process: item.process, media: item.media, branchId: target.branchId },
          });
        }
        return changed;
      });
    },
  };
}
