import FlightIcon from '@mui/icons-material/FlightTakeoffOutlined';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  errorMessages,
  isUnread,
  PANEL_GROUPS,
  type NotificationListItem,
  type PanelGroup,
} from '@smt/shared';
import { useId, type ReactNode } from 'react';
import { isCentreCardAvailable } from '@/features/notifications/utils/centre-card-rules';
import { CardActionsMenu } from './card-actions-menu';
import { CardAlerts } from './card-alerts';
import { CardStatusIcon } from './card-status-icon';
import { PnrSummaryLine } from './pnr-summary-line';
import { VisuallyHidden } from '@/components/ui/visually-hidden';

type NotificationCardProps = {
  item: NotificationListItem;
  selected: boolean;
  onSelectChange: (checked: boolean) => void;
  onViewDetails: () => void;
  onDelete: () => void;
  deleting: boolean;
};

function isPanelGroup(group: string): group is PanelGroup {
  return (PANEL_GROUPS as readonly string[]).includes(group);
}

/** One notification in a list (SPEC §2.4); unread ones stand out with a bar and a bold title. */
export function NotificationCard(props: NotificationCardProps) {
  if (!isCentreCardAvailable(props.item)) return <UnavailableCard />;
  return <AvailableCard {...props} />;
}

function UnavailableCard() {
  return (
    <Card variant="outlined" component="article" sx={{ p: 2 }}>
      <Typography color="text.secondary">{errorMessages.notificationNotAvailable}</Typography>
    </Card>
  );
}

function AvailableCard({
  item,
  selected,
  onSelectChange,
  onViewDetails,
  onDelete,
  deleting,
}: NotificationCardProps) {
  const titleId = useId();
  const unread = isUnread(item.status);
  const group = item.group;

  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={titleId}
      data-unread={unread}
      sx={(theme) => ({
        position: 'relative',
        opacity: deleting ? 0.5 : 1,
        borderLeftWidth: theme.spacing(0.5),
        borderLeftColor: unread
          ? isPanelGroup(group)
            ? theme.palette.groups[group]
            : theme.palette.primary.main
          : theme.palette.divider,
        bgcolor: selected ? 'action.selected' : 'background.paper',
      })}
    >
      {/* Controls on a row of their own, so the words get the card's whole width. */}
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', px: 0.5, pt: 0.5 }}>
        <Checkbox
          size="small"
          checked={selected}
          disabled={item.readonly}
          onChange={(event) => onSelectChange(event.target.checked)}
          slotProps={{ input: { 'aria-label': `Select PNR ${item.pnr}: ${item.title}` } }}
          sx={{ p: 0.5 }}
        />
        <CardStatusIcon group={item.group} subtype={item.subtype} />
        <Box sx={{ flex: 1 }} />
        <CardAlerts alerts={item.alerts} />
        {!item.readonly && <CardActionsMenu pnr={item.pnr} busy={deleting} onDelete={onDelete} />}
      </Stack>
      <Stack spacing={0.5} sx={{ px: 1.5, pb: 1, minWidth: 0 }}>
        <Typography
          id={titleId}
          component="h3"
          variant="subtitle2"
          sx={{ fontWeight: unread ? 'fontWeightBold' : 'fontWeightRegular' }}
        >
          {item.title}
          {unread && <UnreadMark />}
        </Typography>
        {item.title_message !== '' && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {item.title_message}
          </Typography>
        )}
        {item.contact_name && (
          <DetailLine icon={<PersonIcon fontSize="inherit" />} label="Contact">
            {item.contact_name}
          </DetailLine>
        )}
        {item.pnr_summary && (
          <DetailLine icon={<FlightIcon fontSize="inherit" />} label="Booking">
            <PnrSummaryLine summary={item.pnr_summary} />
          </DetailLine>
        )}
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="body2">
            PNR{' '}
            <Box component="span" sx={{ fontWeight: 'fontWeightMedium', letterSpacing: 0.5 }}>
              {item.pnr}
            </Box>
          </Typography>
          <Button size="small" onClick={onViewDetails} sx={{ mr: -0.5 }}>
            View Details
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}

/** A dot for the eye and a word for screen readers. */
function UnreadMark() {
  return (
    <>
      <Box
        component="span"
        aria-hidden
        sx={{
          display: 'inline-block',
          width: (theme) => theme.spacing(1),
          height: (theme) => theme.spacing(1),
          ml: 1,
          borderRadius: '50%',
          bgcolor: 'primary.main',
          verticalAlign: 'middle',
        }}
      />
      <VisuallyHidden> Unread</VisuallyHidden>
    </>
  );
}

type DetailLineProps = { icon: ReactNode; label: string; children: ReactNode };

function DetailLine({ icon, label, children }: DetailLineProps) {
  return (
    <Stack
      direction="row"
      spacing={0.75}
      sx={{ alignItems: 'center', color: 'text.secondary', typography: 'body2' }}
    >
      <Box component="span" aria-label={label} role="img" sx={{ display: 'inline-flex' }}>
        {icon}
      </Box>
      <Box component="span" sx={{ minWidth: 0, overflowWrap: 'anywhere', color: 'text.primary' }}>
        {children}
      </Box>
    </Stack>
  );
}
