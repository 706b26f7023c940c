import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { COUNTRIES, type Country } from '@smt/shared';
import { useId } from 'react';

type PhoneCodeFieldProps = {
  label: string;
  value: Country | null;
  error?: string;
  disabled?: boolean;
  onChange: (country: Country | null) => void;
  onBlur: () => void;
};

// The name first, so typing a country's first letters finds it in the platform's list.
const labelOf = (country: Country) => `${country.name} (${country.dialCode})`;

/**
 * Every country, as the platform's own select: keyboards, phones and screen readers handle it
 * natively, and it spares the login page the weight of an autocomplete with its popper.
 */
export function PhoneCodeField({
  label,
  value,
  error,
  disabled,
  onChange,
  onBlur,
}: PhoneCodeFieldProps) {
  const id = useId();
  const helperTextId = error ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" fullWidth required disabled={disabled} error={Boolean(error)}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <NativeSelect
        id={id}
        value={value?.code ?? ''}
        onChange={(event) =>
          onChange(COUNTRIES.find((country) => country.code === event.target.value) ?? null)
        }
        onBlur={onBlur}
        input={<OutlinedInput label={label} />}
        inputProps={{ 'aria-describedby': helperTextId }}
      >
        {value === null && <option value="" disabled />}
        {COUNTRIES.map((country) => (
          <option key={country.code} value={country.code}>
            {labelOf(country)}
          </option>
        ))}
      </NativeSelect>
      {error && <FormHelperText id={helperTextId}>{error}</FormHelperText>}
    </FormControl>
  );
}
