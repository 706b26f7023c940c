import type { AgencyItem } from '@smt/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { agencyLabel, choicesOf } from '@/lib/management/choice-labels';
import { managementTexts } from '@/lib/management/management-texts';
import { ChoiceSelect } from './choice-select';

type AgencySelectProps = {
  /** The agencies the caller may see (`useAgencyChoices`). */
  agencies: UseQueryResult<readonly AgencyItem[]>;
  value: string;
  onChange: (agencyId: string) => void;
  /** What choosing no agency means: all of them, or the default. */
  emptyLabel: string;
  size?: 'small';
};

/** A page's choice of agency, among those the caller may see. */
export function AgencySelect({ agencies, ...select }: AgencySelectProps) {
  return (
    <ChoiceSelect
      label={managementTexts.agency}
      name="agencyId"
      {...select}
      choices={choicesOf(agencies.data, agencyLabel)}
      loading={agencies.isPending}
      failed={agencies.isError}
    />
  );
}
