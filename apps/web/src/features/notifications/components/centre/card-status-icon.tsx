import EventBusyIcon from '@mui/icons-material/EventBusyOutlined';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import HourglassTopIcon from '@mui/icons-material/HourglassTopOutlined';
import NotificationsIcon from '@mui/icons-material/NotificationsActiveOutlined';
import PriceChangeIcon from '@mui/icons-material/PriceChangeOutlined';
import ScheduleIcon from '@mui/icons-material/ScheduleOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { NotificationGroup, NotificationSubtype } from '@smt/shared';
import type { ReactElement } from 'react';

function groupIcon(group: NotificationGroup, sx: SxProps<Theme>): ReactElement {
  switch (group) {
    case 'REPRICE':
      return <PriceChangeIcon sx={sx} />;
    case 'ADM':
      return <EventBusyIcon sx={sx} />;
    case 'TICKETING_DUE':
      return <ConfirmationNumberIcon sx={sx} />;
    case 'RESCHEDULE':
      return <ScheduleIcon sx={sx} />;
    case 'WAITLIST':
      return <HourglassTopIcon sx={sx} />;
    case 'RC':
    case 'SA':
    case 'ALERT':
      return <NotificationsIcon sx={sx} />;
  }
}

type CardStatusIconProps = { group: NotificationGroup; subtype: NotificationSubtype };

/**
 * The group's icon: alert-coloured while pending, grey once done (SPEC §2.4); a completed
 * notification carries a check over it. Its name tells readers the subtype.
 */
export function CardStatusIcon({ group, subtype }: CardStatusIconProps) {
  const icon = groupIcon(group, {
    color: subtype === 'Pending' ? 'warning.main' : 'text.disabled',
    display: 'block',
  });
  return (
    <Box role="img" aria-label={subtype} data-subtype={subtype} sx={{ display: 'inline-flex' }}>
      {subtype === 'Complete' ? (
        <Badge
          overlap="circular"
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          sx={{ '& .MuiBadge-badge': { p: 0, minWidth: 0, height: 'auto' } }}
          badgeContent={
            <CheckCircleIcon
              data-testid="completed-check"
              sx={{
                fontSize: 16,
                color: 'success.main',
                bgcolor: 'background.paper',
                borderRadius: '50%',
              }}
            />
          }
        >
          {icon}
        </Badge>
      ) : (
        icon
      )}
    </Box>
  );
}
