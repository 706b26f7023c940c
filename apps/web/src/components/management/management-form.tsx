import Stack from '@mui/material/Stack';
import type { FormEvent, ReactNode } from 'react';
import { FormActions, type SubmitState } from './form-actions';

type ManagementFormProps = {
  /** The form's state, from `useSchemaForm`. */
  form: SubmitState & { onSubmit: (event: FormEvent) => void };
  /** In a dialog: Cancel closes it. */
  onCancel?: (() => void) | undefined;
  /** Between the fields (or groups of fields). */
  spacing?: number;
  children: ReactNode;
};

/** A management form: its fields one under another, then its actions. */
export function ManagementForm({ form, onCancel, spacing = 2, children }: ManagementFormProps) {
  return (
    <Stack component="form" noValidate spacing={spacing} onSubmit={form.onSubmit} sx={{ pt: 1 }}>
      {children}
      <FormActions form={form} onCancel={onCancel} />
    </Stack>
  );
}
