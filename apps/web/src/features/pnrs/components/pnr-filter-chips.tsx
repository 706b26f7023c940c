import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { PnrFilter } from '@smt/shared';
import { pnrFilterChips } from '@/features/pnrs/utils/pnr-filter-chips';
import { pnrTexts } from '@/features/pnrs/utils/pnr-texts';

type PnrFilterChipsProps = {
  filter: PnrFilter;
  onRemove: (field: keyof PnrFilter) => void;
  /** Clears every filter; the sort stays. */
  onReset: () => void;
};

/** The applied filters, each removable, and 'Reset'; nothing when no filter is applied. */
export function PnrFilterChips({ filter, onRemove, onReset }: PnrFilterChipsProps) {
  const chips = pnrFilterChips(filter);
  if (chips.length === 0) return null;
  return (
    <Stack
      component="ul"
      direction="row"
      aria-label={pnrTexts.appliedFilters}
      sx={{ flexWrap: 'wrap', gap: 1, m: 0, p: 0, listStyle: 'none' }}
    >
      {chips.map((chip) => (
        <li key={chip.field}>
          <Chip
            label={chip.label}
            onDelete={() => onRemove(chip.field)}
            aria-keyshortcuts="Delete Backspace"
            sx={{ maxWidth: '100%' }}
          />
        </li>
      ))}
      <li>
        <Chip
          label={pnrTexts.reset}
          icon={<RestartAltIcon />}
          variant="outlined"
          color="primary"
          onClick={onReset}
        />
      </li>
    </Stack>
  );
}
