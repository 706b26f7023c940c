// Interface agreed between home, the notification centre and the organisation filter; being
// written now.
export type OrganisationSelection = {
  agencyIds: number[];
  branchIds: number[];
  agentIds: number[];
};

export type OrganisationFilterProps = {
  value: OrganisationSelection;
  onChange: (next: OrganisationSelection) => void;
  disabled?: boolean;
};

export function OrganisationFilter(_props: OrganisationFilterProps) {
  return null;
}
