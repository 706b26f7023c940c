import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { ROUTES, type UserDetails } from '@smt/shared';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { SHELL_LABELS } from '@/features/shell/utils/shell-labels';

// Who is really behind the session, so an admin never forgets they are someone else.
const actingAs = (realName: string) => `${realName} is acting as this user`;

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
        {user.impersonatingUser !== null && (
          <Typography sx={{ mt: 1, color: 'error.main', fontWeight: 'medium' }}>
            {actingAs(user.impersonatingUser.name)}
          </Typography>
        )}
        <Button
          component={RouterLink}
          to={ROUTES.account.path}
          onClick={onClose}
          startIcon={<PersonIcon />}
          sx={{ mt: 1, ml: -1 }}
        >
          {ROUTES.account.title}
        </Button>
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
