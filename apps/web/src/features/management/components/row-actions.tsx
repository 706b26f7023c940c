import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useSnack } from '@/components/ui/snack';
import { actionErrorText } from '@/lib/submit-error-text';
import { managementTexts } from '@/features/management/utils/management-texts';

type RowActionsProps = {
  name: string;
  onEdit: () => void;
  /** Sends the delete; a refusal (409: still in use) is a red snack with the server's words. */
  onDelete: () => Promise<unknown>;
  deletedText: string;
  /** Why this row may not be deleted (the caller's own account): delete is off and says so. */
  deleteRefusal?: string | undefined;
};

/** Edit and delete of one row; delete asks first. */
export function RowActions({
  name,
  onEdit,
  onDelete,
  deletedText,
  deleteRefusal,
}: RowActionsProps) {
  const snack = useSnack();
  const [asking, setAsking] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const confirm = async () => {
    setAsking(false);
    setDeleting(true);
    try {
      await onDelete();
      snack.success(deletedText);
    } catch (error) {
      snack.error(actionErrorText(error));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <>
      <Tooltip title={managementTexts.edit}>
        <IconButton aria-label={managementTexts.editOf(name)} onClick={onEdit}>
          <EditIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title={deleteRefusal ?? managementTexts.delete}>
        <span>
          <IconButton
            aria-label={managementTexts.deleteOf(name)}
            aria-description={deleteRefusal}
            disabled={deleting || deleteRefusal !== undefined}
            onClick={() => setAsking(true)}
          >
            <DeleteIcon />
          </IconButton>
        </span>
      </Tooltip>
      <ConfirmDialog
        open={asking}
        title={managementTexts.deleteQuestion(name)}
        text={managementTexts.deleteText}
        okLabel={managementTexts.delete}
        closeLabel={managementTexts.cancel}
        onConfirm={() => void confirm()}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
