import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { managementTexts } from '@/lib/management/management-texts';

export type Choice = { value: string; label: string };

type ChoiceSelectProps = {
  label: string;
  name: string;
  value: string;
  choices: readonly Choice[];
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The first, empty choice's text. */
  emptyLabel?: string;
  required?: boolean;
  disabled?: boolean;
  loading?: boolean;
  /** The choices could not be read. */
  failed?: boolean;
  error?: string | undefined;
  /** Shown under the field while it has no error: what to do when no choice fits. */
  hint?: ReactNode;
  size?: 'small' | 'medium';
};

/**
 * A single choice as the platform's own select: keyboard and phones handle it natively
 * (SPEC §5: the simple select has no multi-select).
 */
export function ChoiceSelect({
  label,
  name,
  value,
  choices,
  onChange,
  onBlur,
  emptyLabel = '',
  required,
  disabled,
  loading,
  failed,
  error,
  hint,
  size,
}: ChoiceSelectProps) {
  const problem = error ?? (failed ? managementTexts.optionsFailed : undefined);
  return (
    <TextField
      select
      label={label}
      name={name}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      required={required}
      disabled={disabled || loading}
      error={problem !== undefined}
      helperText={problem ?? hint}
      fullWidth
      size={size}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{loading ? managementTexts.loading : emptyLabel}</option>
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </TextField>
  );
}
