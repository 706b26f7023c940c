import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import Stack from '@mui/material/Stack';
import type { PnrFilter } from '@smt/shared';
import type { FormEvent } from 'react';
import { usePnrFilterForm } from '@/features/pnrs/hooks/use-pnr-filter-form';
import { pnrTexts } from '@/features/pnrs/utils/pnr-texts';
import { PnrFilterFields } from './pnr-filter-fields';

type PnrFilterPopoverProps = {
  id: string;
  open: boolean;
  anchorEl: HTMLElement | null;
  applied: PnrFilter;
  /** Opened by the Filters button rather than the search box: the first field takes focus. */
  focusFirstField: boolean;
  onApply: (filter: PnrFilter) => void;
  onCancel: () => void;
};

/**
 * The filter panel on large screens, under the search box. Not modal, so the box stays
 * typeable for a quick search while the panel shows; Tab walks on into the panel.
 */
export function PnrFilterPopover({ id, open, anchorEl, ...formProps }: PnrFilterPopoverProps) {
  // The panel fits the screen below the box; its fields scroll inside it, Apply stays in view.
  const room = anchorEl ? window.innerHeight - anchorEl.getBoundingClientRect().bottom - 24 : 0;
  return (
    <Popper
      open={open && anchorEl !== null}
      anchorEl={anchorEl}
      placement="bottom-start"
      // In the page's order, right after the box, so keyboard users reach it next.
      disablePortal
      sx={(theme) => ({ zIndex: theme.zIndex.modal, width: 'min(640px, calc(100vw - 32px))' })}
    >
      <PopoverForm id={id} maxHeight={Math.max(MIN_HEIGHT, room)} {...formProps} />
    </Popper>
  );
}

// Below this the page scrolls to the panel rather than the panel to its fields.
const MIN_HEIGHT = 280;

type PopoverFormProps = Omit<PnrFilterPopoverProps, 'open' | 'anchorEl'> & { maxHeight: number };

// Mounted only while open, so every opening starts from the applied filter.
function PopoverForm({
  id,
  applied,
  focusFirstField,
  onApply,
  onCancel,
  maxHeight,
}: PopoverFormProps) {
  const form = usePnrFilterForm(applied, onApply);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.apply();
  };

  return (
    <Paper
      id={id}
      component="form"
      role="dialog"
      aria-label={pnrTexts.filtersTitle}
      noValidate
      onSubmit={submit}
      elevation={8}
      sx={{ mt: 1, maxHeight, display: 'flex', flexDirection: 'column' }}
    >
      <Box sx={{ p: 2, pb: 0, overflowY: 'auto', minHeight: 0 }}>
        <PnrFilterFields form={form} autoFocus={focusFirstField} />
      </Box>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', p: 2 }}>
        <Button onClick={onCancel}>{pnrTexts.cancel}</Button>
        <Button type="submit" variant="contained">
          {pnrTexts.apply}
        </Button>
      </Stack>
    </Paper>
  );
}
