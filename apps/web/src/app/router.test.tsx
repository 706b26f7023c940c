import { render, screen } from '@testing-library/react';
import { errorMessages, type ServerRole, type UserDetails } from '@smt/shared';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { App } from '@/app/app';
import { AppProviders } from '@/app/providers';
import { appRoutes } from '@/app/router';
import { getSessionCredentials, setSessionCredentials } from '@/lib/session-credentials';
import { stubApi } from '@/testing/stub-api';

const CONFIG = {
  environment: 'local',
  termsUrl: 'https://t.test',
  privacyUrl: 'https://p.test',
  feedbackUrl: 'https://f.test',
  supportEmail: 'support@smt.test',
  supportPhones: ['+972-3-000-0000'],
  sessionDurationMinutes: 30,
  keepLoggedInDays: 30,
};

function userWith(serverRoles: ServerRole[]): UserDetails {
  return {
    id: 3,
    name: 'Adam Agent',
    email: 'agent@demo.test',
    phone: '+972500000003',
    roles: [],
    serverRoles,
    betaFeatures: [],
    multiAgent: false,
    impersonatingUser: null,
  };
}

function signIn(phone = '+972500000003') {
  setSessionCredentials({
    accessToken: 'tok',
    expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
    phone,
    email: 'agent@demo.test',
    keepLoggedIn: false,
  });
}

function renderApp(path: string, user: { status?: number; body?: unknown } | null = null) {
  const calls = stubApi({
    'GET /api/config': { body: CONFIG },
    ...(user ? { 'GET /api/getUserDetails': user } : {}),
  });
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, calls };
}

const agent = { body: userWith(['ROLE_SA_AGENT_USER']) };

// The signed-in layout, the login page and the pages are chunks of their own.
const LOADED = { timeout: 5000 };

describe('app routes', () => {
  it('should send a signed-out user to the login page when a signed-in page is opened', async () => {
    const { router } = renderApp('/home');

    expect(await screen.findByRole('button', { name: 'SMS' }, LOADED)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('should land a signed-in agent at home when the root is opened', async () => {
    signIn();
    const { router } = renderApp('/', agent);

    expect(await screen.findByRole('button', { name: 'Adam Agent' }, LOADED)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('should send a signed-in user from the login page to their landing page', async () => {
    signIn();
    const { router } = renderApp('/login', { body: userWith(['ROLE_SA_OPERATOR_USER']) });

    await screen.findByRole('heading', { name: 'Agencies' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/management/tools/agency');
  });

  it('should show the page-level denied screen when the role does not open the page', async () => {
    signIn();
    renderApp('/dashboard', agent);

    expect(await screen.findByText(errorMessages.pageAccessDenied, undefined, LOADED)).toBeTruthy();
  });

  it('should show the application-level denied screen when the user has no known role', async () => {
    signIn();
    renderApp('/home', { body: userWith([]) });

    expect(await screen.findByText(errorMessages.appAccessDenied, undefined, LOADED)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to login page' })).toBeTruthy();
  });

  it('should show a page of SPEC §2.1 inside the shell when the role opens it', async () => {
    signIn();
    renderApp('/help', agent);

    // The frame shows the page's title while the user loads: the shell's user button is the sign.
    expect(await screen.findByRole('button', { name: 'Adam Agent' }, LOADED)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Help', level: 1 }, LOADED)).toBeTruthy();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('should sign out to the login page when the user details answer 401', async () => {
    signIn();
    const { router } = renderApp('/home', {
      status: 401,
      body: { code: 'UNAUTHORIZED', message: 'Sign in again.' },
    });

    expect(await screen.findByRole('button', { name: 'SMS' }, LOADED)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(getSessionCredentials()).toBeNull();
  });

  it('should show the data error screen when the user details keep failing', async () => {
    signIn();
    const { calls } = renderApp('/home', {
      status: 500,
      body: { code: 'INTERNAL', message: 'Something has happened' },
    });

    expect(
      await screen.findByText(errorMessages.yourDataFailed, undefined, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/getUserDetails')).toHaveLength(2);
  });

  it('should say the phone is missing when the credentials carry none', async () => {
    signIn('');
    renderApp('/home', agent);

    expect(await screen.findByText(errorMessages.phoneMissing, undefined, LOADED)).toBeTruthy();
  });

  it('should show not found for the test login page when the environment is production', async () => {
    stubApi({ 'GET /api/config': { body: { ...CONFIG, environment: 'production' } } });
    const router = createMemoryRouter(appRoutes, { initialEntries: ['/login-test'] });
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );

    expect(
      await screen.findByRole('heading', { name: 'This page does not exist' }, LOADED),
    ).toBeTruthy();
  });
});

describe('App', () => {
  it('should show the login page under the base path when a signed-out user opens it', async () => {
    stubApi({ 'GET /api/config': { body: CONFIG } });
    window.history.replaceState(null, '', '/smtapp/login');
    render(<App />);

    expect(await screen.findByRole('button', { name: 'SMS' }, LOADED)).toBeTruthy();
    expect(window.location.pathname).toBe('/smtapp/login');
  });

  it('should send a signed-out user from a signed-in page to the login page', async () => {
    stubApi({ 'GET /api/config': { body: CONFIG } });
    window.history.replaceState(null, '', '/smtapp/home');
    render(<App />);

    expect(await screen.findByRole('button', { name: 'SMS' }, LOADED)).toBeTruthy();
    expect(window.location.pathname).toBe('/smtapp/login');
  });
});
