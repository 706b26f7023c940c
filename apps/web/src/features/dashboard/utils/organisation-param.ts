import {
  encodeOrganisationIds,
  NO_ORGANISATION,
  parseOrganisationIds,
  type OrganisationIds,
} from '@/lib/organisation-ids-param';

// The organisation selection in the dashboard's `org` query parameter, e.g. `a3_b7.8_g12`;
// left out when nothing is selected.

export { NO_ORGANISATION, type OrganisationIds };

/** The selection an `org` value stands for; anything malformed is no selection. */
export function parseOrganisationParam(raw: string | null): OrganisationIds {
  return (raw === null ? null : parseOrganisationIds(raw)) ?? NO_ORGANISATION;
}

/** The `org` value of a selection; `null` when nothing is selected. */
export const encodeOrganisationParam = encodeOrganisationIds;
