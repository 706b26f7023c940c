import NotificationsActiveIcon from '@mui/icons-material/NotificationsActiveOutlined';
import NotificationsOffIcon from '@mui/icons-material/NotificationsOffOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { settingsTexts } from '@/features/settings/utils/settings-texts';

export type PushPermissionState = 'checking' | 'unsupported' | 'blocked' | 'off' | 'on';

type PushPermissionCardProps = {
  state: PushPermissionState;
  busy: boolean;
  onChange: (on: boolean) => void;
};

const STATE_TEXT: Record<PushPermissionState, string> = {
  checking: settingsTexts.pushChecking,
  unsupported: settingsTexts.pushUnsupported,
  blocked: settingsTexts.pushBlocked,
  off: settingsTexts.pushOff,
  on: settingsTexts.pushOn,
};

/** Whether this browser gets pushes, and the button that changes it. */
export function PushPermissionCard({ state, busy, onChange }: PushPermissionCardProps) {
  const titleId = useId();
  const on = state === 'on';
  const Icon = on ? NotificationsActiveIcon : NotificationsOffIcon;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id={titleId} variant="h6" component="h2" gutterBottom>
        {settingsTexts.pushTitle}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <Stack direction="row" spacing={1.5} sx={{ flex: 1, alignItems: 'center' }}>
          <Icon color={on ? 'success' : 'disabled'} aria-hidden />
          <Typography role="status">{STATE_TEXT[state]}</Typography>
        </Stack>
        <Button
          variant={on ? 'outlined' : 'contained'}
          onClick={() => onChange(!on)}
          loading={busy}
          disabled={state === 'checking' || state === 'unsupported' || state === 'blocked'}
        >
          {on ? settingsTexts.turnOff : settingsTexts.turnOn}
        </Button>
      </Stack>
    </Paper>
  );
}
