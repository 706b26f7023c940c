import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import MenuBookIcon from '@mui/icons-material/MenuBookOutlined';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { alpha } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import { ROUTES } from '@smt/shared';
import { Link as RouterLink, NavLink } from 'react-router';
import { AppLogo } from '@/features/shell/components/app-logo';
import {
  UnreadBadge,
  UnreadCountText,
  unreadCountText,
} from '@/features/shell/components/unread-badge';
import type { NavItem } from '@/features/shell/utils/nav-items';
import { SHELL_LABELS } from '@/features/shell/utils/shell-labels';

type AppHeaderProps = {
  userName: string;
  impersonating: boolean;
  homePath: string;
  /** The header's links; empty on small screens, where the drawer lists them. */
  navItems: readonly NavItem[];
  showTrainingLink: boolean;
  unreadCount: number;
  small: boolean;
  drawerId: string;
  drawerOpen: boolean;
  /** The wide header only offers the toggle when the drawer has something in it. */
  showDrawerToggle: boolean;
  onToggleDrawer: () => void;
  onOpenUserDialog: () => void;
};

/** The top bar of SPEC §2.13; red while an admin impersonates someone. */
export function AppHeader({
  userName,
  impersonating,
  homePath,
  navItems,
  showTrainingLink,
  unreadCount,
  small,
  drawerId,
  drawerOpen,
  showDrawerToggle,
  onToggleDrawer,
  onOpenUserDialog,
}: AppHeaderProps) {
  const badgeColor = impersonating ? 'primary' : 'error';

  return (
    <AppBar position="sticky" color={impersonating ? 'error' : 'primary'} elevation={1}>
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 } }}>
        <AppLogo to={homePath} />
        {navItems.length > 0 && (
          <Box
            component="nav"
            aria-label={SHELL_LABELS.mainNav}
            sx={{ display: 'flex', gap: 0.5, ml: { sm: 1, md: 3 } }}
          >
            {navItems.map(({ route, label, withUnreadBadge }) => (
              <Button
                key={route.path}
                component={NavLink}
                to={route.path}
                color="inherit"
                sx={(theme) => ({
                  px: { sm: 1, md: 1.5 },
                  flexShrink: 0,
                  whiteSpace: 'nowrap',
                  typography: 'subtitle1',
                  // Darker, not lighter, than the bar: white text keeps its 4.5:1 contrast.
                  '&[aria-current="page"]': {
                    bgcolor: alpha(theme.palette.common.black, 0.24),
                  },
                })}
              >
                {withUnreadBadge ? (
                  <>
                    <UnreadBadge count={unreadCount} color={badgeColor}>
                      <Box component="span" sx={{ pr: unreadCount > 0 ? 1.5 : 0 }}>
                        {label}
                      </Box>
                    </UnreadBadge>
                    <UnreadCountText count={unreadCount} />
                  </>
                ) : (
                  label
                )}
              </Button>
            ))}
          </Box>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {showTrainingLink && (
          <Tooltip title={SHELL_LABELS.trainingMaterials}>
            <IconButton
              component={RouterLink}
              to={ROUTES.documents.path}
              color="inherit"
              aria-label={SHELL_LABELS.trainingMaterials}
            >
              <MenuBookIcon />
            </IconButton>
          </Tooltip>
        )}
        {!small && showDrawerToggle && (
          <Tooltip title={SHELL_LABELS.adminSettings}>
            <IconButton
              color="inherit"
              aria-label={SHELL_LABELS.adminSettings}
              aria-controls={drawerOpen ? drawerId : undefined}
              aria-expanded={drawerOpen}
              onClick={onToggleDrawer}
            >
              <AdminPanelSettingsIcon />
            </IconButton>
          </Tooltip>
        )}
        {small ? (
          <IconButton color="inherit" aria-label={userName} onClick={onOpenUserDialog}>
            <PersonIcon />
          </IconButton>
        ) : (
          <Button
            color="inherit"
            startIcon={<PersonIcon />}
            onClick={onOpenUserDialog}
            // Between a tablet's width and a desktop's, the name gives way to the links.
            sx={{ maxWidth: (theme) => theme.spacing(30), minWidth: 0 }}
          >
            <Box
              component="span"
              sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {userName}
            </Box>
          </Button>
        )}
        {small && (
          // Not pulled to the edge: a two-digit badge on the icon would reach past the screen.
          <IconButton
            color="inherit"
            aria-label={`${SHELL_LABELS.menu}${unreadCountText(unreadCount)}`}
            aria-controls={drawerOpen ? drawerId : undefined}
            aria-expanded={drawerOpen}
            onClick={onToggleDrawer}
          >
            <UnreadBadge count={unreadCount} color={badgeColor}>
              <MenuIcon />
            </UnreadBadge>
          </IconButton>
        )}
      </Toolbar>
    </AppBar>
  );
}
