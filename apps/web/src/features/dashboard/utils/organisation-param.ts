// The organisation selection in the dashboard's `org` query parameter: the selected agencies
// (a), branches (b) and agents (g), each a dot-separated id list, e.g. `a3_b7.8_g12`. Left out
// when nothing is selected.

/** The ids chosen at each level; an empty list means 'All' (the organisation filter's shape). */
export type OrganisationIds = {
  agencyIds: number[];
  branchIds: number[];
  agentIds: number[];
};

export const NO_ORGANISATION: OrganisationIds = { agencyIds: [], branchIds: [], agentIds: [] };

// No dashboard call takes more ids than this (IdList in the shared schemas).
const MAX_IDS = 500;
const IDS = String.raw`\d{1,16}(?:\.\d{1,16})*`;
const PATTERN = new RegExp(`^(?:a(${IDS}))?(?:_?b(${IDS}))?(?:_?g(${IDS}))?$`);

function idsOf(part: string | undefined): number[] | null {
  if (part === undefined) return [];
  const ids = part.split('.').map(Number);
  if (ids.length > MAX_IDS) return null;
  if (!ids.every((id) => Number.isSafeInteger(id) && id > 0)) return null;
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** The selection an `org` value stands for; anything malformed is no selection. */
export function parseOrganisationParam(raw: string | null): OrganisationIds {
  if (raw === null) return NO_ORGANISATION;
  const match = PATTERN.exec(raw);
  if (!match) return NO_ORGANISATION;
  const agencyIds = idsOf(match[1]);
  const branchIds = idsOf(match[2]);
  const agentIds = idsOf(match[3]);
  if (!agencyIds || !branchIds || !agentIds) return NO_ORGANISATION;
  return { agencyIds, branchIds, agentIds };
}

/** The `org` value of a selection; `null` when nothing is selected. */
export function encodeOrganisationParam(value: OrganisationIds): string | null {
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
