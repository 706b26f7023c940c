import { errorMessages, UNDO_DELETE_MS } from '@smt/shared';
import { useSnack } from '@/components/ui/snack';
import { useUndoDeleteNotifications } from '@/features/notifications/api/undo-delete-notifications';
import { centreTexts } from '@/features/notifications/utils/centre-texts';

/**
 * The one snack every delete ends with, wherever it was made (the centre's bar, a card's menu,
 * the details panel): how many were deleted, and Undo for a few seconds.
 */
export function useOfferUndoDelete() {
  const snack = useSnack();
  const undo = useUndoDeleteNotifications();
  return (ids: readonly number[]) =>
    snack.undoable(
      centreTexts.deleted(ids.length),
      () => undo.mutate(ids, { onError: () => snack.error(errorMessages.operationFailed) }),
      UNDO_DELETE_MS,
    );
}
