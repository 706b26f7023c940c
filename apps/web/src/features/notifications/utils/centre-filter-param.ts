import {
  encodeOrganisationIds,
  NO_ORGANISATION,
  parseOrganisationIds,
} from '@/lib/organisation-ids-param';

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

const PATTERN = /^(me|all)(?:_(.+))?$/;

/** The state a `filter` value stands for; anything malformed is the default, never an error. */
export function parseCentreFilter(raw: string | null): CentreFilterState {
  const match = raw === null ? null : PATTERN.exec(raw);
  if (!match) return DEFAULT_CENTRE_FILTER;
  const [, mode, selection] = match;
  const ids = selection === undefined ? NO_ORGANISATION : parseOrganisationIds(selection);
  if (!ids) return DEFAULT_CENTRE_FILTER;
  return { mode: mode === 'me' ? 'me' : 'all', ...ids };
}

/** The `filter` value of a state; `null` for the default, which the URL leaves out. */
export function encodeCentreFilter(state: CentreFilterState): string | null {
  const selection = encodeOrganisationIds(state);
  const encoded = selection === null ? state.mode : `${state.mode}_${selection}`;
  return encoded === DEFAULT_CENTRE_FILTER.mode ? null : encoded;
}
