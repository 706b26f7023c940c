import SwitchAccountIcon from '@mui/icons-material/SwitchAccountOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { impersonationTexts } from '@/features/impersonation/utils/impersonation-texts';
import { SwitchUserDialog } from './switch-user-dialog';

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
      {open && <SwitchUserDialog open onClose={() => setOpen(false)} />}
    </>
  );
}
