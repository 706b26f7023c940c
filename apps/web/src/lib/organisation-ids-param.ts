// The organisation selection as it stands in a query string: the selected agencies (a),
// branches (b) and agents (g), each a dot-separated id list, joined by '_': `a3_b7.8_g12`.
// Only characters URLs carry unescaped, so a shared link stays readable. The notifications
// screen's `filter` and the dashboard's `org` both write it.

/** The ids chosen at each level; an empty list means 'All'. */
export type OrganisationIds = {
  agencyIds: number[];
  branchIds: number[];
  agentIds: number[];
};

export const NO_ORGANISATION: OrganisationIds = { agencyIds: [], branchIds: [], agentIds: [] };

// No call takes more ids than this (IdList in the shared schemas).
const MAX_IDS = 500;
const PART = /^([abg])(\d{1,16}(?:\.\d{1,16})*)$/;
const LEVELS = ['a', 'b', 'g'] as const;

function idsOf(list: string): number[] | null {
  const ids = list.split('.').map(Number);
  if (ids.length > MAX_IDS) return null;
  if (!ids.every((id) => Number.isSafeInteger(id) && id > 0)) return null;
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** The selection a value stands for, or null when it is malformed (levels out of order too). */
export function parseOrganisationIds(raw: string): OrganisationIds | null {
  const found: Record<(typeof LEVELS)[number], number[]> = { a: [], b: [], g: [] };
  let last = -1;
  for (const part of raw.split('_')) {
    const match = PART.exec(part);
    if (!match) return null;
    const key = match[1] as (typeof LEVELS)[number];
    const level = LEVELS.indexOf(key);
    const ids = idsOf(match[2] ?? '');
    if (level <= last || !ids) return null;
    found[key] = ids;
    last = level;
  }
  return { agencyIds: found.a, branchIds: found.b, agentIds: found.g };
}

/** The value of a selection; null when nothing is selected. */
export function encodeOrganisationIds(value: OrganisationIds): string | null {
  const part = (prefix: string, ids: readonly number[]) => {
    const unique = [...new Set(ids)].sort((a, b) => a - b);
    return unique.length > 0 ? `${prefix}${unique.join('.')}` : null;
  };
  const parts = [
    part('a', value.agencyIds),
    part('b', value.branchIds),
    part('g', value.agentIds),
  ].filter((each) => each !== null);
  return parts.length > 0 ? parts.join('_') : null;
}
