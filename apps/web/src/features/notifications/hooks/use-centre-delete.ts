import { errorMessages } from '@smt/shared';
import { useState } from 'react';
import { useBulkDeleteNotifications } from '@/features/notifications/api/bulk-delete-notifications';
import type { CentreSelection } from '@/features/notifications/hooks/use-centre-selection';
import { useOfferUndoDelete } from '@/features/notifications/hooks/use-offer-undo-delete';
import { useSnack } from '@/components/ui/snack';

/**
 * Deleting from the centre: the selection from the bar once the user confirms, or one card
 * from its menu. Either is offered back by Undo for a few seconds.
 */
export function useCentreDelete(selection: CentreSelection) {
  const snack = useSnack();
  const bulk = useBulkDeleteNotifications();
  const single = useBulkDeleteNotifications();
  const offerUndo = useOfferUndoDelete();
  /** The ids the confirmation dialog asks about; null while it is closed. */
  const [asking, setAsking] = useState<readonly number[] | null>(null);

  const askToDeleteSelected = () => {
    const ids = selection.selectedLoaded();
    if (ids.length === 0) {
      selection.clear();
      return;
    }
    setAsking(ids);
  };

  const confirmDelete = () => {
    if (!asking) return;
    const ids = asking;
    setAsking(null);
    bulk.mutate(ids, {
      onSuccess: () => {
        selection.clear();
        offerUndo(ids);
      },
      onError: () => snack.error(errorMessages.deleteFailed),
    });
  };

  const deleteOne = (id: number) =>
    single.mutate([id], {
      onSuccess: () => {
        selection.unselect([id]);
        offerUndo([id]);
      },
      onError: () => snack.error(errorMessages.operationFailed),
    });

  return {
    askToDeleteSelected,
    /** How many the confirmation dialog asks about; 0 while it is closed. */
    askingCount: asking?.length ?? 0,
    confirmDelete,
    cancelDelete: () => setAsking(null),
    deleteOne,
    deletingSelected: bulk.isPending,
    /** The card whose own delete is running. */
    deletingId: single.isPending ? (single.variables[0] ?? null) : null,
  };
}
