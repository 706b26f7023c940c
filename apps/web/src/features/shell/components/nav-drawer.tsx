import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { NavLink } from 'react-router';
import { SupportContacts } from '@/components/errors/support-contacts';
import { UnreadBadge, UnreadCountText } from '@/features/shell/components/unread-badge';
import type { NavItem } from '@/features/shell/utils/nav-items';
import { SHELL_LABELS } from '@/features/shell/utils/shell-labels';

type NavDrawerProps = {
  id: string;
  open: boolean;
  title: string;
  /** Home, Notifications, My PNRs, Dashboard: only given on small screens. */
  mainItems: readonly NavItem[];
  adminItems: readonly NavItem[];
  unreadCount: number;
  supportEmail: string;
  supportPhones: readonly string[];
  onClose: () => void;
};

type NavListProps = {
  label: string;
  items: readonly NavItem[];
  unreadCount: number;
  onNavigate: () => void;
};

function NavList({ label, items, unreadCount, onNavigate }: NavListProps) {
  return (
    <List component="nav" aria-label={label}>
      {items.map(({ route, label: itemLabel, icon: Icon, withUnreadBadge }) => (
        <ListItemButton
          key={route.path}
          component={NavLink}
          to={route.path}
          // Every item lands on its page; the drawer has done its job.
          onClick={onNavigate}
          sx={{ '&[aria-current="page"]': { bgcolor: 'action.selected' } }}
        >
          <ListItemIcon>
            {withUnreadBadge ? (
              <UnreadBadge count={unreadCount}>
                <Icon />
              </UnreadBadge>
            ) : (
              <Icon />
            )}
          </ListItemIcon>
          <ListItemText
            primary={
              <>
                {itemLabel}
                {withUnreadBadge && <UnreadCountText count={unreadCount} />}
              </>
            }
          />
        </ListItemButton>
      ))}
    </List>
  );
}

/** The right drawer: admin navigation, and on small screens the header's links (SPEC §2.13). */
export function NavDrawer({
  id,
  open,
  title,
  mainItems,
  adminItems,
  unreadCount,
  supportEmail,
  supportPhones,
  onClose,
}: NavDrawerProps) {
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          id,
          // A modal panel: readers should hear it as a named dialog, as it traps focus like one.
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': titleId,
          sx: { width: (theme) => theme.spacing(36), maxWidth: '85vw' },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1 }}>
        <Typography id={titleId} variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        <IconButton edge="end" aria-label={SHELL_LABELS.close} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Divider />
      {mainItems.length > 0 && (
        <NavList
          label={SHELL_LABELS.mainNav}
          items={mainItems}
          unreadCount={unreadCount}
          onNavigate={onClose}
        />
      )}
      {mainItems.length > 0 && adminItems.length > 0 && <Divider />}
      {adminItems.length > 0 && (
        <NavList
          label={SHELL_LABELS.settings}
          items={adminItems}
          unreadCount={unreadCount}
          onNavigate={onClose}
        />
      )}
      <Box sx={{ mt: 'auto', px: 2, py: 2 }}>
        <SupportContacts email={supportEmail} phones={supportPhones} variant="caption" />
      </Box>
    </Drawer>
  );
}
