import { errorMessages } from '@smt/shared';
import { useBulkDeleteNotifications } from '@/features/notifications/api/bulk-delete-notifications';
import type { CentreSelection } from '@/features/notifications/hooks/use-centre-selection';
import { useSnack } from '@/components/ui/snack';

/** Deleting from the centre: the selection at once from the bar, or one card from its menu. */
export function useCentreDelete(selection: CentreSelection) {
  const snack = useSnack();
  const bulk = useBulkDeleteNotifications();
  const single = useBulkDeleteNotifications();

  const deleteSelected = () => {
    const ids = selection.selectedLoaded();
    if (ids.length === 0) {
      selection.clear();
      return;
    }
    bulk.mutate(ids, {
      onSuccess: () => selection.clear(),
      onError: () => snack.error(errorMessages.deleteFailed),
    });
  };

  const deleteOne = (id: number) =>
    single.mutate([id], {
      onSuccess: () => selection.unselect([id]),
      onError: () => snack.error(errorMessages.operationFailed),
    });

  return {
    deleteSelected,
    deleteOne,
    deletingSelected: bulk.isPending,
    /** The card whose own delete is running. */
    deletingId: single.isPending ? (single.variables[0] ?? null) : null,
  };
}
