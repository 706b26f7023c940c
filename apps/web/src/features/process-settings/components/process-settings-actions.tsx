import RestoreIcon from '@mui/icons-material/SettingsBackupRestore';
import { ConfirmedAction } from '@/components/management/confirmed-action';
import { EditAction } from '@/components/management/edit-action';
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
  return (
    <>
      <EditAction ariaLabel={texts.editOf(name)} onEdit={onEdit} />
      {onBackToDefault && (
        <ConfirmedAction
          label={texts.backToDefault}
          ariaLabel={texts.backToDefaultOf(name)}
          icon={<RestoreIcon />}
          question={texts.backToDefaultQuestion(name)}
          text={texts.backToDefaultText}
          run={onBackToDefault}
          doneText={texts.backToDefaultDone(name)}
        />
      )}
    </>
  );
}
