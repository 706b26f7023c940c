import LinkOffIcon from '@mui/icons-material/LinkOff';
import NetworkCheckIcon from '@mui/icons-material/NetworkCheck';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ConnectionTestResult } from '@smt/shared';
import { useState } from 'react';
import { ConfirmedAction } from '@/components/management/confirmed-action';
import { EditAction } from '@/components/management/edit-action';
import { useSnack } from '@/components/ui/snack';
import { managementTexts } from '@/lib/management/management-texts';
import { actionErrorText } from '@/lib/submit-error-text';
import { connectionsTexts as texts } from './connections-texts';

type ConnectionActionsProps = {
  name: string;
  /** Asks the provider; the list is read again once it answers, with this as its last test. */
  onTest: () => Promise<ConnectionTestResult>;
  /** Only a connection with settings to edit (Duffel's, not the simulator's). */
  onEdit?: (() => void) | undefined;
  onDisconnect: () => Promise<unknown>;
};

type Busy = 'testing' | 'disconnecting' | null;

/** Test, edit and disconnect an active connection; disconnect asks first. */
export function ConnectionActions({ name, onTest, onEdit, onDisconnect }: ConnectionActionsProps) {
  const snack = useSnack();
  const [busy, setBusy] = useState<Busy>(null);

  const test = async () => {
    setBusy('testing');
    try {
      // A refused token is an answer, not a failure of the call: the provider's words say why.
      const result = await onTest();
      if (result.ok) snack.success(result.message);
      else snack.error(result.message);
    } catch (error) {
      snack.error(actionErrorText(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Tooltip title={texts.test}>
        <IconButton
          aria-label={texts.testOf(name)}
          aria-busy={busy === 'testing'}
          // One action at a time; not disabled meanwhile, so keyboard focus stays on the button.
          onClick={() => {
            if (busy === null) void test();
          }}
        >
          {busy === 'testing' ? (
            <CircularProgress size={24} color="inherit" />
          ) : (
            <NetworkCheckIcon />
          )}
        </IconButton>
      </Tooltip>
      {onEdit && <EditAction ariaLabel={managementTexts.editOf(name)} onEdit={onEdit} />}
      <ConfirmedAction
        label={texts.disconnect}
        ariaLabel={texts.disconnectOf(name)}
        icon={<LinkOffIcon />}
        question={texts.disconnectQuestion(name)}
        text={texts.disconnectText}
        run={onDisconnect}
        doneText={texts.disconnectedDone(name)}
        disabled={busy === 'testing'}
        onRunning={(running) => setBusy(running ? 'disconnecting' : null)}
      />
    </>
  );
}
