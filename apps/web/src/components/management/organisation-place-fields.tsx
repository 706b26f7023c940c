import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { ROUTES } from '@smt/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { agencyLabel, agentLabel, branchLabel, choicesOf } from '@/lib/management/choice-labels';
import { useAgencyChoices } from '@/lib/management/list-agency-choices';
import { useAgentChoices, type AgentChoiceFilter } from '@/lib/management/list-agent-choices';
import { useBranchChoices } from '@/lib/management/list-branch-choices';
import { managementTexts } from '@/lib/management/management-texts';
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
  /** Which of a branch's agents are offered: all of them unless told. */
  agents?: AgentChoiceFilter;
};

export type PlaceDepth = 'agency' | 'branch' | 'agent';

const idOf = (value: string) => (value === '' ? null : Number(value));

/** The levels from the top: each chosen among the one above's. */
const LEVELS = ['agencyId', 'branchId', 'agentId'] as const;
type Level = (typeof LEVELS)[number];

const LABELS: Record<Level, string> = {
  agencyId: managementTexts.agency,
  branchId: managementTexts.branch,
  agentId: managementTexts.agent,
};

/** The lowest level each depth requires. */
const DEEPEST: Record<PlaceDepth, Level> = {
  agency: 'agencyId',
  branch: 'branchId',
  agent: 'agentId',
};

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
  agents: agentFilter,
}: OrganisationPlaceFieldsProps) {
  const agencyId = idOf(value.agencyId);
  const branchId = idOf(value.branchId);
  const agencies = useAgencyChoices();
  const branches = useBranchChoices(agencyId, agencyId !== null);
  const agents = useAgentChoices(branchId, agentFilter);
  const noAgents = depth === 'agent' && agents.data?.length === 0;

  /** One level's select; `open` once the level above is chosen. */
  const level = <Item extends { id: number }>(
    field: Level,
    list: UseQueryResult<readonly Item[]>,
    labelOf: (item: Item) => string,
    open: boolean,
  ) => {
    const index = LEVELS.indexOf(field);
    const required = index <= LEVELS.indexOf(DEEPEST[depth]);
    const cleared = Object.fromEntries(LEVELS.slice(index + 1).map((below) => [below, '']));
    return (
      <ChoiceSelect
        label={LABELS[field]}
        name={field}
        value={value[field]}
        {...(required ? { required: true } : { emptyLabel: managementTexts.none })}
        choices={choicesOf(list.data, labelOf)}
        onChange={(next) => onChange({ ...placeOf(value), [field]: next, ...cleared })}
        onBlur={() => onBlur(field)}
        disabled={!open}
        loading={open && list.isPending}
        failed={list.isError}
        error={errorOf(field)}
        hint={
          field === 'agentId' && noAgents ? (
            <NoAgentsHint withoutUser={agentFilter !== undefined} />
          ) : undefined
        }
      />
    );
  };

  return (
    <Stack spacing={2}>
      {level('agencyId', agencies, agencyLabel, true)}
      {level('branchId', branches, branchLabel, agencyId !== null)}
      {level('agentId', agents, agentLabel, branchId !== null)}
    </Stack>
  );
}

/** The place alone: the form's other values are not the place's to change. */
const placeOf = ({ agencyId, branchId, agentId }: OrganisationPlace): OrganisationPlace => ({
  agencyId,
  branchId,
  agentId,
});

function NoAgentsHint({ withoutUser }: { withoutUser: boolean }) {
  return (
    <>
      {withoutUser ? managementTexts.noFreeAgentsInBranch : managementTexts.noAgentsInBranch}{' '}
      <Link component={RouterLink} to={ROUTES.addAgent.path}>
        {ROUTES.addAgent.title}
      </Link>
    </>
  );
}
