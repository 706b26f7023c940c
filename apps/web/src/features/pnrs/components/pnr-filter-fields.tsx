import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { LATEST_DAY, PNR_DATE_FIELDS, TicketedChoice, type PnrDateField } from '@smt/shared';
import { useId } from 'react';
import { DayField } from '@/components/ui/day-field';
import type { PnrFilterForm } from '@/features/pnrs/hooks/use-pnr-filter-form';
import { PNR_TEXT_FIELDS } from '@/features/pnrs/utils/pnr-filter-form';
import { PNR_FILTER_LABEL, pnrTexts } from '@/features/pnrs/utils/pnr-texts';

const TICKETED_LABEL: Record<TicketedChoice, string> = {
  Yes: pnrTexts.yes,
  No: pnrTexts.no,
  All: pnrTexts.all,
};

// Creation and ticketing dates cannot be in the future; departures can (SPEC §5).
const FUTURE_ALLOWED: Record<PnrDateField, boolean> = {
  creationDate: false,
  ticketingDate: false,
  departureDate: true,
};

type PnrFilterFieldsProps = { form: PnrFilterForm; autoFocus?: boolean };

/** Every filter of SPEC §3 with its label; a field's message shows under it. */
export function PnrFilterFields({ form, autoFocus = false }: PnrFilterFieldsProps) {
  const ticketedId = useId();
  const { values, limits } = form;

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {PNR_TEXT_FIELDS.map((field, index) => (
        <TextField
          key={field}
          label={PNR_FILTER_LABEL[field]}
          value={values[field]}
          autoFocus={autoFocus && index === 0}
          onChange={(event) => form.change({ [field]: event.target.value })}
          onBlur={() => form.touch(field)}
          error={Boolean(form.errorOf(field))}
          helperText={form.errorOf(field)}
          size="small"
          fullWidth
          slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
        />
      ))}
      <FormControl sx={{ gridColumn: '1 / -1' }}>
        <FormLabel id={ticketedId}>{PNR_FILTER_LABEL.isTicketed}</FormLabel>
        <RadioGroup
          row
          aria-labelledby={ticketedId}
          value={values.isTicketed}
          onChange={(_event, value) => {
            const choice = TicketedChoice.safeParse(value);
            if (choice.success) form.change({ isTicketed: choice.data });
          }}
        >
          {TicketedChoice.options.map((choice) => (
            <FormControlLabel
              key={choice}
              value={choice}
              control={<Radio size="small" />}
              label={TICKETED_LABEL[choice]}
            />
          ))}
        </RadioGroup>
      </FormControl>
      {PNR_DATE_FIELDS.map((field) =>
        (['from', 'to'] as const).map((end) => {
          const path = `${field}.${end}`;
          const range = PNR_FILTER_LABEL[field];
          return (
            <DayField
              key={path}
              label={end === 'from' ? pnrTexts.rangeFrom(range) : pnrTexts.rangeTo(range)}
              value={values[field][end]}
              onChange={(day) => form.change({ [field]: { ...values[field], [end]: day } })}
              onBlur={() => form.touch(path)}
              error={form.errorOf(path)}
              min={limits.earliest}
              max={FUTURE_ALLOWED[field] ? LATEST_DAY : limits.today}
              fullWidth
            />
          );
        }),
      )}
    </Box>
  );
}
