import type { AgencyItem, AgentItem, BranchItem } from '@smt/shared';

/** Listed items as a select's choices, by id; none while the list is not read yet. */
export const choicesOf = <Item extends { id: number }>(
  items: readonly Item[] | undefined,
  labelOf: (item: Item) => string,
): { value: string; label: string }[] =>
  (items ?? []).map((item) => ({ value: String(item.id), label: labelOf(item) }));

/** An agency in a select: its name. */
export const agencyLabel = (agency: AgencyItem) => agency.name;

/** A branch in a select: its PCC first, as the lists show it. */
export const branchLabel = (branch: BranchItem) => `${branch.pcc} – ${branch.name}`;

/** An agent in a select: initials and name. */
export const agentLabel = (agent: AgentItem) => `${agent.initials} – ${agent.name}`;
