import Box from '@mui/material/Box';
import { isRouteAllowed, landingPathOf, ROUTES, routeUserOf, type UserDetails } from '@smt/shared';
import { useId, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PageContent } from '@/components/layout/page-content';
import { AppHeader } from '@/features/shell/components/app-header';
import { FEEDBACK_TAB_ROOM, FeedbackTab } from '@/features/shell/components/feedback-tab';
import { NavDrawer } from '@/features/shell/components/nav-drawer';
import { PageDateLine } from '@/features/shell/components/page-date-line';
import { UserDialog } from '@/features/shell/components/user-dialog';
import { useSmallScreen } from '@/lib/use-small-screen';
import { isFeedbackTabShownOn } from '@/features/shell/utils/feedback-tab-visibility';
import { ADMIN_NAV_ITEMS, allowedNavItems, MAIN_NAV_ITEMS } from '@/features/shell/utils/nav-items';
import { SHELL_LABELS } from '@/features/shell/utils/shell-labels';

export type ShellConfig = { feedbackUrl: string; supportEmail: string; supportPhones: string[] };

type AppShellProps = {
  user: UserDetails;
  onLogout: () => void;
  onStopImpersonation?: () => void;
  config: ShellConfig;
  unreadCount?: number;
  /** What the app adds to the user dialog (device settings). */
  userDialogExtras?: ReactNode;
  children: ReactNode;
};

/** Header, navigation drawer, feedback tab and the page frame around every signed-in page. */
export function AppShell({
  user,
  onLogout,
  onStopImpersonation,
  config,
  unreadCount = 0,
  userDialogExtras,
  children,
}: AppShellProps) {
  const small = useSmallScreen();
  const { pathname } = useLocation();
  const drawerId = useId();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [userDialogOpen, setUserDialogOpen] = useState(false);

  const mainItems = allowedNavItems(MAIN_NAV_ITEMS, user);
  const adminItems = allowedNavItems(ADMIN_NAV_ITEMS, user);
  const routeUser = routeUserOf(user);
  const homePath = landingPathOf(routeUser.routeRoles) ?? ROUTES.home.path;
  const showFeedbackTab = !small && isFeedbackTabShownOn(pathname);

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppHeader
        userName={user.name}
        impersonating={user.impersonatingUser !== null}
        homePath={homePath}
        navItems={small ? [] : mainItems.filter((item) => item.route !== ROUTES.home)}
        showTrainingLink={isRouteAllowed(ROUTES.documents, routeUser)}
        unreadCount={unreadCount}
        small={small}
        drawerId={drawerId}
        drawerOpen={drawerOpen}
        showDrawerToggle={adminItems.length > 0}
        onToggleDrawer={() => setDrawerOpen((open) => !open)}
        onOpenUserDialog={() => setUserDialogOpen(true)}
      />
      <NavDrawer
        id={drawerId}
        open={drawerOpen}
        title={small ? SHELL_LABELS.menu : SHELL_LABELS.settings}
        mainItems={small ? mainItems : []}
        adminItems={adminItems}
        unreadCount={unreadCount}
        supportEmail={config.supportEmail}
        supportPhones={config.supportPhones}
        onClose={() => setDrawerOpen(false)}
      />
      <Box sx={{ pr: showFeedbackTab ? FEEDBACK_TAB_ROOM : 0 }}>
        <PageContent>
          <PageDateLine />
          {children}
        </PageContent>
      </Box>
      {showFeedbackTab && <FeedbackTab url={config.feedbackUrl} />}
      <UserDialog
        open={userDialogOpen}
        user={user}
        onClose={() => setUserDialogOpen(false)}
        onLogout={onLogout}
        onStopImpersonation={onStopImpersonation}
        extras={userDialogExtras}
      />
    </Box>
  );
}
