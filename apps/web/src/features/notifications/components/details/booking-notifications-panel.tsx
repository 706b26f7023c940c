import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DETAILS_PANEL_PAGE_SIZE, errorMessages, uiTexts } from '@smt/shared';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NotificationItemText } from '@/components/ui/notification-item-text';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useBookingNotifications } from '@/features/notifications/api/get-booking-notifications';
import { DetailsCard } from './details-card';
import { detailsTexts } from './details-texts';

type BookingNotificationsPanelProps = { pnr: string; currentId: number };

/** The booking's other pending notifications, five more per 'Show More'; one opens in place. */
export function BookingNotificationsPanel({ pnr, currentId }: BookingNotificationsPanelProps) {
  const notifications = useBookingNotifications(pnr);
  const [shown, setShown] = useState(DETAILS_PANEL_PAGE_SIZE);
  const navigate = useNavigate();
  const { search } = useLocation();

  let body;
  if (notifications.isPending) {
    body = <Skeleton variant="rounded" height={120} aria-label={detailsTexts.loading} />;
  } else if (notifications.isError) {
    body = (
      <RetryAlert
        message={errorMessages.cantLoadNotifications}
        onRetry={() => void notifications.refetch()}
      />
    );
  } else {
    const others = notifications.data.filter((n) => n.notification_id !== currentId);
    body =
      others.length === 0 ? (
        <Typography color="text.secondary" role="status">
          {uiTexts.noNotifications}
        </Typography>
      ) : (
        <Stack spacing={1}>
          <List disablePadding aria-label={detailsTexts.otherNotifications}>
            {others.slice(0, shown).map((notification) => (
              <ListItemButton
                key={notification.notification_id}
                divider
                onClick={() =>
                  void navigate(`/notifications/${notification.notification_id}${search}`)
                }
              >
                <NotificationItemText notification={notification} />
              </ListItemButton>
            ))}
          </List>
          {others.length > shown && (
            <Button
              size="small"
              onClick={() => setShown((count) => count + DETAILS_PANEL_PAGE_SIZE)}
              sx={{ alignSelf: 'flex-start' }}
            >
              {detailsTexts.showMore}
            </Button>
          )}
        </Stack>
      );
  }

  return <DetailsCard title={detailsTexts.otherNotifications}>{body}</DetailsCard>;
}
