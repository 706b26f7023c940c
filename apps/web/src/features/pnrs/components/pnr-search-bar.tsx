import FilterListIcon from '@mui/icons-material/FilterList';
import SearchIcon from '@mui/icons-material/Search';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { activePnrFilters, type PnrFilter } from '@smt/shared';
import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { quickSearch } from '@/features/pnrs/utils/quick-search';
import { pnrTexts } from '@/features/pnrs/utils/pnr-texts';
import { useSmallScreen } from '@/lib/use-small-screen';
import { PnrFilterDialog } from './pnr-filter-dialog';
import { PnrFilterPopover } from './pnr-filter-popover';

type PnrSearchBarProps = { filter: PnrFilter; onApply: (filter: PnrFilter) => void };

/**
 * 'Search by PNR / name / flight': a term and Enter searches the bookings at once; the Filters
 * button beside it opens the filter panel for the rest (docs/decisions/034).
 */
export function PnrSearchBar({ filter, onApply }: PnrSearchBarProps) {
  const small = useSmallScreen();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState('');
  const [termError, setTermError] = useState<string>();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // The panel's own fields: the search box's term is in the box and its chip, not behind Filters.
  const count = activePnrFilters(filter).filter((field) => field !== 'search').length;

  const closePanel = (refocus: boolean) => {
    setOpen(false);
    // The dialog gives focus back itself; the popover is not modal and does not.
    if (refocus && !small) buttonRef.current?.focus();
  };

  // The panel edits its own fields; the search box's term stays until its chip is removed.
  const apply = (next: PnrFilter) => {
    onApply(filter.search === undefined ? next : { ...next, search: filter.search });
    closePanel(true);
  };

  const onBoxKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const result = quickSearch(term, filter);
    switch (result.kind) {
      case 'empty':
        return;
      case 'invalid':
        setTermError(result.message);
        return;
      case 'search':
        setTerm('');
        setTermError(undefined);
        onApply(result.filter);
        closePanel(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open && !small) {
      event.stopPropagation();
      closePanel(true);
    }
  };

  // Leaving the box and the panel by keyboard closes the panel, as a click elsewhere does.
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    if (open && !small && next instanceof Node && !event.currentTarget.contains(next)) {
      closePanel(false);
    }
  };

  return (
    <ClickAwayListener onClickAway={() => open && !small && closePanel(false)}>
      <Box onKeyDown={onKeyDown} onBlur={onBlur}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            ref={setAnchor}
            type="search"
            label={pnrTexts.searchLabel}
            value={term}
            onChange={(event) => {
              setTerm(event.target.value);
              setTermError(undefined);
            }}
            onKeyDown={onBoxKeyDown}
            error={termError !== undefined}
            helperText={termError}
            size="small"
            fullWidth
            sx={{ maxWidth: 560 }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon />
                  </InputAdornment>
                ),
              },
              htmlInput: { autoComplete: 'off', enterKeyHint: 'search' },
            }}
          />
          <Button
            ref={buttonRef}
            variant="outlined"
            aria-label={count > 0 ? pnrTexts.filtersApplied(count) : pnrTexts.filters}
            aria-haspopup="dialog"
            aria-expanded={open}
            aria-controls={open ? panelId : undefined}
            onClick={() => (open ? closePanel(true) : setOpen(true))}
            startIcon={
              <Badge
                badgeContent={count}
                color="primary"
                slotProps={{ badge: { 'aria-hidden': true } }}
              >
                <FilterListIcon />
              </Badge>
            }
            sx={{ flexShrink: 0, minHeight: 40 }}
          >
            {pnrTexts.filters}
          </Button>
        </Box>
        {small ? (
          <PnrFilterDialog
            id={panelId}
            open={open}
            applied={filter}
            onApply={apply}
            onCancel={() => closePanel(true)}
          />
        ) : (
          <PnrFilterPopover
            id={panelId}
            open={open}
            anchorEl={anchor}
            applied={filter}
            focusFirstField
            onApply={apply}
            onCancel={() => closePanel(true)}
          />
        )}
      </Box>
    </ClickAwayListener>
  );
}
