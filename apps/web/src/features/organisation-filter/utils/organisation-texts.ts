import type { AgencyItem, AgentItem, BranchItem } from '@smt/shared';

// The organisation filter's own words (the menu names are SPEC §2.6's).
export const ORGANISATION_TEXTS = {
  filter: 'Organisation filter',
  agencies: 'Agencies',
  branches: 'Branches',
  agents: 'Agents',
  all: 'All',
  chooseOneAgency: 'Choose one agency to list its branches',
  chooseOneBranch: 'Choose one branch to list its agents',
  loadFailed: "Can't load the list.",
  tryAgain: 'Try again',
  browseMode: 'Browse mode',
  me: 'Me',
  allMode: 'All',
  more: (count: number) => `+${count}`,
} as const;

export const agencyLabel = (agency: AgencyItem) => agency.name;
export const branchLabel = (branch: BranchItem) => `${branch.pcc} · ${branch.name}`;
export const agentLabel = (agent: AgentItem) => `${agent.name} (${agent.initials})`;
