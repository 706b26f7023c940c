import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserDetails } from '@smt/shared';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { NotificationListRoute } from '@/app/routes/notification-list';
import type { SignedInContext } from '@/app/routes/signed-in-context';
import {
  countersWith,
  formsSentTo,
  notificationItem,
  stubCentreServer,
} from '@/features/notifications/components/centre/centre-test-server';

vi.mock('@/features/notifications/components/details/notification-details-overlay', () => ({
  NotificationDetailsOverlay: ({
    notificationId,
    onClose,
  }: {
    notificationId: number;
    onClose: () => void;
  }) => (
    <div role="dialog" aria-label={`Details of ${notificationId}`}>
      <button onClick={onClose}>Close details</button>
    </div>
  ),
}));
vi.mock('@/features/organisation-filter/components/browse-mode-toggle', () => ({
  BrowseModeToggle: () => null,
}));
vi.mock('@/features/organisation-filter/components/organisation-filter', () => ({
  OrganisationFilter: () => null,
}));

const LIST = '/api/v2/getNotificationList';

const AGENT: UserDetails = {
  id: 3,
  name: 'Adam Agent',
  email: 'agent@demo.test',
  phone: '+972500000003',
  roles: ['AGENT'],
  serverRoles: ['ROLE_SA_AGENT_USER'],
  betaFeatures: [],
  multiAgent: false,
  impersonatingUser: null,
};

function renderAt(path: string) {
  const context = {
    user: AGENT,
    routeUser: { routeRoles: ['Agent'], betaFeatures: [] },
    config: {},
  } as unknown as SignedInContext;
  const router = createMemoryRouter(
    [
      {
        element: <Outlet context={context} />,
        children: [{ path: '/notifications/:list/:variant', element: <NotificationListRoute /> }],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('NotificationListRoute', () => {
  it.each(['/notifications/unknown/pending', '/notifications/reprice/later'])(
    'should show the not-found screen when the list or variant is unknown (%s)',
    async (path) => {
      stubCentreServer();
      renderAt(path);

      expect(await screen.findByRole('heading', { name: 'This page does not exist' })).toBeTruthy();
      expect(formsSentTo(LIST)).toEqual([]);
    },
  );

  it("should read the list's group and the variant's subtypes when a list is opened", async () => {
    stubCentreServer({
      rows: { ADM: [notificationItem(5, { group: 'ADM', type: 'Churning', title: 'Churn 5' })] },
      counters: countersWith({}, { ADM: 2 }),
    });
    renderAt('/notifications/cancelled/complete');

    expect(await screen.findByRole('heading', { name: 'ADMs', level: 1 })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'ADMs notifications' });
    expect(await within(list).findByText('Churn 5')).toBeTruthy();
    expect(await screen.findByText('2 new')).toBeTruthy();
    const [form] = formsSentTo(LIST);
    expect(form?.get('group')).toBe('ADM');
    expect(form?.getAll('subtype')).toEqual(['Complete', 'Failed']);
    expect(form?.get('fetchType')).toBe('personal');
  });

  it('should read every group when the recent list is opened', async () => {
    stubCentreServer({ rows: { RECENT: [notificationItem(1)] } });
    renderAt('/notifications/recent/pending');

    await screen.findByText('Fare drop 1');
    const [form] = formsSentTo(LIST);
    expect(form?.get('group')).toBe('RECENT');
    expect(form?.getAll('subtype')).toEqual(['Pending']);
  });

  it('should link the tabs to the two variants keeping the query string', async () => {
    stubCentreServer();
    const router = renderAt('/notifications/reprice/pending?filter=me');

    const pending = screen.getByRole('tab', { name: 'Pending' });
    expect(pending.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Complete' }).getAttribute('href')).toBe(
      '/notifications/reprice/complete?filter=me',
    );

    await userEvent.click(screen.getByRole('tab', { name: 'Complete' }));

    expect(router.state.location.pathname).toBe('/notifications/reprice/complete');
    await vi.waitFor(() =>
      expect(formsSentTo(LIST).at(-1)?.getAll('subtype')).toEqual(['Complete', 'Failed']),
    );
  });

  it('should page, select and delete as the centre does', async () => {
    stubCentreServer({
      rows: { REPRICE: Array.from({ length: 11 }, (_, i) => notificationItem(i + 1)) },
    });
    renderAt('/notifications/reprice/pending');
    const list = await screen.findByRole('list', { name: 'Reprice notifications' });

    await userEvent.click(screen.getByRole('button', { name: 'Show More' }));
    expect(await within(list).findByText('Fare drop 11')).toBeTruthy();
    await userEvent.click(within(list).getByRole('checkbox', { name: /^Select PNR PNR011/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const ask = await screen.findByRole('dialog', { name: 'Delete 1 notification?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await vi.waitFor(() => expect(within(list).queryByText('Fare drop 11')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Selected notifications' })).toBeNull();
  });

  it('should open the details over the list and close back to it', async () => {
    stubCentreServer({ rows: { REPRICE: [notificationItem(8)] } });
    const router = renderAt('/notifications/reprice/pending');
    const card = await screen.findByRole('article', { name: 'Fare drop 8' });

    await userEvent.click(within(card).getByRole('button', { name: 'View Details' }));
    const dialog = screen.getByRole('dialog', { name: 'Details of 8' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close details' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/notifications/reprice/pending');
  });
});
