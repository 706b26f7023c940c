// The notifications screen keeps whose notifications it shows in the query string's `filter`
// (SPEC §2.4): the Me/All mode, then the selected agencies (a), branches (b) and agents (g),
// each a dot-separated id list: `all`, `me`, `all_a3`, `all_a3_b7.8_g12`. Only characters that
// URLs carry unescaped, so a shared link stays readable.

export type CentreMode = 'me' | 'all';

export type CentreFilterState = {
  mode: CentreMode;
  agencyIds: number[];
  branchIds: number[];
  agentIds: number[];
};

export const DEFAULT_CENTRE_FILTER: CentreFilterState = {
  mode: 'all',
  agencyIds: [],
  branchIds: [],
  agentIds: [],
};

// No list call takes more ids than this (IdList in the shared schemas).
const MAX_IDS = 500;
const IDS = String.raw`\d{1,16}(?:\.\d{1,16})*`;
const PATTERN = new RegExp(`^(me|all)(?:_a(${IDS}))?(?:_b(${IDS}))?(?:_g(${IDS}))?$`);

function idsOf(part: string | undefined): number[] | null {
  if (part === undefined) return [];
  const ids = part.split('.').map(Number);
  if (ids.length > MAX_IDS) return null;
  if (!ids.every((id) => Number.isSafeInteger(id) && id > 0)) return null;
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** The state a `filter` value stands for; anything malformed is the default, never an error. */
export function parseCentreFilter(raw: string | null): CentreFilterState {
  if (raw === null) return DEFAULT_CENTRE_FILTER;
  const match = PATTERN.exec(raw);
  if (!match) return DEFAULT_CENTRE_FILTER;
  const [, mode, agencies, branches, agents] = match;
  const agencyIds = idsOf(agencies);
  const branchIds = idsOf(branches);
  const agentIds = idsOf(agents);
  if (!agencyIds || !branchIds || !agentIds) return DEFAULT_CENTRE_FILTER;
  return { mode: mode === 'me' ? 'me' : 'all', agencyIds, branchIds, agentIds };
}

/** The `filter` value of a state; `null` for the default, which the URL leaves out. */
export function encodeCentreFilter(state: CentreFilterState): string | null {
  const part = (prefix: string, ids: readonly number[]) => {
    const unique = [...new Set(ids)].sort((a, b) => a - b);
    return unique.length > 0 ? `_${prefix}${unique.join('.')}` : '';
  };
  const encoded = `${state.mode}${part('a', state.agencyIds)}${part('b', state.branchIds)}${part('g', state.agentIds)}`;
  return encoded === DEFAULT_CENTRE_FILTER.mode ? null : encoded;
}
