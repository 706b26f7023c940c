import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ORGANISATION_TEXTS } from '@/features/organisation-filter/utils/organisation-texts';

export type SelectItem = { id: number; label: string };

type OrganisationSelectProps = {
  label: string;
  /** `undefined` while the list is not there (loading, failed, or waiting for its parent). */
  items: readonly SelectItem[] | undefined;
  selected: readonly number[];
  onChange: (ids: number[]) => void;
  disabled: boolean;
  /** Why the menu cannot be opened yet, shown under it. */
  hint?: string;
  failed?: boolean;
  /** Whether its list is being asked for now (not merely absent: a closed level asks nothing). */
  loading?: boolean;
  onRetry?: () => void;
};

// The 'All' entry's value; real ids are positive.
const ALL = -1;
const CHIPS_SHOWN = 2;

/** One multi-select menu of the organisation filter; an empty selection reads 'All'. */
export function OrganisationSelect({
  label,
  items,
  selected,
  onChange,
  disabled,
  hint,
  failed = false,
  loading = false,
  onRetry,
}: OrganisationSelectProps) {
  const options = items ?? [];
  // Ids the list does not hold (a stale link) are neither shown nor kept.
  const value = selected.filter((id) => options.some((item) => item.id === id));
  const labelOf = (id: number) => options.find((item) => item.id === id)?.label ?? String(id);

  const handleChange = (raw: unknown) => {
    const ids = (Array.isArray(raw) ? raw : []).map(Number);
    onChange(ids.includes(ALL) ? [] : ids);
  };

  const renderValue = (chosen: number[]) => {
    if (chosen.length === 0) return ORGANISATION_TEXTS.all;
    const hidden = chosen.length - CHIPS_SHOWN;
    return (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, minWidth: 0 }}>
        {chosen.slice(0, CHIPS_SHOWN).map((id) => (
          <Chip key={id} size="small" label={labelOf(id)} sx={{ maxWidth: '100%' }} />
        ))}
        {hidden > 0 && (
          <Chip size="small" variant="outlined" label={ORGANISATION_TEXTS.more(hidden)} />
        )}
      </Box>
    );
  };

  const helperText = failed ? (
    <>
      {ORGANISATION_TEXTS.loadFailed}{' '}
      {onRetry && (
        <Button
          size="small"
          onClick={onRetry}
          sx={{ p: 0, minWidth: 0, verticalAlign: 'baseline' }}
        >
          {ORGANISATION_TEXTS.tryAgain}
        </Button>
      )}
    </>
  ) : (
    hint
  );

  return (
    <TextField
      select
      fullWidth
      size="small"
      label={label}
      value={value}
      disabled={disabled || items === undefined}
      // Disabled while its list loads, and said busy meanwhile: what waits for the page to have
      // loaded (a screen reader, the accessibility walk) then waits for the menu to open too.
      aria-busy={loading}
      error={failed}
      helperText={helperText}
      onChange={(event) => handleChange(event.target.value)}
      slotProps={{
        inputLabel: { shrink: true },
        select: {
          multiple: true,
          displayEmpty: true,
          renderValue: (chosen) => renderValue(chosen as number[]),
          MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } },
        },
      }}
    >
      <MenuItem value={ALL}>
        <Checkbox
          checked={value.length === 0}
          size="small"
          tabIndex={-1}
          disableRipple
          aria-hidden
        />
        <ListItemText primary={ORGANISATION_TEXTS.all} />
      </MenuItem>
      {options.map((item) => (
        <MenuItem key={item.id} value={item.id}>
          <Checkbox
            checked={value.includes(item.id)}
            size="small"
            tabIndex={-1}
            disableRipple
            aria-hidden
          />
          <ListItemText primary={item.label} />
        </MenuItem>
      ))}
    </TextField>
  );
}
