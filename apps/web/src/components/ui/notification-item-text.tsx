import ListItemText from '@mui/material/ListItemText';
import type { NotificationListItem } from '@smt/shared';
import { onAgentsClock } from '@/lib/agent-clock';
import { formatDateTime } from '@/lib/format';

type NotificationItemTextProps = {
  notification: Pick<NotificationListItem, 'title' | 'title_message' | 'notification_time'>;
};

/** A notification as a line of a list: its title over its message and time. */
export function NotificationItemText({ notification }: NotificationItemTextProps) {
  return (
    <ListItemText
      primary={notification.title}
      secondary={`${onAgentsClock(notification.title_message)} · ${formatDateTime(notification.notification_time)}`}
      slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
    />
  );
}
