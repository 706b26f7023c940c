import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { PnrInfoNotification } from '@smt/shared';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '@/lib/format';
import { pnrInfoTexts as texts } from './pnr-info-texts';

type PnrNotificationsListProps = { notifications: readonly PnrInfoNotification[] };

/** What the engine raised for the booking, each opening its details. */
export function PnrNotificationsList({ notifications }: PnrNotificationsListProps) {
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="notifications-heading"
      sx={{ p: 2 }}
    >
      <Typography id="notifications-heading" variant="h6" component="h2">
        {texts.notifications}
      </Typography>
      {notifications.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {texts.noNotifications}
        </Typography>
      ) : (
        <List dense disablePadding>
          {notifications.map((notification) => (
            <ListItem key={notification.id} disableGutters divider>
              <ListItemText
                primary={
                  <Link component={RouterLink} to={`/notifications/${notification.id}`}>
                    {notification.title}: {notification.titleMessage}
                  </Link>
                }
                secondary={`${notification.subtype} · ${notification.status} · ${formatDateTime(notification.notificationTime)}`}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
