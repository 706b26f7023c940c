import LogoutIcon from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { UserDetails } from '@smt/shared';
import { useId, type ReactNode } from 'react';
import { SHELL_LABELS } from '@/features/shell/utils/shell-labels';

type UserDialogProps = {
  open: boolean;
  user: UserDetails;
  onClose: () => void;
  onLogout: () => void;
  onStopImpersonation?: () => void;
  /** Settings of this device the app adds under the user's contacts. */
  extras?: ReactNode;
};

/** Opened from the user's name: Logout, or Stop Impersonation while impersonating (SPEC §6). */
export function UserDialog({
  open,
  user,
  onClose,
  onLogout,
  onStopImpersonation,
  extras,
}: UserDialogProps) {
  const titleId = useId();
  const impersonating = user.impersonatingUser !== null;

  const leave = () => {
    onClose();
    if (impersonating) onStopImpersonation?.();
    else onLogout();
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{user.name}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary">{user.email}</Typography>
        <Typography color="text.secondary">{user.phone}</Typography>
        {extras}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{SHELL_LABELS.close}</Button>
        <Button
          variant="contained"
          color={impersonating ? 'error' : 'primary'}
          startIcon={<LogoutIcon />}
          onClick={leave}
        >
          {impersonating ? SHELL_LABELS.stopImpersonation : SHELL_LABELS.logout}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
