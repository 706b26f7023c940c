import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ROUTES } from '@smt/shared';
import type { ReactNode } from 'react';
import { NotificationTypesPointer } from './notification-types-pointer';

type SettingsPageProps = {
  /** This browser's push permission. */
  push: ReactNode;
};

/**
 * `/settings`: the drawer's account settings: this browser's push permission, and where the
 * user's own notifications are chosen.
 */
export function SettingsPage({ push }: SettingsPageProps) {
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Typography variant="h5" component="h1">
        {ROUTES.settings.title}
      </Typography>
      {push}
      <NotificationTypesPointer />
    </Stack>
  );
}
