import { pnrDateLimits, type PnrFilter } from '@smt/shared';
import { useState } from 'react';
import { localDay } from '@/lib/local-day';
import {
  EMPTY_FILTER_FORM,
  filterFormOf,
  validateFilterForm,
  type PnrFilterFormValues,
} from '@/features/pnrs/utils/pnr-filter-form';

/**
 * The panel's form: starts from the applied filter each time the panel opens, shows a field's
 * message once it was left or Apply was pressed, and applies only a valid filter.
 */
export function usePnrFilterForm(applied: PnrFilter, onApply: (filter: PnrFilter) => void) {
  const [values, setValues] = useState(() => filterFormOf(applied));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  // The user's own today, read when the panel opens: what 'the future' means to them.
  const [limits] = useState(() => pnrDateLimits(localDay(new Date())));
  const validation = validateFilterForm(values, limits);

  return {
    values,
    limits,
    errorOf: (path: string): string | undefined =>
      submitted || touched.has(path) ? validation.errors[path] : undefined,
    change: (next: Partial<PnrFilterFormValues>) =>
      setValues((current) => ({ ...current, ...next })),
    touch: (path: string) => setTouched((current) => new Set(current).add(path)),
    clear: () => {
      setValues(EMPTY_FILTER_FORM);
      setTouched(new Set());
      setSubmitted(false);
    },
    apply: () => {
      setSubmitted(true);
      if (validation.valid) onApply(validation.filter);
    },
  };
}

export type PnrFilterForm = ReturnType<typeof usePnrFilterForm>;
