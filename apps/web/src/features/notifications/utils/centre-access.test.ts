import { describe, expect, it } from 'vitest';
import { centreControlsOf, centreListFilterOf } from './centre-access';
import { DEFAULT_CENTRE_FILTER, type CentreFilterState } from './centre-filter-param';

const chosen: CentreFilterState = {
  mode: 'all',
  agencyIds: [1],
  branchIds: [2, 3],
  agentIds: [4],
};

describe('centre access by user class', () => {
  it('should read the agent own notifications with no controls when the user is an agent', () => {
    expect(centreControlsOf('Agent', chosen)).toEqual({
      modeToggle: false,
      organisationFilter: 'hidden',
    });
    expect(centreListFilterOf('Agent', chosen)).toEqual({ fetchType: 'personal' });
  });

  it('should offer the filter without the toggle when the agent has multi-agent access', () => {
    expect(centreControlsOf('AgentWithMultiAgentAccess', { ...chosen, mode: 'me' })).toEqual({
      modeToggle: false,
      organisationFilter: 'enabled',
    });
  });

  it('should read the chosen agents personally when the multi-agent agent chose some', () => {
    expect(centreListFilterOf('AgentWithMultiAgentAccess', chosen)).toEqual({
      fetchType: 'personal',
      agentIds: [4],
    });
  });

  it('should read the agent own notifications when the multi-agent agent chose no agent', () => {
    expect(centreListFilterOf('AgentWithMultiAgentAccess', { ...chosen, agentIds: [] })).toEqual({
      fetchType: 'personal',
    });
  });

  it.each(['Manager', 'ManagerWithMultiAgentAccess'] as const)(
    'should offer the toggle and an enabled filter when a %s is in All mode',
    (userClass) => {
      expect(centreControlsOf(userClass, chosen)).toEqual({
        modeToggle: true,
        organisationFilter: 'enabled',
      });
    },
  );

  it('should disable the filter and read personally when a manager is in Me mode', () => {
    const me = { ...chosen, mode: 'me' as const };

    expect(centreControlsOf('Manager', me).organisationFilter).toBe('disabled');
    expect(centreListFilterOf('Manager', me)).toEqual({ fetchType: 'personal' });
  });

  it('should narrow by the finest chosen level when a manager is in All mode', () => {
    expect(centreListFilterOf('Manager', chosen)).toEqual({ fetchType: 'all', agentIds: [4] });
    expect(centreListFilterOf('Manager', { ...chosen, agentIds: [] })).toEqual({
      fetchType: 'all',
      branchIds: [2, 3],
    });
    expect(
      centreListFilterOf('ManagerWithMultiAgentAccess', {
        ...chosen,
        agentIds: [],
        branchIds: [],
      }),
    ).toEqual({ fetchType: 'all', agencyIds: [1] });
  });

  it('should read the whole scope when a manager in All mode chose nothing', () => {
    expect(centreListFilterOf('Manager', DEFAULT_CENTRE_FILTER)).toEqual({ fetchType: 'all' });
  });
});
