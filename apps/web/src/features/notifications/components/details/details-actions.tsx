import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import {
  errorMessages,
  type NotificationDetails,
  type OperationCode,
  type Refund,
} from '@smt/shared';
import { useState } from 'react';
import { useSnack } from '@/components/ui/snack';
import { useCancelPnr } from '@/features/notifications/api/cancel-pnr';
import { useDeleteNotification } from '@/features/notifications/api/delete-notification';
import { useExecuteOperation } from '@/features/notifications/api/execute-operation';
import { useOfferUndoDelete } from '@/features/notifications/hooks/use-offer-undo-delete';
import {
  canCancelPnr,
  canShare,
  isCancelPnrDisabled,
} from '@/features/notifications/utils/details-rules';
import { CancelPnrDialog } from './cancel-pnr-dialog';
import { cancelPnrFailureOf } from './cancel-pnr-message';
import { detailsTexts } from './details-texts';
import { KeepSwitch } from './keep-switch';
import { MainActionButton } from './main-action-button';
import { ShareButton } from './share-button';

type DetailsActionsProps = {
  details: NotificationDetails;
  onDeleted: () => void;
  onPnrCancelled: () => void;
};

/** What can be done with the notification (SPEC §4); nothing at all when it is readonly. */
export function DetailsActions({ details, onDeleted, onPnrCancelled }: DetailsActionsProps) {
  const { header, data } = details;
  const id = header.notification_id;
  const snack = useSnack();
  const execute = useExecuteOperation(id);
  const cancel = useCancelPnr(id);
  const remove = useDeleteNotification(id);
  const offerUndo = useOfferUndoDelete();
  const [askingToCancel, setAskingToCancel] = useState(false);
  if (header.readonly) return null;

  const busy = execute.isPending || cancel.isPending || remove.isPending;
  const failed = () => snack.error(errorMessages.operationFailed);

  const run = (opCode: OperationCode) => execute.mutate(opCode, { onError: failed });
  const toggle = async (opCode: 'CR' | 'SR') => {
    try {
      await execute.mutateAsync(opCode);
      return true;
    } catch {
      failed();
      return false;
    }
  };
  const cancelPnr = (expectedRefund: Refund | null) => {
    setAskingToCancel(false);
    cancel.mutate(expectedRefund, {
      onSuccess: (answer) => {
        if (answer.cancellationSuccessful) onPnrCancelled();
        else snack.error(cancelPnrFailureOf(answer.message));
      },
      onError: (error) => snack.error(cancelPnrFailureOf(error)),
    });
  };
  // As from the centre: the panel closes and the snack offers the notification back.
  const deleteIt = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        onDeleted();
        offerUndo([id]);
      },
      onError: failed,
    });

  return (
    <Stack
      role="group"
      aria-label={detailsTexts.actions}
      direction="row"
      sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}
    >
      <MainActionButton
        header={header}
        flights={data.flights}
        busy={busy}
        running={execute.isPending && execute.variables !== 'CR' && execute.variables !== 'SR'}
        onExecute={run}
      />
      <KeepSwitch header={header} disabled={busy} onToggle={toggle} />
      {canCancelPnr(header.type) && (
        <>
          <Button
            variant="outlined"
            color="error"
            disabled={busy || isCancelPnrDisabled(data.pnr)}
            loading={cancel.isPending}
            onClick={() => setAskingToCancel(true)}
            aria-haspopup="dialog"
          >
            {detailsTexts.cancelPnr}
          </Button>
          <CancelPnrDialog
            open={askingToCancel}
            notificationId={id}
            pnr={data.pnr.id}
            onConfirm={cancelPnr}
            onClose={() => setAskingToCancel(false)}
          />
        </>
      )}
      {canShare(header.type) && <ShareButton notificationId={id} />}
      <Button
        color="inherit"
        startIcon={<DeleteOutlineIcon />}
        disabled={busy}
        loading={remove.isPending}
        onClick={deleteIt}
        sx={{ ml: { sm: 'auto' } }}
      >
        {detailsTexts.delete}
      </Button>
    </Stack>
  );
}
