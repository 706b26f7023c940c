import Box from '@mui/material/Box';
import type { OrganisationLevel } from '@smt/shared';
import { OrganisationSelect } from '@/features/organisation-filter/components/organisation-select';
import { useOrganisationLists } from '@/features/organisation-filter/hooks/use-organisation-lists';
import { selectAt } from '@/features/organisation-filter/utils/organisation-cascade';
import type { OrganisationSelection } from '@/features/organisation-filter/utils/organisation-selection';
import {
  agencyLabel,
  agentLabel,
  branchLabel,
  ORGANISATION_TEXTS,
} from '@/features/organisation-filter/utils/organisation-texts';

export type { OrganisationSelection };

export type OrganisationFilterProps = {
  value: OrganisationSelection;
  onChange: (next: OrganisationSelection) => void;
  disabled?: boolean;
};

/**
 * Agencies, Branches and Agents menus (SPEC §2.6) with the cascade of SPEC §4: a level lists
 * its items once the level above comes down to one, and a change clears the levels below.
 */
export function OrganisationFilter({ value, onChange, disabled = false }: OrganisationFilterProps) {
  const { agencies, branches, agents, agencyId, branchId, lists } = useOrganisationLists(value);

  const choose = (level: OrganisationLevel, items: readonly { id: number }[]) => (ids: number[]) =>
    onChange(selectAt(value, level, ids, items));

  return (
    <Box
      role="group"
      aria-label={ORGANISATION_TEXTS.filter}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' },
        gap: 2,
      }}
    >
      <OrganisationSelect
        label={ORGANISATION_TEXTS.agencies}
        items={lists.agencies?.map((item) => ({ id: item.id, label: agencyLabel(item) }))}
        selected={value.agencyIds}
        onChange={choose('Agency', lists.agencies ?? [])}
        disabled={disabled}
        failed={agencies.isError}
        loading={agencies.isLoading}
        onRetry={() => void agencies.refetch()}
      />
      <OrganisationSelect
        label={ORGANISATION_TEXTS.branches}
        items={lists.branches?.map((item) => ({ id: item.id, label: branchLabel(item) }))}
        selected={value.branchIds}
        onChange={choose('Branch', lists.branches ?? [])}
        disabled={disabled}
        hint={
          !disabled && agencyId === null && agencies.isSuccess
            ? ORGANISATION_TEXTS.chooseOneAgency
            : undefined
        }
        failed={agencyId !== null && branches.isError}
        loading={agencyId !== null && branches.isLoading}
        onRetry={() => void branches.refetch()}
      />
      <OrganisationSelect
        label={ORGANISATION_TEXTS.agents}
        items={lists.agents?.map((item) => ({ id: item.id, label: agentLabel(item) }))}
        selected={value.agentIds}
        onChange={choose('Agent', lists.agents ?? [])}
        disabled={disabled}
        hint={
          !disabled && branchId === null && lists.branches !== undefined
            ? ORGANISATION_TEXTS.chooseOneBranch
            : undefined
        }
        failed={branchId !== null && agents.isError}
        loading={branchId !== null && agents.isLoading}
        onRetry={() => void agents.refetch()}
      />
    </Box>
  );
}
