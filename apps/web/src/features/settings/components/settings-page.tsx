import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ROUTES } from '@smt/shared';
import type { ReactNode } from 'react';

type SettingsPageProps = {
  /** This browser's push permission. */
  push: ReactNode;
  /** The user's own notification channels. */
  channels: ReactNode;
};

/** `/settings`: the drawer's account settings, this browser first, then the user's channels. */
export function SettingsPage({ push, channels }: SettingsPageProps) {
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Typography variant="h5" component="h1">
        {ROUTES.settings.title}
      </Typography>
      {push}
      {channels}
    </Stack>
  );
}
