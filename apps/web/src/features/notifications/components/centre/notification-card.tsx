import AgentIcon from '@mui/icons-material/BadgeOutlined';
import FlightIcon from '@mui/icons-material/FlightTakeoffOutlined';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import {
  errorMessages,
  isUnread,
  PANEL_GROUPS,
  type NotificationListItem,
  type PanelGroup,
} from '@smt/shared';
import { useId, type KeyboardEvent, type ReactNode } from 'react';
import { isCentreCardAvailable } from '@/features/notifications/utils/centre-card-rules';
import { CardActionsMenu } from './card-actions-menu';
import { CardAlerts } from './card-alerts';
import { CardStatusIcon } from './card-status-icon';
import { PnrSummaryLine } from './pnr-summary-line';
import { CreditAvailableBadges } from '@/components/ui/credit-available-badges';
import { onAgentsClock } from '@/lib/agent-clock';
import { VisuallyHidden } from '@/components/ui/visually-hidden';

type NotificationCardProps = {
  item: NotificationListItem;
  selected: boolean;
  onSelectChange: (checked: boolean) => void;
  onViewDetails: () => void;
  onDelete: () => void;
  deleting: boolean;
  /** Lists that hold other agents' notifications name the agent who owns each. */
  showAgent?: boolean;
  /** The card is the list's keyboard stop (roving tabindex); the others answer to arrows. */
  tabStop?: boolean;
};

function isPanelGroup(group: string): group is PanelGroup {
  return (PANEL_GROUPS as readonly string[]).includes(group);
}

/** One notification in a list (SPEC §2.4); unread ones stand out with a bar and a bold title. */
export function NotificationCard(props: NotificationCardProps) {
  if (!isCentreCardAvailable(props.item)) return <UnavailableCard {...props} />;
  return <AvailableCard {...props} />;
}

// A card takes focus itself so the arrow keys can walk the list; its ring shows where focus is.
const focusRing = (theme: Theme) => ({
  '&:focus-visible': {
    outline: `${theme.spacing(0.25)} solid ${theme.palette.primary.main}`,
    outlineOffset: theme.spacing(0.25),
  },
});

function UnavailableCard({ tabStop = false }: NotificationCardProps) {
  return (
    <Card
      variant="outlined"
      component="article"
      tabIndex={tabStop ? 0 : -1}
      data-notification-card=""
      sx={(theme) => ({ p: 2, ...focusRing(theme) })}
    >
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
  showAgent = false,
  tabStop = false,
}: NotificationCardProps) {
  const titleId = useId();
  const unread = isUnread(item.status);
  const group = item.group;
  // The server writes a deadline in UTC; the agent reads it on their own clock.
  const title = onAgentsClock(item.title);

  // Enter on the card itself opens it; Enter on a control inside does what that control does.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter' || event.target !== event.currentTarget) return;
    event.preventDefault();
    onViewDetails();
  };

  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={titleId}
      data-unread={unread}
      data-notification-card=""
      tabIndex={tabStop ? 0 : -1}
      onKeyDown={onKeyDown}
      sx={(theme) => ({
        ...focusRing(theme),
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
          slotProps={{ input: { 'aria-label': `Select PNR ${item.pnr}: ${title}` } }}
          sx={{ p: 0.5 }}
        />
        <CardStatusIcon group={item.group} subtype={item.subtype} />
        <Box sx={{ flex: 1 }} />
        <CardAlerts alerts={item.alerts} pending={item.subtype === 'Pending'} />
        {!item.readonly && <CardActionsMenu pnr={item.pnr} busy={deleting} onDelete={onDelete} />}
      </Stack>
      <Stack spacing={0.5} sx={{ px: 1.5, pb: 1, minWidth: 0 }}>
        <Typography
          id={titleId}
          component="h3"
          variant="subtitle2"
          sx={{ fontWeight: unread ? 'fontWeightBold' : 'fontWeightRegular' }}
        >
          {title}
          {unread && <UnreadMark />}
        </Typography>
        {item.title_message !== '' && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {onAgentsClock(item.title_message)}
          </Typography>
        )}
        {item.contact_name && (
          <DetailLine icon={<PersonIcon fontSize="inherit" />} label="Contact">
            {item.contact_name}
          </DetailLine>
        )}
        {showAgent && (
          <DetailLine icon={<AgentIcon fontSize="inherit" />} label="Agent">
            {item.agent_name}
          </DetailLine>
        )}
        {item.pnr_summary && (
          <DetailLine icon={<FlightIcon fontSize="inherit" />} label="Booking">
            <PnrSummaryLine summary={item.pnr_summary} />
          </DetailLine>
        )}
        <CreditAvailableBadges credits={item.credit_available} />
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
