import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useId } from 'react';
import { usePushOnThisDevice } from '@/features/push/hooks/use-push-on-this-device';
import { PUSH_TEXTS } from '@/features/push/utils/push-texts';

/** Turns web push on or off for this browser; the subscriptions decide what is pushed. */
export function PushSwitch() {
  const { state, busy, change } = usePushOnThisDevice();
  const helpId = useId();
  const help =
    state === 'unsupported'
      ? PUSH_TEXTS.unsupported
      : state === 'blocked'
        ? PUSH_TEXTS.blocked
        : null;

  return (
    <Stack sx={{ mt: 2 }}>
      <FormControlLabel
        label={PUSH_TEXTS.label}
        control={
          <Switch
            checked={state === 'on'}
            disabled={
              busy || state === 'checking' || state === 'unsupported' || state === 'blocked'
            }
            onChange={(_, checked) => void change(checked)}
            slotProps={{ input: { 'aria-describedby': help ? helpId : undefined } }}
          />
        }
      />
      {help && <FormHelperText id={helpId}>{help}</FormHelperText>}
    </Stack>
  );
}
