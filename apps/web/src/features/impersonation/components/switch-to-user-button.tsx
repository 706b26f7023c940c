import SwitchAccountIcon from '@mui/icons-material/SwitchAccountOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { errorMessages } from '@smt/shared';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useSnack } from '@/components/ui/snack';
import { switchUser } from '@/features/impersonation/api/switch-user';
import { impersonationTexts } from '@/features/impersonation/utils/impersonation-texts';
import { reloadAsNewSession } from '@/features/impersonation/utils/reload-as-new-session';
import { ApiError } from '@/lib/api-client';

type SwitchToUserButtonProps = { name: string; phone: string };

/** A user list row's 'Switch user': asks, then acts as that row's user. */
export function SwitchToUserButton({ name, phone }: SwitchToUserButtonProps) {
  const snack = useSnack();
  const [asking, setAsking] = useState(false);
  const [switching, setSwitching] = useState(false);

  const confirm = async () => {
    setAsking(false);
    setSwitching(true);
    try {
      reloadAsNewSession(await switchUser(phone));
    } catch (error) {
      snack.error(
        error instanceof ApiError && error.status >= 400 && error.status < 500
          ? error.message
          : errorMessages.operationFailed,
      );
      setSwitching(false);
    }
  };

  return (
    <>
      <Tooltip title={impersonationTexts.switchUser}>
        <span>
          <IconButton
            aria-label={impersonationTexts.switchTo(name)}
            disabled={switching}
            onClick={() => setAsking(true)}
          >
            <SwitchAccountIcon />
          </IconButton>
        </span>
      </Tooltip>
      <ConfirmDialog
        open={asking}
        title={impersonationTexts.switchQuestion(name)}
        text={impersonationTexts.switchText}
        okLabel={impersonationTexts.switchUser}
        closeLabel={impersonationTexts.cancel}
        onConfirm={() => void confirm()}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
