import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UiRole, UserDetails } from '@smt/shared';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { NotificationListRoute } from '@/app/routes/notification-list';
import { NotificationsRoute } from '@/app/routes/notifications';
import type { SignedInContext } from '@/app/routes/signed-in-context';
import {
  formsSentTo,
  notificationItem,
  pathOf,
  stubCentreServer,
} from '@/features/notifications/components/centre/centre-test-server';

// The details overlay and the organisation filter are other screens' work, tested there.
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
  BrowseModeToggle: ({ value, onChange }: { value: string; onChange: (next: string) => void }) => (
    <button aria-pressed={value === 'me'} onClick={() => onChange(value === 'me' ? 'all' : 'me')}>
      Me
    </button>
  ),
}));
vi.mock('@/features/organisation-filter/components/organisation-filter', () => ({
  OrganisationFilter: ({
    value,
    onChange,
    disabled,
  }: {
    value: { agencyIds: number[]; branchIds: number[]; agentIds: number[] };
    onChange: (next: { agencyIds: number[]; branchIds: number[]; agentIds: number[] }) => void;
    disabled?: boolean;
  }) => (
    <div role="group" aria-label="Organisation filter" aria-disabled={disabled}>
      <output aria-label="Chosen">{JSON.stringify(value)}</output>
      <button onClick={() => onChange({ agencyIds: [1], branchIds: [7], agentIds: [] })}>
        Choose branch 7
      </button>
      <button onClick={() => onChange({ agencyIds: [1], branchIds: [7], agentIds: [21, 22] })}>
        Choose agents 21 and 22
      </button>
    </div>
  ),
}));

const LIST = '/api/v2/getNotificationList';
const COUNTERS = '/api/getUnreadNotificationsCountBySubtype';

function userOf(roles: UiRole[], multiAgent = false): UserDetails {
  return {
    id: 3,
    name: 'Maya Manager',
    email: 'manager@demo.test',
    phone: '+972500000002',
    roles,
    serverRoles: [],
    betaFeatures: [],
    multiAgent,
    impersonatingUser: null,
  };
}

const AGENT = userOf(['AGENT']);
const MANAGER = userOf(['MANAGER']);

