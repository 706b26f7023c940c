import { AgentCreateBody, ROUTES, type BranchItem, type ManagedAgent } from '@smt/shared';
import type { z } from 'zod';
import type { KindConfig } from '@/components/management/kind-list-page';
import { agentsApi } from '@/features/agents/api/agents-api';
import { branchLabel } from '@/lib/management/choice-labels';
import { useBranchChoices } from '@/lib/management/list-branch-choices';
import { managementTexts } from '@/lib/management/management-texts';

type AgentBody = z.output<typeof AgentCreateBody>;

/** Agents: listed with their initials and branch; the form has the name, initials and branch. */
export const AGENTS: KindConfig<ManagedAgent, AgentBody, BranchItem> = {
  title: ROUTES.agents.title,
  addTitle: ROUTES.addAgent.title,
  searchLabel: managementTexts.searchByNameOrInitials,
  kind: 'Agent',
  plural: 'agents',
  list: agentsApi.listQuery,
  setEnabled: (row, enabled) => agentsApi.updateStatus({ agentId: row.id, enabled }),
  remove: (row) => agentsApi.remove({ agentId: row.id }),
  download: agentsApi.downloadCsv,
  columns: [
    { key: 'initials', label: managementTexts.initials, value: (row) => row.initials },
    { key: 'branch', label: managementTexts.branch, value: (row) => row.pcc },
  ],
  code: { name: 'initials', label: managementTexts.initials },
  parent: {
    name: 'branchId',
    label: managementTexts.branch,
    fixedLabel: (row) => row.pcc,
    // Every branch the caller may see.
    useChoices: (adding) => useBranchChoices(null, adding),
    labelOf: branchLabel,
  },
  schema: AgentCreateBody,
  create: agentsApi.create,
  update: (row, body) => agentsApi.update({ ...body, agentId: row.id }),
};
