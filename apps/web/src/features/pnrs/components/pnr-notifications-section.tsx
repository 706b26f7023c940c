import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  buildPath,
  errorMessages,
  PANEL_GROUPS,
  ROUTES,
  uiTexts,
  type NotificationGroup,
  type NotificationListItem,
  type PanelGroup,
} from '@smt/shared';
import { Link as RouterLink } from 'react-router';
import { NotificationItemText } from '@/components/ui/notification-item-text';
import { RetryAlert } from '@/components/ui/retry-alert';
import { pnrTexts } from '@/features/pnrs/utils/pnr-texts';
import { PnrSection } from './pnr-section';

type PnrNotificationsSectionProps = {
  /** Undefined while they load. */
  notifications: readonly NotificationListItem[] | undefined;
  failed: boolean;
  onRetry: () => void;
};

const isPanelGroup = (group: NotificationGroup): group is PanelGroup =>
  (PANEL_GROUPS as readonly NotificationGroup[]).includes(group);

/** The booking's pending notifications, each opening its details. */
export function PnrNotificationsSection({
  notifications,
  failed,
  onRetry,
}: PnrNotificationsSectionProps) {
  let body;
  if (failed) {
    body = <RetryAlert message={errorMessages.cantLoadNotifications} onRetry={onRetry} />;
  } else if (notifications === undefined) {
    body = <Skeleton variant="rounded" height={96} aria-label={pnrTexts.loadingNotifications} />;
  } else if (notifications.length === 0) {
    body = (
      <Typography color="text.secondary" role="status">
        {uiTexts.noNotifications}
      </Typography>
    );
  } else {
    body = (
      <List disablePadding dense aria-label={pnrTexts.notifications}>
        {notifications.map((notification) => (
          <ListItemButton
            key={notification.notification_id}
            component={RouterLink}
            to={buildPath(ROUTES.notificationDetails.path, { id: notification.notification_id })}
            divider
            sx={(theme) => ({
              borderLeft: `${theme.spacing(0.5)} solid`,
              borderLeftColor: isPanelGroup(notification.group)
                ? theme.palette.groups[notification.group]
                : theme.palette.primary.main,
            })}
          >
            <NotificationItemText notification={notification} />
          </ListItemButton>
        ))}
      </List>
    );
  }

  return <PnrSection title={pnrTexts.notifications}>{body}</PnrSection>;
}
