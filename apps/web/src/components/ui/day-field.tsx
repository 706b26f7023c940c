import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { DATE_FORMAT, validationMessages } from '@smt/shared';
import { format, isValid, parse } from 'date-fns';
import { enGB } from 'date-fns/locale/en-GB';
import { useState } from 'react';

// A day as forms keep it and calls send it: 'yyyy-MM-dd', '' for none. People type and read it
// as dd/MM/yyyy (SPEC §9) whatever the browser's language; the picker's Date is the browser's
// local midnight of that day, read back the same way, so no time zone moves it.
const DAY = 'yyyy-MM-dd';

const dateOf = (day: string): Date | null => {
  if (day === '') return null;
  const date = parse(day, DAY, new Date(0));
  return isValid(date) ? date : null;
};

const dayOf = (date: Date | null): string => (date && isValid(date) ? format(date, DAY) : '');

// The picker publishes a date at each digit of the year: 0002, 0020, 0202, 2027. A year of
// fewer than four digits is still being typed, so the form hears of it only when it is whole.
const isTypingYear = (date: Date | null) =>
  date !== null && isValid(date) && date.getFullYear() < 1000;
const isUnfinished = (date: Date | null) => date !== null && (!isValid(date) || isTypingYear(date));

type DayFieldProps = {
  label: string;
  /** 'yyyy-MM-dd', or '' for none. */
  value: string;
  onChange: (day: string) => void;
  onBlur?: () => void;
  /** The form's message for the value; shown under the field, which is marked invalid. */
  error?: string;
  /** Days the calendar offers, 'yyyy-MM-dd'; a typed day outside them is left to the form's rules. */
  min?: string;
  max?: string;
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
};

/** A date input that takes and shows dd/MM/yyyy, typed or picked from a calendar. */
export function DayField({
  label,
  value,
  onChange,
  onBlur,
  error,
  min,
  max,
  ...rest
}: DayFieldProps) {
  // What was typed last: a half-typed day reaches the form as '' yet stays on screen. `from` is
  // the value it was typed over: a parent that takes a render or two to hear of the change (a
  // page whose dates live in its address) must not wipe the digits being typed meanwhile.
  const [typed, setTyped] = useState<{ date: Date | null; day: string; from: string }>({
    date: null,
    day: '',
    from: '',
  });
  const [left, setLeft] = useState(false);
  const [calendarOpen, setCalendarOpen] = useState(false);
  // Once the parent holds what was typed, a later change of its value (Reset) shows as it is.
  // (Adjusted while rendering, as React advises for state that follows a prop.)
  if (value === typed.day && typed.from !== value) setTyped({ ...typed, from: typed.day });
  const date =
    typed.day === value || (typed.from === value && typed.day !== typed.from)
      ? typed.date
      : dateOf(value);
  const unreal = left && isUnfinished(date);
  const message = error ?? (unreal ? validationMessages.dateNotReal : undefined);

  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={enGB}>
      {/* Escape closes the calendar only, not the panel or dialog the field sits in. */}
      <Box
        sx={{ display: 'contents' }}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && calendarOpen) event.stopPropagation();
        }}
      >
        <DatePicker
          label={label}
          format={DATE_FORMAT}
          value={date}
          minDate={min ? (dateOf(min) ?? undefined) : undefined}
          maxDate={max ? (dateOf(max) ?? undefined) : undefined}
          onChange={(next) => {
            setLeft(false);
            if (isTypingYear(next)) {
              setTyped({ date: next, day: value, from: value });
              return;
            }
            const day = dayOf(next);
            setTyped({ date: next, day, from: value });
            onChange(day);
          }}
          onOpen={() => setCalendarOpen(true)}
          onClose={() => setCalendarOpen(false)}
          slotProps={{
            // In the field's own DOM: a panel that closes when focus or a click leaves it, or a
            // dialog that keeps focus inside, counts the calendar as its own.
            popper: { disablePortal: true },
            textField: {
              size: 'small',
              fullWidth: rest.fullWidth,
              sx: rest.sx,
              error: message !== undefined,
              helperText: message,
              onBlur: () => {
                setLeft(true);
                // Left with a part-typed year: no day, as a half-typed one.
                if (isTypingYear(date) && value !== '') {
                  setTyped({ date, day: '', from: value });
                  onChange('');
                }
                onBlur?.();
              },
            },
          }}
        />
      </Box>
    </LocalizationProvider>
  );
}
