import Autocomplete from '@mui/material/Autocomplete';
import { COUNTRIES, type Country } from '@smt/shared';
import { OutlinedField } from '@/components/ui/outlined-field';

type PhoneCodeFieldProps = {
  label: string;
  value: Country | null;
  error?: string;
  disabled?: boolean;
  onChange: (country: Country | null) => void;
  onBlur: () => void;
};

const labelOf = (country: Country) => `${country.dialCode} ${country.name}`;

/** Every country, searchable by name or dialling code. */
export function PhoneCodeField({
  label,
  value,
  error,
  disabled,
  onChange,
  onBlur,
}: PhoneCodeFieldProps) {
  return (
    <Autocomplete
      options={COUNTRIES}
      value={value}
      disabled={disabled}
      autoHighlight
      getOptionLabel={labelOf}
      isOptionEqualToValue={(option, selected) => option.code === selected.code}
      onChange={(_event, country) => onChange(country)}
      onBlur={onBlur}
      renderInput={(params) => <OutlinedField {...params} label={label} required error={error} />}
    />
  );
}
