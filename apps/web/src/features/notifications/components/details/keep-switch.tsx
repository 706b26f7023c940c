import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { NotificationHeader } from '@smt/shared';
import { useState } from 'react';
import { keepSwitchLabelOf, keepSwitchOpCode } from '@/features/notifications/utils/details-rules';

type KeepSwitchProps = {
  header: NotificationHeader;
  disabled: boolean;
  /** Sends CR or SR; answers whether the server took it. */
  onToggle: (opCode: 'CR' | 'SR') => Promise<boolean>;
};

/** 'Keep repricing' / 'Keep alerting': flips at once, and flips back if the server says no. */
export function KeepSwitch({ header, disabled, onToggle }: KeepSwitchProps) {
  // What the user just asked for, shown until the server's answer replaces it.
  const [asked, setAsked] = useState<boolean | null>(null);
  const label = keepSwitchLabelOf(header.type);
  if (!label) return null;
  const checked = asked ?? header.type_status === 'Active';

  const toggle = async (on: boolean) => {
    setAsked(on);
    await onToggle(keepSwitchOpCode(on));
    setAsked(null);
  };

  return (
    <FormControlLabel
      label={label}
      disabled={disabled || asked !== null}
      control={<Switch checked={checked} onChange={(_event, on) => void toggle(on)} />}
    />
  );
}
