import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useSnack } from '@/components/ui/snack';
import { actionErrorText } from '@/lib/submit-error-text';

type StatusSwitchProps = {
  /** The switch's accessible name, e.g. 'Enabled: Sky Tours'. */
  label: string;
  checked: boolean;
  /** Sends the new state; the list is read again once it is done. */
  onChange: (checked: boolean) => Promise<unknown>;
  /** The green snack once the change is done. */
  doneText: (checked: boolean) => string;
  /** Why this row's switch may not be changed (the caller's own account): off, and says so. */
  refusal?: string | undefined;
};

/** A row's enabled or activated switch; it shows the list's state, so a refusal leaves it. */
export function StatusSwitch({ label, checked, onChange, doneText, refusal }: StatusSwitchProps) {
  const snack = useSnack();
  const [busy, setBusy] = useState(false);
  const change = async (next: boolean) => {
    setBusy(true);
    try {
      await onChange(next);
      snack.success(doneText(next));
    } catch (error) {
      snack.error(actionErrorText(error));
    } finally {
      setBusy(false);
    }
  };
  const control = (
    <Switch
      checked={checked}
      disabled={refusal !== undefined}
      // One change at a time; not disabled meanwhile, so keyboard focus stays on the switch.
      onChange={(_event, next) => {
        if (!busy) void change(next);
      }}
      slotProps={{
        input: { 'aria-label': label, 'aria-busy': busy, 'aria-description': refusal },
      }}
    />
  );
  if (refusal === undefined) return control;
  // A disabled control fires no pointer events: the tooltip listens on its wrapper.
  return (
    <Tooltip title={refusal}>
      <span>{control}</span>
    </Tooltip>
  );
}
