import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { ROUTES } from '@smt/shared';
import { Link as RouterLink } from 'react-router';
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
  /**
   * How deep the place must go: a booking's owner and an agent user need an agent, a branch
   * manager a branch; other users may stop at the agency.
   */
  depth?: PlaceDepth;
};

export type PlaceDepth = 'agency' | 'branch' | 'agent';

const idOf = (value: string) => (value === '' ? null : Number(value));

/**
 * A place in the organisation: an agency, then one of its branches, then one of its agents,
 * required down to `depth` and optional below it. Choosing higher up clears what was chosen
 * below it. A branch without agents offers to add one, since an agent place needs one.
 */
export function OrganisationPlaceFields({
  value,
  onChange,
  onBlur,
  errorOf,
  depth = 'agency',
}: OrganisationPlaceFieldsProps) {
  const choice = (required: boolean) =>
    required ? { required: true } : { emptyLabel: managementTexts.none };
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
        {...choice(depth !== 'agency')}
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
        {...choice(depth === 'agent')}
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
        hint={
          depth === 'agent' && agents.data?.length === 0 ? (
            <>
              {managementTexts.noAgentsInBranch}{' '}
              <Link component={RouterLink} to={ROUTES.addAgent.path}>
                {ROUTES.addAgent.title}
              </Link>
            </>
          ) : undefined
        }
      />
    </Stack>
  );
}
