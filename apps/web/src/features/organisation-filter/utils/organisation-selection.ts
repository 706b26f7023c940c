/** The ids chosen at each level of the organisation filter; an empty list means 'All'. */
export type OrganisationSelection = {
  agencyIds: number[];
  branchIds: number[];
  agentIds: number[];
};
