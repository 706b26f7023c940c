import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useSnack } from '@/components/ui/snack';
import { managementTexts } from '@/lib/management/management-texts';
import { actionErrorText } from '@/lib/submit-error-text';

type ConfirmedActionProps = {
  /** The button's tooltip and the dialog's OK: 'Delete'. */
  label: string;
  /** The button's name, with whose: 'Delete Sky Tours'. */
  ariaLabel: string;
  icon: ReactNode;
  question: string;
  text: string;
  /** Sends the action; a refusal is a red snack with the server's words. */
  run: () => Promise<unknown>;
  doneText: string;
  /** Why the action is off for this row: the button is off and says so. */
  refusal?: string | undefined;
  /** Off while another action of the row runs. */
  disabled?: boolean;
  /** Told when the action starts and ends, for the row's other actions. */
  onRunning?: (running: boolean) => void;
};

/** A row's action that asks first (delete, disconnect, back to default), then says how it went. */
export function ConfirmedAction({
  label,
  ariaLabel,
  icon,
  question,
  text,
  run,
  doneText,
  refusal,
  disabled = false,
  onRunning,
}: ConfirmedActionProps) {
  const snack = useSnack();
  const [asking, setAsking] = useState(false);
  const [running, setRunning] = useState(false);

  const confirm = async () => {
    setAsking(false);
    setRunning(true);
    onRunning?.(true);
    try {
      await run();
      snack.success(doneText);
    } catch (error) {
      snack.error(actionErrorText(error));
    } finally {
      setRunning(false);
      onRunning?.(false);
    }
  };

  return (
    <>
      <Tooltip title={refusal ?? label}>
        <span>
          <IconButton
            aria-label={ariaLabel}
            aria-description={refusal}
            disabled={running || disabled || refusal !== undefined}
            onClick={() => setAsking(true)}
          >
            {icon}
          </IconButton>
        </span>
      </Tooltip>
      <ConfirmDialog
        open={asking}
        title={question}
        text={text}
        okLabel={label}
        closeLabel={managementTexts.cancel}
        onConfirm={() => void confirm()}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