function renderAt(path: string, user: UserDetails = AGENT) {
  const context = {
    user,
    routeUser: { routeRoles: [], betaFeatures: [] },
    config: {},
  } as unknown as SignedInContext;
  const router = createMemoryRouter(
    [
      {
        element: <Outlet context={context} />,
        children: [
          { path: '/notifications', element: <NotificationsRoute /> },
          { path: '/notifications/:id', element: <NotificationsRoute /> },
          { path: '/notifications/:list/:variant', element: <NotificationListRoute /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { router, location };
}

/** The filter of the newest list call for the reprice column. */
function lastRepriceForm(): URLSearchParams | undefined {
  return formsSentTo(LIST)
    .filter((form) => form.get('group') === 'REPRICE')
    .at(-1);
}

function whoOf(form: URLSearchParams | undefined) {
  return {
    fetchType: form?.get('fetchType'),
    agencyIds: form?.getAll('agencyIds'),
    branchIds: form?.getAll('branchIds'),
    agentIds: form?.getAll('agentIds'),
  };
}

describe('NotificationsRoute', () => {
  it('should open the details route when the query string carries an id', async () => {
    stubCentreServer();
    const { location } = renderAt('/notifications?id=123&view=ALL');

    expect(await screen.findByRole('dialog', { name: 'Details of 123' })).toBeTruthy();
    expect(location()).toBe('/notifications/123?view=ALL');
  });

  it('should go back to the list when the query string id is not digits', async () => {
    stubCentreServer();
    const { location } = renderAt('/notifications?id=12a&view=ALL');

    await screen.findByRole('heading', { name: 'Notifications', level: 1 });
    expect(location()).toBe('/notifications?view=ALL');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('should go back to the list keeping the query string when the id is not digits', async () => {
    stubCentreServer();
    const { location } = renderAt('/notifications/abc?view=COMPLETED');

    await screen.findByRole('heading', { name: 'Notifications', level: 1 });
    expect(location()).toBe('/notifications?view=COMPLETED');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('should show the centre under the details and close back to the list with the query string', async () => {
    stubCentreServer();
    const { location } = renderAt('/notifications/42?view=COMPLETED');

    const dialog = await screen.findByRole('dialog', { name: 'Details of 42' });
    expect(screen.getByRole('tab', { name: 'Completed' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close details' }));

    expect(location()).toBe('/notifications?view=COMPLETED');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('should open the details keeping the query string when View Details is pressed', async () => {
    stubCentreServer({ rows: { REPRICE: [notificationItem(9)] } });
    const { location } = renderAt('/notifications?view=ALL');
    const card = await screen.findByRole('article', { name: 'Fare drop 9' });

    await userEvent.click(within(card).getByRole('button', { name: 'View Details' }));

    expect(await screen.findByRole('dialog', { name: 'Details of 9' })).toBeTruthy();
    expect(location()).toBe('/notifications/9?view=ALL');
  });

  it('should keep the chosen view in the query string when a tab is chosen', async () => {
    stubCentreServer();
    const { location } = renderAt('/notifications');

    await userEvent.click(screen.getByRole('tab', { name: 'All' }));

    expect(location()).toBe('/notifications?view=ALL');
    await vi.waitFor(() =>
      expect(lastRepriceForm()?.getAll('subtype')).toEqual(['Pending', 'Complete', 'Failed']),
    );
  });

  it('should read pending notifications when the view in the query string is unknown', async () => {
    stubCentreServer();
    renderAt('/notifications?view=SOMETHING');

    await vi.waitFor(() => expect(lastRepriceForm()?.getAll('subtype')).toEqual(['Pending']));
  });

  it('should read the agent own notifications with no controls when the user is an agent', async () => {
    stubCentreServer();
    renderAt('/notifications?filter=all_b7', AGENT);

    await vi.waitFor(() => expect(lastRepriceForm()).toBeDefined());
    expect(whoOf(lastRepriceForm())).toEqual({
      fetchType: 'personal',
      agencyIds: [],
      branchIds: [],
      agentIds: [],
    });
    expect(screen.queryByRole('button', { name: 'Me' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Organisation filter' })).toBeNull();
    const [counters] = stubbedJsonBodies(COUNTERS);
    expect(counters).toEqual({ fetchType: 'personal' });
  });

  it('should give a multi-agent agent the filter without the toggle and read the chosen agents', async () => {
    stubCentreServer();
    const { location } = renderAt('/notifications', userOf(['AGENT'], true));

    expect(screen.queryByRole('button', { name: 'Me' })).toBeNull();
    const filter = screen.getByRole('group', { name: 'Organisation filter' });
    expect(filter.getAttribute('aria-disabled')).toBe('false');
    await userEvent.click(within(filter).getByRole('button', { name: 'Choose agents 21 and 22' }));

    expect(location()).toBe('/notifications?filter=all_a1_b7_g21.22');
    await vi.waitFor(() =>
      expect(whoOf(lastRepriceForm())).toEqual({
        fetchType: 'personal',
        agencyIds: [],
        branchIds: [],
        agentIds: ['21', '22'],
      }),
    );
  });

  it('should read the whole scope narrowed by the finest choice when a manager is in All mode', async () => {
    stubCentreServer();
    const { location } = renderAt('/notifications', MANAGER);
    await vi.waitFor(() => expect(whoOf(lastRepriceForm()).fetchType).toBe('all'));

    await userEvent.click(screen.getByRole('button', { name: 'Choose branch 7' }));

    expect(location()).toBe('/notifications?filter=all_a1_b7');
    await vi.waitFor(() =>
      expect(whoOf(lastRepriceForm())).toEqual({
        fetchType: 'all',
        agencyIds: [],
        branchIds: ['7'],
        agentIds: [],
      }),
    );
  });

  it('should read personally and disable the filter when a manager switches to Me', async () => {
    stubCentreServer();
    const { location } = renderAt('/notifications?filter=all_a1_b7', MANAGER);
    expect(
      screen.getByRole('group', { name: 'Organisation filter' }).getAttribute('aria-disabled'),
    ).toBe('false');
    expect(screen.getByRole('status', { name: 'Chosen' }).textContent).toBe(
      '{"agencyIds":[1],"branchIds":[7],"agentIds":[]}',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Me' }));

    expect(location()).toBe('/notifications?filter=me_a1_b7');
    expect(
      screen.getByRole('group', { name: 'Organisation filter' }).getAttribute('aria-disabled'),
    ).toBe('true');
    await vi.waitFor(() =>
      expect(whoOf(lastRepriceForm())).toEqual({
        fetchType: 'personal',
        agencyIds: [],
        branchIds: [],
        agentIds: [],
      }),
    );
  });

  it('should read the default when the filter in the query string is malformed', async () => {
    stubCentreServer();
    renderAt('/notifications?filter=all_b7..8', MANAGER);

    await vi.waitFor(() =>
      expect(whoOf(lastRepriceForm())).toEqual({
        fetchType: 'all',
        agencyIds: [],
        branchIds: [],
        agentIds: [],
      }),
    );
  });
});

/** JSON bodies stubApi recorded for a path. */
function stubbedJsonBodies(path: string): unknown[] {
  return vi
    .mocked(fetch)
    .mock.calls.filter(([input]) => pathOf(input) === path)
    .map(([, init]) =>
      typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null,
    );
}
