import SwitchAccountIcon from '@mui/icons-material/SwitchAccountOutlined';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { impersonationTexts } from '@/features/impersonation/utils/impersonation-texts';

// The dialog's country picker and phone rules (libphonenumber's metadata) would otherwise
// load with the shell on every page; they load when the dialog first opens.
const SwitchUserDialog = lazy(async () => ({
  default: (await import('./switch-user-dialog')).SwitchUserDialog,
}));

/** 'Switch user' in the user dialog, for whoever may manage users. */
export function SwitchUserButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<SwitchAccountIcon />}
        onClick={() => setOpen(true)}
        sx={{ mt: 2 }}
      >
        {impersonationTexts.switchUser}
      </Button>
      {/* Mounted only while open, so each opening starts with an empty number. */}
      {open && (
        <Suspense fallback={null}>
          <SwitchUserDialog open onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
