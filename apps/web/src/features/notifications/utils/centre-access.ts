import type { UserClass } from '@smt/shared';
import type { CentreFilterState } from './centre-filter-param';
import type { CentreListFilter } from './centre-list-query';

/** Which controls the notifications screen shows a user class (SPEC §6). */
export type CentreControls = {
  /** The Me/All toggle. */
  modeToggle: boolean;
  organisationFilter: 'hidden' | 'enabled' | 'disabled';
};

function isManagerClass(userClass: UserClass): boolean {
  return userClass === 'Manager' || userClass === 'ManagerWithMultiAgentAccess';
}

export function centreControlsOf(userClass: UserClass, state: CentreFilterState): CentreControls {
  if (isManagerClass(userClass)) {
    return {
      modeToggle: true,
      organisationFilter: state.mode === 'me' ? 'disabled' : 'enabled',
    };
  }
  return {
    modeToggle: false,
    organisationFilter: userClass === 'AgentWithMultiAgentAccess' ? 'enabled' : 'hidden',
  };
}

/**
 * Whose notifications the lists and counters read (SPEC §6): an agent their own; an agent with
 * multi-agent access the chosen agents (their own when none is chosen); a manager their own in
 * Me mode, else their whole scope narrowed by the finest level they chose.
 */
export function centreListFilterOf(
  userClass: UserClass,
  state: CentreFilterState,
): CentreListFilter {
  switch (userClass) {
    case 'Agent':
      return { fetchType: 'personal' };
    case 'AgentWithMultiAgentAccess':
      return state.agentIds.length > 0
        ? { fetchType: 'personal', agentIds: state.agentIds }
        : { fetchType: 'personal' };
    case 'Manager':
    case 'ManagerWithMultiAgentAccess':
      if (state.mode === 'me') return { fetchType: 'personal' };
      if (state.agentIds.length > 0) return { fetchType: 'all', agentIds: state.agentIds };
      if (state.branchIds.length > 0) return { fetchType: 'all', branchIds: state.branchIds };
      if (state.agencyIds.length > 0) return { fetchType: 'all', agencyIds: state.agencyIds };
      return { fetchType: 'all' };
  }
}
