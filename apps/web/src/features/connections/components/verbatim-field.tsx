import TextField from '@mui/material/TextField';

/**
 * Input props of a field typed exactly as given (a token, a key, an address): no browser
 * suggestions, no spelling fixes, no capital first letter on a phone.
 */
const VERBATIM_INPUT = {
  autoComplete: 'off',
  spellCheck: false,
  autoCapitalize: 'none',
} as const;

/** A text field's binding, from the form (`form.textField`). */
export type TextBinding = {
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  onBlur: () => void;
  error: boolean;
  /** The field's message, if any. */
  helperText: string | undefined;
};

type VerbatimFieldProps = TextBinding & {
  label: string;
  /** Under the field while it has no message. */
  hint: string;
  type?: 'password' | 'url';
  required?: boolean | undefined;
};

/** A connection's token, secret, key or address: its message, or else its hint, under it. */
export function VerbatimField({ hint, helperText, ...field }: VerbatimFieldProps) {
  return (
    <TextField
      fullWidth
      {...field}
      helperText={helperText ?? hint}
      slotProps={{ htmlInput: VERBATIM_INPUT }}
    />
  );
}
