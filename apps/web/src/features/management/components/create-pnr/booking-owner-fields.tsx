import Stack from '@mui/material/Stack';
import { useAgencyChoices } from '@/features/management/api/list-agency-choices';
import { useAgentChoices } from '@/features/management/api/list-agent-choices';
import { useBranchChoices } from '@/features/management/api/list-branch-choices';
import { agentLabel, branchLabel } from '@/features/management/utils/choice-labels';
import { managementTexts } from '@/features/management/utils/management-texts';
import { ChoiceSelect } from '../choice-select';

export type BookingOwner = { agencyId: string; branchId: string; agentId: string };

type BookingOwnerFieldsProps = {
  value: BookingOwner;
  onChange: (owner: BookingOwner) => void;
  onBlur: (field: keyof BookingOwner) => void;
  errorOf: (field: keyof BookingOwner) => string | undefined;
};

const idOf = (value: string) => (value === '' ? null : Number(value));

/**
 * The agent the booking is made for, reached through its agency and branch; choosing higher
 * up clears what was chosen below it.
 */
export function BookingOwnerFields({ value, onChange, onBlur, errorOf }: BookingOwnerFieldsProps) {
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
        choices={(branches.data ?? []).map((branch) => ({
          value: String(branch.id),
          label: branchLabel(branch),
        }))}
        onChange={(next) => onChange({ ...value, branchId: next, agentId: '' })}
        onBlur={() => onBlur('branchId')}
        required
        disabled={agencyId === null}
        loading={agencyId !== null && branches.isPending}
        failed={branches.isError}
        error={errorOf('branchId')}
      />
      <ChoiceSelect
        label={managementTexts.agent}
        name="agentId"
        value={value.agentId}
        choices={(agents.data ?? []).map((agent) => ({
          value: String(agent.id),
          label: agentLabel(agent),
        }))}
        onChange={(next) => onChange({ ...value, agentId: next })}
        onBlur={() => onBlur('agentId')}
        required
        disabled={branchId === null}
        loading={branchId !== null && agents.isPending}
        failed={agents.isError}
        error={errorOf('agentId')}
      />
    </Stack>
  );
}
