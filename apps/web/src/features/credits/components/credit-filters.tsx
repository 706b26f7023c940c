import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { CreditFilter, CreditState } from '@smt/shared';
import { DayField } from '@/components/ui/day-field';
import { CREDIT_STATE_LABELS, creditTexts } from '@/features/credits/utils/credit-texts';
import { useSchemaForm } from '@/lib/use-schema-form';

/** The filters as the form holds them: text, '' for none. */
export type CreditFilterValues = {
  state: string;
  airline: string;
  passenger: string;
  expiresFrom: string;
  expiresTo: string;
};

export const NO_CREDIT_FILTER: CreditFilterValues = {
  state: '',
  airline: '',
  passenger: '',
  expiresFrom: '',
  expiresTo: '',
};

/** The form's values of an applied filter, so the fields say what the list shows. */
export const filterValuesOf = (filter: CreditFilter): CreditFilterValues => ({
  state: filter.state ?? '',
  airline: filter.airline ?? '',
  passenger: filter.passenger ?? '',
  expiresFrom: filter.expiresFrom ?? '',
  expiresTo: filter.expiresTo ?? '',
});

type CreditFiltersProps = {
  filter: CreditFilter;
  onApply: (filter: CreditFilter) => void;
};

const CODE_INPUT = { htmlInput: { autoCapitalize: 'characters', autoComplete: 'off' } } as const;

/**
 * State, airline, passenger and expiry range, checked by the schema the server reads them with;
 * Apply (or Enter) shows the list they find, Clear the whole list again.
 */
export function CreditFilters({ filter, onApply }: CreditFiltersProps) {
  const form = useSchemaForm({
    initial: filterValuesOf(filter),
    schema: CreditFilter,
    submit: async (next) => onApply(next),
    onDone: () => {},
  });
  const clear = () => {
    form.reset(NO_CREDIT_FILTER);
    onApply({});
  };
  const day = (field: 'expiresFrom' | 'expiresTo', label: string) => (
    <DayField
      label={label}
      value={form.values[field]}
      onChange={(value) => form.change({ [field]: value })}
      onBlur={() => form.touch(field)}
      error={form.errorOf(field)}
      fullWidth
    />
  );

  return (
    <Box
      component="form"
      role="search"
      aria-label={creditTexts.filters}
      noValidate
      onSubmit={form.onSubmit}
      sx={{
        display: 'grid',
        gap: 1.5,
        alignItems: 'start',
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          sm: 'repeat(3, minmax(0, 1fr))',
          lg: 'minmax(0, 0.8fr) minmax(0, 0.6fr) minmax(0, 1.4fr) repeat(2, minmax(0, 1fr)) auto',
        },
      }}
    >
      <TextField
        select
        size="small"
        label={creditTexts.state}
        name="state"
        value={form.values.state}
        onChange={(event) => form.change({ state: event.target.value })}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{creditTexts.allStates}</option>
        {CreditState.options.map((state) => (
          <option key={state} value={state}>
            {CREDIT_STATE_LABELS[state]}
          </option>
        ))}
      </TextField>
      <TextField
        size="small"
        label={creditTexts.airline}
        {...form.textField('airline')}
        slotProps={CODE_INPUT}
      />
      <TextField
        size="small"
        label={creditTexts.passengerSearch}
        {...form.textField('passenger')}
        sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
      />
      {day('expiresFrom', creditTexts.expiresFrom)}
      {day('expiresTo', creditTexts.expiresTo)}
      <Stack direction="row" spacing={1} sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
        <Button type="submit" variant="contained" sx={{ height: 40 }}>
          {creditTexts.apply}
        </Button>
        <Button onClick={clear} sx={{ height: 40, whiteSpace: 'nowrap' }}>
          {creditTexts.clear}
        </Button>
      </Stack>
    </Box>
  );
}
