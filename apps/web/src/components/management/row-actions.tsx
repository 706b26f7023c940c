import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { managementTexts } from '@/lib/management/management-texts';
import { ConfirmedAction } from './confirmed-action';
import { EditAction } from './edit-action';

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
  return (
    <>
      <EditAction ariaLabel={managementTexts.editOf(name)} onEdit={onEdit} />
      <ConfirmedAction
        label={managementTexts.delete}
        ariaLabel={managementTexts.deleteOf(name)}
        icon={<DeleteIcon />}
        question={managementTexts.deleteQuestion(name)}
        text={managementTexts.deleteText}
        run={onDelete}
        doneText={deletedText}
        refusal={deleteRefusal}
      />
    </>
  );
}
