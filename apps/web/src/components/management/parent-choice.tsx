import type { UseQueryResult } from '@tanstack/react-query';
import { choicesOf } from '@/lib/management/choice-labels';
import { ChoiceSelect } from './choice-select';

/** What a kind's parent is: the agency of a branch, the branch of an agent. */
export type ParentSpec<Row, Item extends { id: number }> = {
  /** The row's field that holds it, and the form's: `agencyId`, `branchId`. */
  name: keyof Row & string;
  label: string;
  /** How an edited row's own parent is shown. */
  fixedLabel: (row: Row) => string;
  /** The parents a new row may have; asked for only when `adding`. */
  useChoices: (adding: boolean) => UseQueryResult<readonly Item[]>;
  labelOf: (item: Item) => string;
};

type ParentChoiceProps<Row, Item extends { id: number }> = {
  parent: ParentSpec<Row, Item>;
  /** The row being edited; none when adding. */
  row: Row | undefined;
  /** The select's binding, from the form (`form.choiceField`). */
  field: {
    name: string;
    value: string;
    onChange: (value: string) => void;
    onBlur: () => void;
    error: string | undefined;
  };
};

/**
 * The parent, chosen when adding. An edited row's own parent is shown alone and fixed: the
 * server refuses a move, and it may be one the caller's list would not offer.
 */
export function ParentChoice<Row, Item extends { id: number }>({
  parent,
  row,
  field,
}: ParentChoiceProps<Row, Item>) {
  const choices = parent.useChoices(row === undefined);
  const fixed = row && { value: String(row[parent.name]), label: parent.fixedLabel(row) };
  return (
    <ChoiceSelect
      label={parent.label}
      {...field}
      choices={fixed ? [fixed] : choicesOf(choices.data, parent.labelOf)}
      required
      disabled={fixed !== undefined}
      loading={!fixed && choices.isPending}
      failed={!fixed && choices.isError}
    />
  );
}
