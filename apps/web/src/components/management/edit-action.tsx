import EditIcon from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { managementTexts } from '@/lib/management/management-texts';

type EditActionProps = {
  /** The button's name, with whose: 'Edit Sky Tours'. */
  ariaLabel: string;
  onEdit: () => void;
};

/** A row's Edit button. */
export function EditAction({ ariaLabel, onEdit }: EditActionProps) {
  return (
    <Tooltip title={managementTexts.edit}>
      <IconButton aria-label={ariaLabel} onClick={onEdit}>
        <EditIcon />
      </IconButton>
    </Tooltip>
  );
}
