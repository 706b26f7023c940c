import type { OrganisationLevel } from '@smt/shared';
import type { OrganisationSelection } from '@/features/organisation-filter/utils/organisation-selection';
import {
  isSomeSelected,
  type OrganisationLists,
} from '@/features/organisation-filter/utils/organisation-cascade';

/** Whose home data to read: a level and its ids (none: the caller's whole scope). */
export type HomeScope = { type: OrganisationLevel; ids: number[] };

/**
 * SPEC §4: Agent if some but not all agents are selected, else Branch if some but not all
 * branches, else Agency with the selected agencies.
 */
export function homeScopeOf(selection: OrganisationSelection, lists: OrganisationLists): HomeScope {
  if (isSomeSelected(selection.agentIds, lists.agents)) {
    return { type: 'Agent', ids: [...selection.agentIds] };
  }
  if (isSomeSelected(selection.branchIds, lists.branches)) {
    return { type: 'Branch', ids: [...selection.branchIds] };
  }
  return { type: 'Agency', ids: [...selection.agencyIds] };
}
