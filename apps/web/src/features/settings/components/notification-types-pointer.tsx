import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ROUTES } from '@smt/shared';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { settingsTexts } from '@/features/settings/utils/settings-texts';

/**
 * Where the user's own notifications are chosen: the Notification types page (SPEC §2.8, §4),
 * the one place for every subscription, the user's own included (docs/decisions/075).
 */
export function NotificationTypesPointer() {
  const titleId = useId();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id={titleId} variant="h6" component="h2" gutterBottom>
        {settingsTexts.channelsTitle}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {settingsTexts.channelsWhere}
      </Typography>
      <Button component={RouterLink} to={ROUTES.notificationsSettings.path} variant="outlined">
        {ROUTES.notificationsSettings.title}
      </Button>
    </Paper>
  );
}
