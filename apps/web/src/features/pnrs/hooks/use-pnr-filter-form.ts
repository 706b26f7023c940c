import { pnrDateLimits, pnrFilterWithLimits, type PnrFilter } from '@smt/shared';
import { useState } from 'react';
import { localDay } from '@/lib/local-day';
import { useSchemaForm } from '@/lib/use-schema-form';
import { EMPTY_FILTER_FORM, filterFormOf } from '@/features/pnrs/utils/pnr-filter-form';

/**
 * The panel's form: starts from the applied filter each time the panel opens, shows a field's
 * message once it was left or Apply was pressed, and applies only a valid filter.
 */
export function usePnrFilterForm(applied: PnrFilter, onApply: (filter: PnrFilter) => void) {
  const [initial] = useState(() => filterFormOf(applied));
  // The user's own today, read when the panel opens: what 'the future' means to them.
  const [limits] = useState(() => pnrDateLimits(localDay(new Date())));
  const form = useSchemaForm({
    initial,
    schema: pnrFilterWithLimits(limits),
    submit: async (filter) => onApply(filter),
    onDone: () => undefined,
  });

  return {
    values: form.values,
    limits,
    errorOf: form.errorOf,
    change: form.change,
    touch: form.touch,
    clear: () => form.reset(EMPTY_FILTER_FORM),
    apply: form.submitNow,
  };
}

export type PnrFilterForm = ReturnType<typeof usePnrFilterForm>;
