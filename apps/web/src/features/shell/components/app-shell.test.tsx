import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  isRouteAllowed,
  routeRolesOf,
  uiRolesOf,
  type ServerRole,
  type UserDetails,
} from '@smt/shared';
import { describe, expect, it, vi } from 'vitest';
import { AppShell } from '@/features/shell/components/app-shell';
import { ADMIN_NAV_ITEMS } from '@/features/shell/utils/nav-items';
import { theme } from '@/lib/theme';
import { renderScreen } from '@/testing/render';
import { stubViewportWidth } from '@/testing/viewport';

const CONFIG = {
  feedbackUrl: 'https://example.test/feedback',
  supportEmail: 'support@example.test',
  supportPhones: ['+972 3 555 0100'],
};

function userWith(serverRoles: ServerRole[], overrides: Partial<UserDetails> = {}): UserDetails {
  return {
    id: 1,
    name: 'Dana Demo',
    email: 'dana@demo.test',
    phone: '+972500000099',
    roles: uiRolesOf(serverRoles),
    serverRoles,
    betaFeatures: [],
    multiAgent: false,
    impersonatingUser: null,
    ...overrides,
  };
}

type ShellOptions = {
  path?: string;
  unreadCount?: number;
  onLogout?: () => void;
  onStopImpersonation?: () => void;
};

function renderShell(user: UserDetails, options: ShellOptions = {}) {
  return renderScreen(
    <AppShell
      user={user}
      config={CONFIG}
      unreadCount={options.unreadCount}
      onLogout={options.onLogout ?? vi.fn()}
      onStopImpersonation={options.onStopImpersonation}
    >
      <p>page body</p>
    </AppShell>,
    options.path ?? '/home',
  );
}

async function openDrawer() {
  await userEvent.click(screen.getByRole('button', { name: 'Admin settings' }));
  const drawer = await screen.findByRole('dialog', { name: 'Settings' });
  return within(drawer).getByRole('navigation', { name: 'Settings' });
}

/** The links' names as a reader hears them: drawn-only parts (aria-hidden) left out. */
function linkNames(container: HTMLElement): string[] {
  return within(container)
    .getAllByRole('link')
    .map((link) => {
      const copy = link.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
      return copy.textContent;
    });
}

// MUI paints the app bar through a custom property, which jsdom does not resolve into the colour.
function headerBackground(): string {
  return getComputedStyle(screen.getByRole('banner')).getPropertyValue('--AppBar-background');
}

const MANAGER_ITEMS = [
  'Branches',
  'Agents',
  'Users',
  'Processes',
  'Connections',
  'Account settings',
  'Notification types',
];

const DRAWER_CASES: { role: ServerRole; items: string[] }[] = [
  {
    role: 'ROLE_SA_SUPER_USER',
    items: [
      'Agencies',
      'Branches',
      'Agents',
      'Users',
      'Processes',
      'Design',
      'Health',
      'Connections',
      'PNR Info',
      'Add PNR',
      'Account settings',
      'Notification types',
    ],
  },
  { role: 'ROLE_SA_MANAGER_USER', items: MANAGER_ITEMS },
  { role: 'ROLE_SA_AGENT_USER', items: ['Account settings', 'Notification types'] },
  {
    role: 'ROLE_SA_OPERATOR_USER',
    items: ['Agencies', 'Account settings', 'Notification types'],
  },
  { role: 'ROLE_SA_BRANCH_MANAGER_USER', items: MANAGER_ITEMS },
  {
    role: 'ROLE_SA_AGENCY_MANAGER_USER',
    items: [
      'Agencies',
      'Branches',
      'Agents',
      'Users',
      'Processes',
      'Connections',
      'Account settings',
      'Notification types',
    ],
  },
  { role: 'ROLE_SA_NEW_REGISTERED_USER', items: ['Account settings'] },
];

