import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { ORGANISATION_TEXTS } from '@/features/organisation-filter/utils/organisation-texts';

/** 'me': the user's own notifications; 'all': everything in their scope (SPEC §4). */
export type BrowseMode = 'me' | 'all';

export type BrowseModeToggleProps = {
  value: BrowseMode;
  onChange: (next: BrowseMode) => void;
};

/** The managers' Me / All switch. */
export function BrowseModeToggle({ value, onChange }: BrowseModeToggleProps) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={value}
      aria-label={ORGANISATION_TEXTS.browseMode}
      // Pressing the chosen button again answers null: a mode is always chosen.
      onChange={(_event, next: BrowseMode | null) => {
        if (next !== null && next !== value) onChange(next);
      }}
    >
      <ToggleButton value="me" sx={{ px: 2 }}>
        {ORGANISATION_TEXTS.me}
      </ToggleButton>
      <ToggleButton value="all" sx={{ px: 2 }}>
        {ORGANISATION_TEXTS.allMode}
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
