import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel, { type InputLabelProps } from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId, type ChangeEventHandler, type FocusEventHandler } from 'react';

type OutlinedFieldProps = {
  label: string;
  /** Shown under the field, and the field is marked invalid, when there is one. */
  error?: string;
  id?: string;
  value?: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  /** As MUI's TextField takes them, so an Autocomplete's `renderInput` params fit as they are. */
  slotProps?: {
    inputLabel?: Partial<InputLabelProps>;
    input?: Partial<OutlinedInputProps>;
    htmlInput?: OutlinedInputProps['inputProps'];
  };
};

/**
 * An outlined text field: what MUI's TextField renders for the outlined variant, built from the
 * same parts. TextField also imports Select, and with it menus, popovers and modals, which the
 * login page would load for nothing.
 */
export function OutlinedField({
  label,
  error,
  id: givenId,
  value,
  type,
  autoComplete,
  autoFocus,
  required,
  disabled,
  fullWidth,
  size,
  onChange,
  onBlur,
  slotProps,
}: OutlinedFieldProps) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const helperTextId = error ? `${id}-helper-text` : undefined;
  return (
    <FormControl
      variant="outlined"
      fullWidth={fullWidth}
      required={required}
      disabled={disabled}
      error={Boolean(error)}
      size={size}
    >
      <InputLabel htmlFor={id} id={`${id}-label`} {...slotProps?.inputLabel}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...slotProps?.input}
        id={id}
        label={label}
        value={value}
        type={type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        onChange={onChange}
        onBlur={onBlur}
        aria-describedby={helperTextId}
        inputProps={slotProps?.htmlInput}
      />
      {error && <FormHelperText id={helperTextId}>{error}</FormHelperText>}
    </FormControl>
  );
}
