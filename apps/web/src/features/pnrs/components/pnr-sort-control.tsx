import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import SwapVertIcon from '@mui/icons-material/SwapVert';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PnrSortColumn, type PnrSort } from '@smt/shared';
import { nextPnrSort } from '@/features/pnrs/utils/pnr-sort';
import { PNR_SORT_LABEL, pnrTexts } from '@/features/pnrs/utils/pnr-texts';

type PnrSortControlProps = { sort: PnrSort; onSortChange: (sort: PnrSort) => void };

/** The table's sort arrows on a small screen: a column, and its direction cycling to off. */
export function PnrSortControl({ sort, onSortChange }: PnrSortControlProps) {
  const state = sort.column && sort.direction ? sort.direction : 'off';
  const column = sort.column;

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label={pnrTexts.sortBy}
        value={column ?? ''}
        onChange={(event) => {
          const chosen = PnrSortColumn.safeParse(event.target.value);
          onSortChange(chosen.success ? { column: chosen.data, direction: 'asc' } : {});
        }}
        sx={{ flex: 1, maxWidth: 280 }}
      >
        <MenuItem value="">{pnrTexts.sortNone}</MenuItem>
        {PnrSortColumn.options.map((option) => (
          <MenuItem key={option} value={option}>
            {PNR_SORT_LABEL[option]}
          </MenuItem>
        ))}
      </TextField>
      <IconButton
        aria-label={pnrTexts.sortDirection(state)}
        disabled={column === undefined}
        onClick={() => column && onSortChange(nextPnrSort(sort, column))}
      >
        {state === 'asc' ? (
          <ArrowUpwardIcon />
        ) : state === 'desc' ? (
          <ArrowDownwardIcon />
        ) : (
          <SwapVertIcon />
        )}
      </IconButton>
    </Stack>
  );
}
