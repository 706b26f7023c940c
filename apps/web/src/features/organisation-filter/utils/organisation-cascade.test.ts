import { describe, expect, it } from 'vitest';
import {
  isAllSelected,
  isSomeSelected,
  normaliseIds,
  parentsOf,
  selectAt,
  soleParentId,
} from '@/features/organisation-filter/utils/organisation-cascade';

const items = (...ids: number[]) => ids.map((id) => ({ id }));
const chosen = { agencyIds: [1], branchIds: [10, 11], agentIds: [100] };

describe('selectAt', () => {
  it('should reset branches and agents when the agencies change', () => {
    expect(selectAt(chosen, 'Agency', [2], items(1, 2, 3))).toEqual({
      agencyIds: [2],
      branchIds: [],
      agentIds: [],
    });
  });

  it('should reset agents and keep agencies when the branches change', () => {
    expect(selectAt(chosen, 'Branch', [12], items(10, 11, 12))).toEqual({
      agencyIds: [1],
      branchIds: [12],
      agentIds: [],
    });
  });

  it('should keep the levels above when the agents change', () => {
    expect(selectAt(chosen, 'Agent', [100, 101], items(100, 101, 102))).toEqual({
      agencyIds: [1],
      branchIds: [10, 11],
      agentIds: [100, 101],
    });
  });

  it('should read as all when every item is ticked', () => {
    expect(selectAt(chosen, 'Agent', [101, 100], items(100, 101)).agentIds).toEqual([]);
  });
});

describe('normaliseIds', () => {
  it('should drop unknown and repeated ids when keeping a choice', () => {
    expect(normaliseIds([3, 99, 3, 1], items(1, 2, 3))).toEqual([1, 3]);
  });
});

describe('isAllSelected', () => {
  it('should count every item as selected when nothing is selected', () => {
    expect(isAllSelected([], items(1, 2))).toBe(true);
    expect(isAllSelected([], undefined)).toBe(true);
  });

  it('should count every item as selected when each one is ticked', () => {
    expect(isAllSelected([2, 1], items(1, 2))).toBe(true);
  });

  it('should be some but not all when part of the list is selected', () => {
    expect(isSomeSelected([1], items(1, 2))).toBe(true);
    expect(isSomeSelected([1], undefined)).toBe(true);
  });
});

describe('soleParentId', () => {
  it('should load the children of the one selected item when exactly one is selected', () => {
    expect(soleParentId([2], items(1, 2))).toBe(2);
  });

  it('should load the children of the only item when there is only one to choose from', () => {
    expect(soleParentId([], items(7))).toBe(7);
  });

  it('should load nothing when several or none of several are selected', () => {
    expect(soleParentId([1, 2], items(1, 2, 3))).toBeNull();
    expect(soleParentId([], items(1, 2))).toBeNull();
  });

  it('should load nothing when the list is not there or does not hold the id', () => {
    expect(soleParentId([1], undefined)).toBeNull();
    expect(soleParentId([9], items(1, 2))).toBeNull();
  });
});

describe('parentsOf', () => {
  it('should load agents of the one branch when one agency and one branch remain', () => {
    expect(
      parentsOf(
        { agencyIds: [1], branchIds: [11], agentIds: [] },
        { agencies: items(1, 2), branches: items(10, 11) },
      ),
    ).toEqual({ agencyId: 1, branchId: 11 });
  });

  it('should leave branches and agents closed when several agencies remain', () => {
    expect(
      parentsOf(
        { agencyIds: [], branchIds: [], agentIds: [] },
        { agencies: items(1, 2), branches: items(10) },
      ),
    ).toEqual({ agencyId: null, branchId: null });
  });

  it('should open every level when the scope holds one agency with one branch', () => {
    expect(
      parentsOf(
        { agencyIds: [], branchIds: [], agentIds: [] },
        { agencies: items(1), branches: items(10) },
      ),
    ).toEqual({ agencyId: 1, branchId: 10 });
  });
});
