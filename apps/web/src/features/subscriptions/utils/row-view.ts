import type { Process, SubscriptionAgent, SubscriptionSettings } from '@smt/shared';
import type { SubscriptionTableRow } from './subscription-rows';
import { subscriptionTexts } from './subscription-texts';

/** How a table row reads and what may be done with it. */
export type RowView = {
  name: string;
  detail: string;
  /** A branch-wide row of a branch the caller does not manage is only shown. */
  editable: boolean;
  isActive: (process: Process) => boolean;
};

export type AgentLookup = Record<string, SubscriptionAgent>;

export function rowViewOf(
  row: SubscriptionTableRow,
  settings: SubscriptionSettings,
  agents: AgentLookup,
): RowView {
  const branch = settings.branches[row.branchId];
  const active = new Set<Process>(branch?.activeProcesses ?? []);
  const isActive = (process: Process) => active.has(process);
  const pcc = branch?.pcc ?? String(row.branchId);
  if (row.level === 'BRANCH') {
    return {
      name: branch ? `${branch.name} (${branch.pcc})` : pcc,
      detail: branch?.managed ? subscriptionTexts.branchWide : subscriptionTexts.readOnly,
      editable: branch?.managed ?? false,
      isActive,
    };
  }
  const agent = row.agentId === undefined ? undefined : agents[row.agentId];
  return {
    name: agent ? `${agent.name} (${agent.initials})` : String(row.agentId),
    detail: `${subscriptionTexts.agent} · ${pcc}`,
    editable: true,
    isActive,
  };
}
