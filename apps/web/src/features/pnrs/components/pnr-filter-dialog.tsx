import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { PnrFilter } from '@smt/shared';
import { useId, type FormEvent } from 'react';
import { usePnrFilterForm } from '@/features/pnrs/hooks/use-pnr-filter-form';
import { pnrTexts } from '@/features/pnrs/utils/pnr-texts';
import { PnrFilterFields } from './pnr-filter-fields';

type PnrFilterDialogProps = {
  id: string;
  open: boolean;
  applied: PnrFilter;
  onApply: (filter: PnrFilter) => void;
  /** 'Cancel changes', Esc: the applied search stays as it was. */
  onCancel: () => void;
};

/** The filter panel on small screens: a full-screen dialog, 'My PNRs Filters' (SPEC §2.7). */
export function PnrFilterDialog({ id, open, applied, onApply, onCancel }: PnrFilterDialogProps) {
  const titleId = useId();
  return (
    <Dialog id={id} open={open} onClose={onCancel} fullScreen aria-labelledby={titleId}>
      <DialogBody titleId={titleId} applied={applied} onApply={onApply} onCancel={onCancel} />
    </Dialog>
  );
}

type DialogBodyProps = Omit<PnrFilterDialogProps, 'id' | 'open'> & { titleId: string };

// The dialog unmounts its content when closed, so every opening starts from the applied filter.
function DialogBody({ titleId, applied, onApply, onCancel }: DialogBodyProps) {
  const form = usePnrFilterForm(applied, onApply);
  const formId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.apply();
  };

  return (
    <>
      <DialogTitle id={titleId}>{pnrTexts.filtersTitle}</DialogTitle>
      <DialogContent dividers>
        <form id={formId} noValidate onSubmit={submit}>
          <PnrFilterFields form={form} />
        </form>
      </DialogContent>
      <DialogActions disableSpacing sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={form.clear} sx={{ mr: 'auto' }}>
          {pnrTexts.clearFilters}
        </Button>
        <Button onClick={onCancel}>{pnrTexts.cancelChanges}</Button>
        <Button type="submit" form={formId} variant="contained">
          {pnrTexts.apply}
        </Button>
      </DialogActions>
    </>
  );
}
