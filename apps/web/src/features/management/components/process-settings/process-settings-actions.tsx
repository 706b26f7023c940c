import EditIcon from '@mui/icons-material/EditOutlined';
import RestoreIcon from '@mui/icons-material/SettingsBackupRestore';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useSnack } from '@/components/ui/snack';
import { actionErrorText } from '@/lib/submit-error-text';
import { managementTexts } from '@/features/management/utils/management-texts';
import { processSettingsTexts as texts } from './process-settings-texts';

type ProcessSettingsActionsProps = {
  name: string;
  onEdit: () => void;
  /** Only for a branch with settings of its own: deletes them, after asking. */
  onBackToDefault?: (() => Promise<unknown>) | undefined;
};

/** Edit a branch's settings, and return it to the default when it has its own. */
export function ProcessSettingsActions({
  name,
  onEdit,
  onBackToDefault,
}: ProcessSettingsActionsProps) {
  const snack = useSnack();
  const [asking, setAsking] = useState(false);
  const [working, setWorking] = useState(false);

  const confirm = async () => {
    if (!onBackToDefault) return;
    setAsking(false);
    setWorking(true);
    try {
      await onBackToDefault();
      snack.success(texts.backToDefaultDone(name));
    } catch (error) {
      snack.error(actionErrorText(error));
    } finally {
      setWorking(false);
    }
  };

  return (
    <>
      <Tooltip title={managementTexts.edit}>
        <IconButton aria-label={texts.editOf(name)} onClick={onEdit}>
          <EditIcon />
        </IconButton>
      </Tooltip>
      {onBackToDefault && (
        <Tooltip title={texts.backToDefault}>
          <span>
            <IconButton
              aria-label={texts.backToDefaultOf(name)}
              disabled={working}
              onClick={() => setAsking(true)}
            >
              <RestoreIcon />
            </IconButton>
          </span>
        </Tooltip>
      )}
      <ConfirmDialog
        open={asking}
        title={texts.backToDefaultQuestion(name)}
        text={texts.backToDefaultText}
        okLabel={texts.backToDefault}
        closeLabel={managementTexts.cancel}
        onConfirm={() => void confirm()}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
