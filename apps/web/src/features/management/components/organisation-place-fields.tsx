import Stack from '@mui/material/Stack';
import { useAgencyChoices } from '@/features/management/api/list-agency-choices';
import { useAgentChoices } from '@/features/management/api/list-agent-choices';
import { useBranchChoices } from '@/features/management/api/list-branch-choices';
import { agentLabel, branchLabel } from '@/features/management/utils/choice-labels';
import { managementTexts } from '@/features/management/utils/management-texts';
import { ChoiceSelect } from './choice-select';

export type OrganisationPlace = { agencyId: string; branchId: string; agentId: string };

type OrganisationPlaceFieldsProps = {
  value: OrganisationPlace;
  onChange: (place: OrganisationPlace) => void;
  onBlur: (field: keyof OrganisationPlace) => void;
  errorOf: (field: keyof OrganisationPlace) => string | undefined;
  /** An agent must be chosen (a booking's owner), not only an agency (a user's place). */
  agentRequired?: boolean;
};

const idOf = (value: string) => (value === '' ? null : Number(value));

/**
 * A place in the organisation: an agency, then one of its branches, then one of its agents
 * (the branch and agent optional unless `agentRequired`). Choosing higher up clears what was
 * chosen below it.
 */
export function OrganisationPlaceFields({
  value,
  onChange,
  onBlur,
  errorOf,
  agentRequired = false,
}: OrganisationPlaceFieldsProps) {
  const optional = agentRequired ? { required: true } : { emptyLabel: managementTexts.none };
  const agencyId = idOf(value.agencyId);
  const branchId = idOf(value.branchId);
  const agencies = useAgencyChoices();
  const branches = useBranchChoices(agencyId, agencyId !== null);
  const agents = useAgentChoices(branchId);

  return (
    <Stack spacing={2}>
      <ChoiceSelect
        label={managementTexts.agency}
        name="agencyId"
        value={value.agencyId}
        choices={(agencies.data ?? []).map((agency) => ({
          value: String(agency.id),
          label: agency.name,
        }))}
        onChange={(next) => onChange({ agencyId: next, branchId: '', agentId: '' })}
        onBlur={() => onBlur('agencyId')}
        required
        loading={agencies.isPending}
        failed={agencies.isError}
        error={errorOf('agencyId')}
      />
      <ChoiceSelect
        label={managementTexts.branch}
        name="branchId"
        value={value.branchId}
        {...optional}
        choices={(branches.data ?? []).map((branch) => ({
          value: String(branch.id),
          label: branchLabel(branch),
        }))}
        onChange={(next) => onChange({ ...value, branchId: next, agentId: '' })}
        onBlur={() => onBlur('branchId')}
        disabled={agencyId === null}
        loading={agencyId !== null && branches.isPending}
        failed={branches.isError}
        error={errorOf('branchId')}
      />
      <ChoiceSelect
        label={managementTexts.agent}
        name="agentId"
        value={value.agentId}
        {...optional}
        choices={(agents.data ?? []).map((agent) => ({
          value: String(agent.id),
          label: agentLabel(agent),
        }))}
        onChange={(next) => onChange({ ...value, agentId: next })}
        onBlur={() => onBlur('agentId')}
        disabled={branchId === null}
        loading={branchId !== null && agents.isPending}
        failed={agents.isError}
        error={errorOf('agentId')}
      />
    </Stack>
  );
}
