import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import AccountTreeIcon from '@mui/icons-material/AccountTreeOutlined';
import AddCircleIcon from '@mui/icons-material/AddCircleOutlined';
import BusinessIcon from '@mui/icons-material/BusinessOutlined';
import CableIcon from '@mui/icons-material/CableOutlined';
import DashboardIcon from '@mui/icons-material/DashboardOutlined';
import HomeIcon from '@mui/icons-material/HomeOutlined';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import ListAltIcon from '@mui/icons-material/ListAltOutlined';
import ManageAccountsIcon from '@mui/icons-material/ManageAccountsOutlined';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeartOutlined';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActiveOutlined';
import PaletteIcon from '@mui/icons-material/PaletteOutlined';
import PeopleIcon from '@mui/icons-material/PeopleOutlined';
import SupportAgentIcon from '@mui/icons-material/SupportAgentOutlined';
import TuneIcon from '@mui/icons-material/TuneOutlined';
import type SvgIcon from '@mui/material/SvgIcon';
import { isRouteAllowed, ROUTES, routeUserOf, type AppRoute, type UserDetails } from '@smt/shared';
import { SHELL_LABELS } from '@/features/shell/utils/shell-labels';

export type NavItem = {
  route: AppRoute;
  label: string;
  icon: typeof SvgIcon;
  /** Shows the unread-notifications badge. */
  withUnreadBadge?: boolean;
};

const navItemOf = (route: AppRoute, icon: typeof SvgIcon, label = route.title): NavItem => ({
  route,
  label,
  icon,
});

/** The header's links; on small screens they move into the drawer (SPEC §2.13). */
export const MAIN_NAV_ITEMS: readonly NavItem[] = [
  navItemOf(ROUTES.home, HomeIcon),
  { ...navItemOf(ROUTES.notifications, NotificationsIcon), withUnreadBadge: true },
  navItemOf(ROUTES.myPnrs, ListAltIcon),
  // Not of SPEC §2.13: the credits ledger (issue 36), open to whoever sees the notifications.
  navItemOf(ROUTES.credits, AccountBalanceWalletIcon),
  navItemOf(ROUTES.dashboard, DashboardIcon),
];

/** The drawer's admin navigation, in the order of SPEC §2.13. */
export const ADMIN_NAV_ITEMS: readonly NavItem[] = [
  navItemOf(ROUTES.agency, BusinessIcon),
  navItemOf(ROUTES.branches, AccountTreeIcon),
  navItemOf(ROUTES.agents, SupportAgentIcon),
  navItemOf(ROUTES.users, PeopleIcon),
  navItemOf(ROUTES.processSettings, TuneIcon),
  navItemOf(ROUTES.designProperties, PaletteIcon),
  navItemOf(ROUTES.health, MonitorHeartIcon),
  navItemOf(ROUTES.connections, CableIcon),
  navItemOf(ROUTES.pnrInfo, InfoIcon),
  navItemOf(ROUTES.createPnr, AddCircleIcon),
  // The route's own title is 'Settings'; the drawer names it as the product does. The profile
  // (/account) opens from the user dialog.
  navItemOf(ROUTES.settings, ManageAccountsIcon, SHELL_LABELS.accountSettings),
  navItemOf(ROUTES.notificationsSettings, NotificationsActiveIcon),
];

/** The items whose route the user may open (SPEC §6: each item only if its route is allowed). */
export function allowedNavItems(items: readonly NavItem[], user: UserDetails): NavItem[] {
  const routeUser = routeUserOf(user);
  return items.filter((item) => isRouteAllowed(item.route, routeUser));
}
