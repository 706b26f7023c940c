import { describe, expect, it } from 'vitest';
import { homeScopeOf } from '@/features/organisation-filter/utils/home-scope';

const items = (...ids: number[]) => ids.map((id) => ({ id }));
const lists = { agencies: items(1, 2), branches: items(10, 11), agents: items(100, 101) };

describe('homeScopeOf', () => {
  it('should be the whole scope at agency level when nothing is selected', () => {
    expect(homeScopeOf({ agencyIds: [], branchIds: [], agentIds: [] }, lists)).toEqual({
      type: 'Agency',
      ids: [],
    });
  });

  it('should be the selected agencies when only agencies are chosen', () => {
    expect(homeScopeOf({ agencyIds: [2], branchIds: [], agentIds: [] }, lists)).toEqual({
      type: 'Agency',
      ids: [2],
    });
  });

  it('should be the selected branches when some but not all branches are selected', () => {
    expect(homeScopeOf({ agencyIds: [1], branchIds: [11], agentIds: [] }, lists)).toEqual({
      type: 'Branch',
      ids: [11],
    });
  });

  it('should be the selected agents when some but not all agents are selected', () => {
    expect(homeScopeOf({ agencyIds: [1], branchIds: [11], agentIds: [101] }, lists)).toEqual({
      type: 'Agent',
      ids: [101],
    });
  });

  it('should fall back to branches when every agent is selected', () => {
    expect(homeScopeOf({ agencyIds: [1], branchIds: [10], agentIds: [100, 101] }, lists)).toEqual({
      type: 'Branch',
      ids: [10],
    });
  });

  it('should fall back to the agencies when every branch is selected', () => {
    expect(homeScopeOf({ agencyIds: [1], branchIds: [10, 11], agentIds: [] }, lists)).toEqual({
      type: 'Agency',
      ids: [1],
    });
  });
});