describe('AppShell drawer', () => {
  it.each(DRAWER_CASES)(
    'should list exactly the admin pages the route table opens when the user is $role',
    async ({ role, items }) => {
      const user = userWith([role]);
      const routeUser = { routeRoles: routeRolesOf([role]), betaFeatures: [] };
      const allowed = ADMIN_NAV_ITEMS.filter((item) => isRouteAllowed(item.route, routeUser));
      renderShell(user);

      const drawer = await openDrawer();

      expect(allowed.map((item) => item.label)).toEqual(items);
      expect(linkNames(drawer)).toEqual(items);
      for (const item of allowed) {
        expect(within(drawer).getByRole('link', { name: item.label }).getAttribute('href')).toBe(
          item.route.path,
        );
      }
    },
  );

  it('should close the drawer when one of its items is followed', async () => {
    renderShell(userWith(['ROLE_SA_SUPER_USER']));

    const drawer = await openDrawer();
    await userEvent.click(within(drawer).getByRole('link', { name: 'Health' }));

    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Settings' })).toBeNull());
  });

  it('should close the drawer when Esc is pressed', async () => {
    renderShell(userWith(['ROLE_SA_MANAGER_USER']));

    await openDrawer();
    await userEvent.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Settings' })).toBeNull());
  });

  it('should move focus into the drawer and reach its items by Tab when it opens', async () => {
    renderShell(userWith(['ROLE_SA_AGENT_USER']));

    const drawer = await openDrawer();
    await waitFor(() =>
      expect(drawer.closest('.MuiDrawer-paper')?.contains(document.activeElement)).toBe(true),
    );
    await userEvent.tab();
    await userEvent.tab();

    expect(document.activeElement?.textContent).toBe('Account settings');
  });

  it('should also list Home, Notifications and the allowed header pages when the screen is small', async () => {
    stubViewportWidth(375);
    renderShell(userWith(['ROLE_SA_AGENT_USER']), { unreadCount: 3 });

    await userEvent.click(screen.getByRole('button', { name: 'Menu (3 unread)' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    const main = within(drawer).getByRole('navigation', { name: 'Main' });

    expect(linkNames(main)).toEqual(['Home', 'Notifications (3 unread)', 'My PNRs', 'Credits']);
    expect(linkNames(screen.getByRole('navigation', { name: 'Settings' }))).toEqual([
      'Account settings',
      'Notification types',
    ]);
  });

  it('should list Dashboard but not My PNRs in the small-screen drawer when the user is a manager', async () => {
    stubViewportWidth(375);
    renderShell(userWith(['ROLE_SA_MANAGER_USER']));

    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const main = await screen.findByRole('navigation', { name: 'Main' });

    expect(linkNames(main)).toEqual(['Home', 'Notifications', 'Credits', 'Dashboard']);
  });
});

describe('AppShell header', () => {
  const HEADER_CASES: { role: ServerRole; items: string[] }[] = [
    { role: 'ROLE_SA_SUPER_USER', items: ['Notifications', 'Credits', 'Dashboard'] },
    { role: 'ROLE_SA_MANAGER_USER', items: ['Notifications', 'Credits', 'Dashboard'] },
    { role: 'ROLE_SA_BRANCH_MANAGER_USER', items: ['Notifications', 'Credits', 'Dashboard'] },
    { role: 'ROLE_SA_AGENCY_MANAGER_USER', items: ['Notifications', 'Credits', 'Dashboard'] },
    { role: 'ROLE_SA_AGENT_USER', items: ['Notifications', 'My PNRs', 'Credits'] },
    { role: 'ROLE_SA_OPERATOR_USER', items: ['Notifications', 'Credits'] },
    { role: 'ROLE_SA_NEW_REGISTERED_USER', items: [] },
  ];

  it.each(HEADER_CASES)(
    'should show only the header links the route table opens when the user is $role',
    ({ role, items }) => {
      renderShell(userWith([role]));

      const nav = screen.queryByRole('navigation', { name: 'Main' });
      expect(nav === null ? [] : linkNames(nav)).toEqual(items);
    },
  );

  it('should show the unread count on the Notifications link when there are unread notifications', () => {
    renderShell(userWith(['ROLE_SA_AGENT_USER']), { unreadCount: 7 });

    const link = screen.getByRole('link', { name: 'Notifications (7 unread)' });
    expect(link.getAttribute('href')).toBe('/notifications');
    expect(within(link).getByText('7')).toBeTruthy();
  });

  it('should link the logo and the training materials when the user may open them', () => {
    renderShell(userWith(['ROLE_SA_AGENT_USER']));

    expect(screen.getByRole('link', { name: 'SMT' }).getAttribute('href')).toBe('/home');
    expect(screen.getByRole('link', { name: 'Training materials' }).getAttribute('href')).toBe(
      '/documents',
    );
  });

  it('should lead the logo to the landing page when the user is an operator', () => {
    renderShell(userWith(['ROLE_SA_OPERATOR_USER']), { path: '/management/tools/agency' });

    expect(screen.getByRole('link', { name: 'SMT' }).getAttribute('href')).toBe(
      '/management/tools/agency',
    );
  });

  it('should show a compact header with a menu button and no header links when the screen is small', () => {
    stubViewportWidth(375);
    renderShell(userWith(['ROLE_SA_SUPER_USER']));

    expect(screen.getByRole('button', { name: 'Menu' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Admin settings' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Dana Demo' })).toBeTruthy();
  });

  it('should use the primary colour and offer Logout when the user is not impersonating', async () => {
    const onLogout = vi.fn();
    renderShell(userWith(['ROLE_SA_MANAGER_USER']), { onLogout });

    expect(headerBackground()).toBe(theme.palette.primary.main);
    await userEvent.click(screen.getByRole('button', { name: 'Dana Demo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dana Demo' });
    expect(within(dialog).queryByRole('button', { name: 'Stop Impersonation' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Logout' }));

    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('should link the profile from the user dialog when it opens', async () => {
    renderShell(userWith(['ROLE_SA_AGENT_USER']));

    await userEvent.click(screen.getByRole('button', { name: 'Dana Demo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dana Demo' });

    expect(within(dialog).getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe(
      '/account',
    );
  });

  it('should turn the header red and offer Stop Impersonation instead of Logout when impersonating', async () => {
    const onLogout = vi.fn();
    const onStopImpersonation = vi.fn();
    const user = userWith(['ROLE_SA_AGENT_USER'], {
      impersonatingUser: { id: 9, name: 'Super User', phone: '+972500000001' },
    });
    renderShell(user, { onLogout, onStopImpersonation });

    expect(headerBackground()).toBe(theme.palette.error.main);
    await userEvent.click(screen.getByRole('button', { name: 'Dana Demo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dana Demo' });
    expect(within(dialog).queryByRole('button', { name: 'Logout' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop Impersonation' }));

    expect(onStopImpersonation).toHaveBeenCalledOnce();
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('should hide the admin settings toggle when the drawer would be empty', () => {
    // A role the app does not know opens no route at all.
    renderShell(userWith([]));

    expect(screen.queryByRole('button', { name: 'Admin settings' })).toBeNull();
  });
});

describe('AppShell feedback tab', () => {
  it.each(['/home', '/dashboard', '/my-pnrs', '/account', '/notificationsSettings'])(
    'should link to the feedback form in a new tab when the page is %s',
    (path) => {
      renderShell(userWith(['ROLE_SA_SUPER_USER']), { path });

      const tab = screen.getByRole('link', { name: 'Feedback' });
      expect(tab.getAttribute('href')).toBe(CONFIG.feedbackUrl);
      expect(tab.getAttribute('target')).toBe('_blank');
      expect(tab.getAttribute('rel')).toContain('noopener');
    },
  );

  it.each([
    '/notifications',
    '/notifications/42',
    '/notifications/recent/pending',
    '/management/tools/users',
    '/management/tools/agency/add-agency',
  ])('should hide the feedback tab when the page is %s', (path) => {
    renderShell(userWith(['ROLE_SA_SUPER_USER']), { path });

    expect(screen.queryByRole('link', { name: 'Feedback' })).toBeNull();
  });

  it('should hide the feedback tab when the screen is small', () => {
    stubViewportWidth(375);
    renderShell(userWith(['ROLE_SA_SUPER_USER']));

    expect(screen.queryByRole('link', { name: 'Feedback' })).toBeNull();
  });
});

describe('AppShell page frame', () => {
  it('should show the weekday and date above the page when it renders', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 22, 9, 30));
    try {
      renderShell(userWith(['ROLE_SA_AGENT_USER']));

      const main = screen.getByRole('main');
      expect(within(main).getByText('Sunday, 22/11/2026')).toBeTruthy();
      expect(within(main).getByText('page body')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});
