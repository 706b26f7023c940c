import { useAgencies } from '@/features/organisation-filter/api/list-agencies';
import { useAgents } from '@/features/organisation-filter/api/list-agents';
import { useBranches } from '@/features/organisation-filter/api/list-branches';
import {
  soleParentId,
  type OrganisationLists,
} from '@/features/organisation-filter/utils/organisation-cascade';
import type { OrganisationSelection } from '@/features/organisation-filter/utils/organisation-selection';

/**
 * The three lists behind the filter, each loaded once the level above comes down to one item.
 * The filter and whoever turns its selection into a scope read the same cached lists.
 */
export function useOrganisationLists(value: OrganisationSelection) {
  const agencies = useAgencies();
  const agencyId = soleParentId(value.agencyIds, agencies.data);
  const branches = useBranches(agencyId);
  const branchId = agencyId === null ? null : soleParentId(value.branchIds, branches.data);
  const agents = useAgents(branchId);

  const lists = {
    agencies: agencies.data,
    branches: agencyId === null ? undefined : branches.data,
    agents: branchId === null ? undefined : agents.data,
  } satisfies OrganisationLists;
  return { agencies, branches, agents, agencyId, branchId, lists };
}
