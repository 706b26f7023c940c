import TextField from '@mui/material/TextField';
import { managementTexts } from '@/features/management/utils/management-texts';

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
  size,
}: ChoiceSelectProps) {
  const helper = error ?? (failed ? managementTexts.optionsFailed : undefined);
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
      error={helper !== undefined}
      helperText={helper}
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
