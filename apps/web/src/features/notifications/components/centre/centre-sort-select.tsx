import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { NotificationSort } from '@smt/shared';

export const SORT_LABEL: Record<NotificationSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  deadline: 'Deadline first',
};

type CentreSortSelectProps = {
  value: NotificationSort;
  onChange: (sort: NotificationSort) => void;
};

/** The order of the cards in every column: by age either way, or by ticketing deadline. */
export function CentreSortSelect({ value, onChange }: CentreSortSelectProps) {
  return (
    <TextField
      select
      size="small"
      label="Sort"
      value={value}
      onChange={(event) => onChange(NotificationSort.parse(event.target.value))}
      sx={{ minWidth: 180 }}
    >
      {NotificationSort.options.map((sort) => (
        <MenuItem key={sort} value={sort}>
          {SORT_LABEL[sort]}
        </MenuItem>
      ))}
    </TextField>
  );
}
