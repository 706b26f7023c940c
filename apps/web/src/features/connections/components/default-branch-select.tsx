import { ChoiceSelect } from '@/components/management/choice-select';
import { branchLabel, choicesOf } from '@/lib/management/choice-labels';
import { useBranchChoices } from '@/lib/management/list-branch-choices';
import { connectionsTexts as texts } from './connections-texts';

type DefaultBranchSelectProps = {
  /** Whose branches to offer; null until an agency is chosen. */
  agencyId: number | null;
  value: string;
  error: string | undefined;
  onChange: (defaultBranchId: string) => void;
  onBlur: () => void;
};

/** Where a connection's unassigned orders land: one of its agency's branches. */
export function DefaultBranchSelect({ agencyId, ...field }: DefaultBranchSelectProps) {
  const branches = useBranchChoices(agencyId, agencyId !== null);
  return (
    <ChoiceSelect
      label={texts.defaultBranch}
      name="defaultBranchId"
      value={field.value}
      choices={choicesOf(branches.data, branchLabel)}
      onChange={field.onChange}
      onBlur={field.onBlur}
      required
      disabled={agencyId === null}
      loading={agencyId !== null && branches.isPending}
      failed={branches.isError}
      error={field.error}
    />
  );
}
