import type { OrganisationLevel } from '@smt/shared';
import type { OrganisationSelection } from '@/features/organisation-filter/utils/organisation-selection';

// The organisation filter's cascade (SPEC §4): each level narrows the one below it.

type Item = { id: number };

/** What each menu offers; `undefined` while its list is not loaded (or cannot be yet). */
export type OrganisationLists = {
  agencies?: readonly Item[];
  branches?: readonly Item[];
  agents?: readonly Item[];
};

export const EMPTY_SELECTION: OrganisationSelection = {
  agencyIds: [],
  branchIds: [],
  agentIds: [],
};

/** No selection means every item counts as selected, and so does ticking every one. */
export function isAllSelected(selected: readonly number[], items: readonly Item[] | undefined) {
  if (selected.length === 0) return true;
  return items !== undefined && items.every((item) => selected.includes(item.id));
}

/** Some but not all: the level narrows what is shown. */
export function isSomeSelected(selected: readonly number[], items: readonly Item[] | undefined) {
  return !isAllSelected(selected, items);
}

/**
 * The item whose children the level below lists: the only one selected, or the only one there
 * is to choose from. `null` leaves the level below disabled. An id the list does not hold (a
 * stale link) is never asked about.
 */
export function soleParentId(
  selected: readonly number[],
  items: readonly Item[] | undefined,
): number | null {
  if (items === undefined) return null;
  if (selected.length === 1) {
    const [id] = selected;
    return items.some((item) => item.id === id) ? (id ?? null) : null;
  }
  if (selected.length === 0 && items.length === 1) return items[0]?.id ?? null;
  return null;
}

/** The ids to keep at a level: known ones, once each; every item ticked collapses to 'All'. */
export function normaliseIds(ids: readonly number[], items: readonly Item[]): number[] {
  const known = items.filter((item) => ids.includes(item.id)).map((item) => item.id);
  return known.length === items.length ? [] : known;
}

/** A new choice at one level; the levels below it start again from 'All'. */
export function selectAt(
  value: OrganisationSelection,
  level: OrganisationLevel,
  ids: readonly number[],
  items: readonly Item[],
): OrganisationSelection {
  const chosen = normaliseIds(ids, items);
  switch (level) {
    case 'Agency':
      return { agencyIds: chosen, branchIds: [], agentIds: [] };
    case 'Branch':
      return { ...value, branchIds: chosen, agentIds: [] };
    case 'Agent':
      return { ...value, agentIds: chosen };
  }
}

/** Whose children load below each level, given what is selected and loaded. */
export function parentsOf(value: OrganisationSelection, lists: OrganisationLists) {
  const agencyId = soleParentId(value.agencyIds, lists.agencies);
  const branchId = agencyId === null ? null : soleParentId(value.branchIds, lists.branches);
  return { agencyId, branchId };
}
