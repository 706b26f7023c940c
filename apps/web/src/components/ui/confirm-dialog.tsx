import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type KeyboardEvent, type ReactNode } from 'react';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  text?: ReactNode;
  okLabel?: string;
  closeLabel?: string;
  onConfirm: () => void;
  /** Close button, Esc and a click outside. */
  onClose: () => void;
};

/** Asks before an action. Enter confirms and Esc closes, wherever the focus is in the dialog. */
export function ConfirmDialog({
  open,
  title,
  text,
  okLabel = 'Ok',
  closeLabel = 'Close',
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();

  const confirmOnEnter = (event: KeyboardEvent) => {
    // A focused button answers Enter itself; Close must stay Close.
    if (event.key !== 'Enter' || event.target instanceof HTMLButtonElement) return;
    event.preventDefault();
    onConfirm();
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      onKeyDown={confirmOnEnter}
      aria-labelledby={titleId}
      aria-describedby={text === undefined ? undefined : textId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {text !== undefined && (
        <DialogContent>
          <DialogContentText id={textId}>{text}</DialogContentText>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose}>{closeLabel}</Button>
        <Button variant="contained" onClick={onConfirm} autoFocus>
          {okLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
