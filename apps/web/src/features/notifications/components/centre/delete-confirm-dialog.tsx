import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { useCentreDelete } from '@/features/notifications/hooks/use-centre-delete';
import { centreTexts } from '@/features/notifications/utils/centre-texts';

type DeleteConfirmDialogProps = { deletion: ReturnType<typeof useCentreDelete> };

/** Asks before the selection is deleted: how many, and that Undo follows. */
export function DeleteConfirmDialog({ deletion }: DeleteConfirmDialogProps) {
  return (
    <ConfirmDialog
      open={deletion.askingCount > 0}
      title={centreTexts.confirmDeleteTitle(deletion.askingCount)}
      text={centreTexts.confirmDeleteText}
      okLabel={centreTexts.delete}
      closeLabel={centreTexts.cancel}
      onConfirm={deletion.confirmDelete}
      onClose={deletion.cancelDelete}
    />
  );
}
