import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { EARLIEST_DAY, LATEST_DAY, PNR_DATE_TYPE_LABEL, PnrDateType } from '@smt/shared';
import { useState } from 'react';
import { DayField } from '@/components/ui/day-field';
import type {
  DashboardDateField,
  DashboardDateIssues,
  DashboardDateLimits,
  DashboardDates,
} from '@/features/dashboard/utils/dashboard-dates';
import { DASHBOARD_TEXTS } from '@/features/dashboard/utils/dashboard-texts';

type DashboardDateFiltersProps = {
  dates: DashboardDates;
  issues: DashboardDateIssues;
  limits: DashboardDateLimits;
  onChange: (next: DashboardDates) => void;
};

const FIELD_WIDTH = { xs: '100%', sm: 200 } as const;

/**
 * The notification date range, and under 'Show more filters' the PNR date type and range
 * (SPEC §2.6). A field's message shows under it as soon as the value is wrong.
 */
export function DashboardDateFilters({
  dates,
  issues,
  limits,
  onChange,
}: DashboardDateFiltersProps) {
  const [more, setMore] = useState(
    () => dates.from !== '' || dates.to !== '' || dates.dateFilter !== 'CREATION',
  );

  const dateField = (field: DashboardDateField, label: string, bounds?: DashboardDateLimits) => (
    <DayField
      label={label}
      value={dates[field]}
      onChange={(day) => onChange({ ...dates, [field]: day })}
      error={issues[field]}
      min={bounds?.earliest ?? EARLIEST_DAY}
      max={bounds?.today ?? LATEST_DAY}
      sx={{ width: FIELD_WIDTH }}
    />
  );

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ alignItems: { sm: 'flex-start' }, flexWrap: 'wrap', gap: 2 }}
      >
        {dateField('notificationDateFrom', DASHBOARD_TEXTS.notificationDateFrom, limits)}
        {dateField('notificationDateTo', DASHBOARD_TEXTS.notificationDateTo, limits)}
        <Button
          onClick={() => setMore((open) => !open)}
          aria-expanded={more}
          endIcon={more ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          {more ? DASHBOARD_TEXTS.showFewerFilters : DASHBOARD_TEXTS.showMoreFilters}
        </Button>
      </Stack>
      <Collapse in={more} unmountOnExit>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ flexWrap: 'wrap', gap: 2 }}>
          <TextField
            select
            size="small"
            label={DASHBOARD_TEXTS.dateType}
            value={dates.dateFilter}
            onChange={(event) => {
              const next = PnrDateType.safeParse(event.target.value);
              if (next.success) onChange({ ...dates, dateFilter: next.data });
            }}
            sx={{ width: FIELD_WIDTH }}
          >
            {PnrDateType.options.map((type) => (
              <MenuItem key={type} value={type}>
                {PNR_DATE_TYPE_LABEL[type]}
              </MenuItem>
            ))}
          </TextField>
          {/* Departures lie ahead, so the PNR range has only the product's window. */}
          {dateField('from', DASHBOARD_TEXTS.from)}
          {dateField('to', DASHBOARD_TEXTS.to)}
        </Stack>
      </Collapse>
    </Stack>
  );
}
