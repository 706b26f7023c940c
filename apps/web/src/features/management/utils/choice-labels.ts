import type { AgentItem, BranchItem } from '@smt/shared';

/** A branch in a select: its PCC first, as the lists show it. */
export const branchLabel = (branch: BranchItem) => `${branch.pcc} – ${branch.name}`;

/** An agent in a select: initials and name. */
export const agentLabel = (agent: AgentItem) => `${agent.initials} – ${agent.name}`;
