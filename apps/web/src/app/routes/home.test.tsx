import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { uiRolesOf, type HomeData, type ServerRole, type UserDetails } from '@smt/shared';
import { Outlet, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { HomeRoute } from '@/app/routes/home';
import type { SignedInContext } from '@/app/routes/signed-in-context';
import { prefetchHomeOpening } from '@/features/home/api/home-opening';
import { createQueryClient } from '@/lib/query-client';
import { setSessionCredentials } from '@/lib/session-credentials';
import { renderWithApp } from '@/testing/render-app';
import { stubApi } from '@/testing/stub-api';

const HOME: HomeData = {
  byGroup: [
    {
      group: 'REPRICE',
      new: 1,
      pending: 2,
      amount: 50.5,
      amounts: [{ currency: 'EUR', kind: 'cash', amount: 50.5 }],
    },
    { group: 'ADM', new: 0, pending: 1, amount: 0, amounts: [] },
    { group: 'TICKETING_DUE', new: 0, pending: 1, amount: 0, amounts: [] },
    { group: 'RESCHEDULE', new: 0, pending: 0, amount: 0, amounts: [] },
    { group: 'WAITLIST', new: 0, pending: 0, amount: 0, amounts: [] },
  ],
  currency: 'EUR',
};

function userWith(serverRoles: ServerRole[], multiAgent = false): UserDetails {
  return {
    id: 1,
    name: 'Dana Demo',
    email: 'dana@demo.test',
    phone: '+972500000099',
    roles: uiRolesOf(serverRoles),
    serverRoles,
    betaFeatures: [],
    multiAgent,
    impersonatingUser: null,
  };
}

/** Home inside a layout that hands it the signed-in context, as the protected layout does. */
function renderHome(user: UserDetails) {
  const context = { user } as SignedInContext;
  return renderWithApp(
    <Routes>
      <Route element={<Outlet context={context} />}>
        <Route path="*" element={<HomeRoute />} />
      </Route>
    </Routes>,
    '/home',
  );
}

function stubHome() {
  stubApi({
    'GET /api/admin/stats/userNotifications': { body: HOME },
    'GET /api/admin/stats/allNotifications': { body: HOME },
    'GET /api/admin/listAgencies': { body: [{ id: 1, name: 'Demo Travel' }] },
    'GET /api/admin/listBranches': {
      body: [
        { id: 10, pcc: 'TLV1', name: 'Tel Aviv' },
        { id: 11, pcc: 'JRS1', name: 'Jerusalem' },
      ],
    },
    'GET /api/admin/listAgents': { body: [] },
  });
}

const statsCalls = () =>
  vi
    .mocked(fetch)
    .mock.calls.map(([input]) => input as string)
    .filter((url) => url.startsWith('/api/admin/stats/'));

const LOADED = { timeout: 5000 };

describe('HomeRoute', { timeout: 20_000 }, () => {
  it('should show an agent their own counts with no toggle and no filters', async () => {
    stubHome();
    renderHome(userWith(['ROLE_SA_AGENT_USER']));

    expect(await screen.findByRole('link', { name: /^Reprice/ }, LOADED)).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Browse mode' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Organisation filter' })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(statsCalls()).toEqual(['/api/admin/stats/userNotifications']);
  });

  it('should keep an agent with multi-agent access personal on home', async () => {
    stubHome();
    renderHome(userWith(['ROLE_SA_AGENT_USER'], true));

    await screen.findByRole('link', { name: /^Reprice/ }, LOADED);
    expect(screen.queryByRole('group', { name: 'Browse mode' })).toBeNull();
    expect(statsCalls()).toEqual(['/api/admin/stats/userNotifications']);
  });

  it('should read the whole scope when a manager opens home in All mode', async () => {
    stubHome();
    renderHome(userWith(['ROLE_SA_MANAGER_USER']));

    await screen.findByRole('link', { name: /^Reprice/ }, LOADED);
    const toggle = screen.getByRole('group', { name: 'Browse mode' });
    expect(within(toggle).getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByRole('group', { name: 'Organisation filter' })).toBeTruthy();
    expect(statsCalls()).toEqual(['/api/admin/stats/allNotifications?type=Agency']);
  });

  it('should switch to personal counts and disable the filter when a manager picks Me', async () => {
    stubHome();
    renderHome(userWith(['ROLE_SA_BRANCH_MANAGER_USER']));
    await screen.findByRole('link', { name: /^Reprice/ }, LOADED);

    await userEvent.click(screen.getByRole('button', { name: 'Me' }));

    await waitFor(
      () =>
        expect(statsCalls()).toEqual([
          '/api/admin/stats/allNotifications?type=Agency',
          '/api/admin/stats/userNotifications',
        ]),
      LOADED,
    );
    for (const name of ['Agencies', 'Branches', 'Agents']) {
      expect(screen.getByRole('combobox', { name }).getAttribute('aria-disabled')).toBe('true');
    }

    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getByRole('combobox', { name: 'Agencies' }).getAttribute('aria-disabled')).toBe(
      null,
    );
  });

  it('should ask for the selected branch when a manager narrows the filter to it', async () => {
    stubHome();
    renderHome(userWith(['ROLE_SA_SUPER_USER']));
    const branches = () => screen.getByRole('combobox', { name: 'Branches' });
    // One agency in scope: its branches are offered at once.
    await waitFor(() => expect(branches().getAttribute('aria-disabled')).toBe(null), LOADED);

    await userEvent.click(branches());
    await userEvent.click(await screen.findByRole('option', { name: 'JRS1 · Jerusalem' }));
    await userEvent.keyboard('{Escape}');

    await waitFor(
      () => expect(statsCalls()).toContain('/api/admin/stats/allNotifications?type=Branch&id=11'),
      LOADED,
    );
  });

  it.each([
    ['an agent', ['ROLE_SA_AGENT_USER'] as ServerRole[], 'userNotifications'],
    ['a manager', ['ROLE_SA_MANAGER_USER'] as ServerRole[], 'allNotifications?type=Agency'],
  ])(
    'should have the next page load ask for the counts home opened with when %s opens it',
    async (_who, serverRoles, call) => {
      const user = userWith(serverRoles);
      setSessionCredentials({
        accessToken: 'tok',
        expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
        phone: user.phone,
        email: user.email,
        keepLoggedIn: false,
      });
      stubHome();
      renderHome(user);
      await screen.findByRole('link', { name: /^Reprice/ }, LOADED);

      // The user's details not in yet: the remembered opening alone says whose counts.
      prefetchHomeOpening(createQueryClient(), user.phone, new Promise<never>(() => undefined));

      const url = `/api/admin/stats/${call}`;
      await waitFor(() => expect(statsCalls()).toEqual([url, url]), LOADED);
    },
  );
});
