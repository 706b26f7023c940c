import type { UseQueryResult } from '@tanstack/react-query';
import { ChoiceSelect, type Choice } from './choice-select';

type ParentChoiceProps<Item> = {
  label: string;
  /** The select's binding, from the form (`form.choiceField`). */
  field: {
    name: string;
    value: string;
    onChange: (value: string) => void;
    onBlur: () => void;
    error: string | undefined;
  };
  /**
   * An edited row's own parent: the server refuses a move, so it is shown alone and fixed, and
   * may be one the caller's list would not offer.
   */
  fixed: Choice | undefined;
  /** The parents a new row may have; asked for only when adding. */
  choices: UseQueryResult<readonly Item[]>;
  choiceOf: (item: Item) => Choice;
};

/** The agency of a branch, the branch of an agent: chosen when adding, fixed when editing. */
export function ParentChoice<Item>({
  label,
  field,
  fixed,
  choices,
  choiceOf,
}: ParentChoiceProps<Item>) {
  return (
    <ChoiceSelect
      label={label}
      {...field}
      choices={fixed ? [fixed] : (choices.data ?? []).map(choiceOf)}
      required
      disabled={fixed !== undefined}
      loading={!fixed && choices.isPending}
      failed={!fixed && choices.isError}
    />
  );
}
