import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { errorMessages, uiTexts, type NotificationHeader, type OperationCode } from '@smt/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useSnack } from '@/components/ui/snack';
import { pnrInfoQueryOptions } from '@/features/notifications/api/get-pnr-info';
import { isMainActionDisabled, mainActionOf } from '@/features/notifications/utils/details-rules';

type MainActionButtonProps = {
  header: NotificationHeader;
  /** Another action of this notification is running. */
  busy: boolean;
  running: boolean;
  onExecute: (opCode: OperationCode) => void;
};

/**
 * Approve or Confirm (SPEC §4). A reprice first asks the GDS whether the PNR is ticketed, and
 * a ticketed one needs the user's Ok before anything is sent.
 */
export function MainActionButton({ header, busy, running, onExecute }: MainActionButtonProps) {
  const queryClient = useQueryClient();
  const snack = useSnack();
  const [checking, setChecking] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const action = mainActionOf(header.type);
  if (!action) return null;

  const start = async () => {
    if (action.opCode !== 'RP') {
      onExecute(action.opCode);
      return;
    }
    setChecking(true);
    try {
      const info = await queryClient.fetchQuery(pnrInfoQueryOptions(header.notification_id));
      if (info.is_ticketed) setConfirming(true);
      else onExecute('RP');
    } catch {
      snack.error(errorMessages.operationFailed);
    } finally {
      setChecking(false);
    }
  };

  const confirm = () => {
    setConfirming(false);
    onExecute('RP');
  };

  const loading = checking || running;
  return (
    <>
      <Button
        variant="contained"
        disabled={isMainActionDisabled(header, busy || checking)}
        onClick={() => void start()}
        startIcon={loading ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        aria-busy={loading}
      >
        {action.label}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={action.label}
        text={uiTexts.ticketedRepriceWarning}
        closeLabel="Cancel"
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
