import {
  PUBLIC_CONFIG_ELEMENT_ID,
  uiRolesOf,
  type ServerRole,
  type UserDetails,
} from '@smt/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstChunksOfLoginPage, firstChunksOfSignedInPage } from '@/app/router';
import type * as Router from '@/app/router';
import { startPageLoad } from '@/app/start';
import { publicConfigQueryKey } from '@/features/auth/api/get-public-config';
import { rememberHomeOpening } from '@/features/home/api/home-opening';
import { setStoredLoginDetails } from '@/features/auth/utils/stored-login-details';
import { createQueryClient } from '@/lib/query-client';
import { setSessionCredentials } from '@/lib/session-credentials';
import { stubApi } from '@/testing/stub-api';

// Loading the chunks is the router's business; here only whether they were asked for.
vi.mock('@/app/router', async (importOriginal) => ({
  ...(await importOriginal<typeof Router>()),
  firstChunksOfSignedInPage: vi.fn((pathname: string) =>
    pathname.includes('/share/') ? null : Promise.resolve(),
  ),
  firstChunksOfLoginPage: vi.fn(() => Promise.resolve([])),
}));

const PHONE = '+972500000003';

function signIn() {
  setSessionCredentials({
    accessToken: 'tok',
    expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
    phone: PHONE,
    email: 'agent@demo.test',
    keepLoggedIn: true,
  });
}

function stubServer() {
  return stubApi({
    'GET /api/config': { body: {} },
    'GET /api/getUserDetails': { body: {} },
    'GET /api/admin/stats/userNotifications': { body: {} },
    'GET /api/admin/stats/allNotifications': { body: {} },
    'POST /api/auth/refresh': { status: 401, body: { code: 'UNAUTHORIZED', message: 'Ended.' } },
  });
}

// The clock is the test's: what follows an answer at once is in, a retry's pause is not.
const SETTLE_MS = 20;

/** The calls made once every answer the start waits for is in. */
async function callsOf(pathname: string, calls: ReturnType<typeof stubApi>) {
  void startPageLoad(createQueryClient(), pathname);
  await vi.waitFor(() => expect(calls.length).toBeGreaterThan(0));
  await vi.advanceTimersByTimeAsync(SETTLE_MS);
  return calls.map((call) => `${call.method} ${call.path}`);
}

describe('startPageLoad', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.mocked(firstChunksOfSignedInPage).mockClear();
    vi.mocked(firstChunksOfLoginPage).mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('should ask for the user and the counts home opened with side by side when home loads', async () => {
    signIn();
    rememberHomeOpening({ phone: PHONE, kind: 'personal' });
    const calls = stubServer();

    void startPageLoad(createQueryClient(), '/smtapp/home');
    // Both go out before either is answered: the session is read from storage.
    await vi.waitFor(() => expect(calls.length).toBe(3));

    expect(calls.map((call) => call.path)).toEqual([
      '/api/config',
      '/api/getUserDetails',
      '/api/admin/stats/userNotifications',
    ]);
    expect(firstChunksOfSignedInPage).toHaveBeenCalledWith('/smtapp/home', '/smtapp');
  });

  it('should start the app on home only once its opening is in', async () => {
    signIn();
    stubServer();
    let chunksIn!: () => void;
    vi.mocked(firstChunksOfSignedInPage).mockReturnValueOnce(
      new Promise<void>((resolve) => (chunksIn = resolve)),
    );

    const ready = await Promise.race([
      startPageLoad(createQueryClient(), '/smtapp/home').then(() => 'started'),
      vi.advanceTimersByTimeAsync(SETTLE_MS).then(() => 'waiting'),
    ]);
    expect(ready).toBe('waiting');

    chunksIn();
    const opened = (await startPageLoad(createQueryClient(), '/smtapp/home')) as unknown[];
    expect(
      opened.some(
        (chunk) => typeof chunk === 'object' && chunk !== null && 'prefetchHomeOpening' in chunk,
      ),
    ).toBe(true);
  });

  it("should ask for a manager's whole scope when home opened with it", async () => {
    signIn();
    rememberHomeOpening({ phone: PHONE, kind: 'all' });
    const calls = stubServer();

    expect(await callsOf('/smtapp/home', calls)).toEqual([
      'GET /api/config',
      'GET /api/getUserDetails',
      'GET /api/admin/stats/allNotifications',
    ]);
  });

  it.each([
    ['an agent', ['ROLE_SA_AGENT_USER'] as ServerRole[], 'userNotifications'],
    ['a manager', ['ROLE_SA_MANAGER_USER'] as ServerRole[], 'allNotifications'],
    ['a new user', ['ROLE_SA_NEW_REGISTERED_USER'] as ServerRole[], null],
  ])(
    "should ask for %s's counts, if any, once the user is in when home has not opened here before",
    async (_who, serverRoles, counts) => {
      signIn();
      const user: UserDetails = {
        id: 1,
        name: 'Dana Demo',
        email: 'agent@demo.test',
        phone: PHONE,
        roles: uiRolesOf(serverRoles),
        serverRoles,
        betaFeatures: [],
        multiAgent: false,
        impersonatingUser: null,
      };
      const calls = stubApi({
        'GET /api/config': { body: {} },
        'GET /api/getUserDetails': { body: user },
        'GET /api/admin/stats/userNotifications': { body: {} },
        'GET /api/admin/stats/allNotifications': { body: {} },
      });

      // Someone home is not for asks for none.
      expect(await callsOf('/smtapp/home', calls)).toEqual([
        'GET /api/config',
        'GET /api/getUserDetails',
        ...(counts === null ? [] : [`GET /api/admin/stats/${counts}`]),
      ]);
    },
  );

  it('should wait for the page to ask for counts when home opened for another phone', async () => {
    signIn();
    rememberHomeOpening({ phone: '+972500000099', kind: 'personal' });

    expect(await callsOf('/smtapp/home', stubServer())).toEqual([
      'GET /api/config',
      'GET /api/getUserDetails',
    ]);
  });

  it('should ask for no counts when another signed-in page loads', async () => {
    signIn();
    rememberHomeOpening({ phone: PHONE, kind: 'personal' });

    expect(await callsOf('/smtapp/help', stubServer())).toEqual([
      'GET /api/config',
      'GET /api/getUserDetails',
    ]);
  });

  it('should ask for the session but not the user when a login page loads', async () => {
    setStoredLoginDetails({ email: 'agent@demo.test', phone: PHONE, keepLoggedIn: false });

    expect(await callsOf('/smtapp/login', stubServer())).toEqual([
      'GET /api/config',
      'POST /api/auth/refresh',
    ]);
    expect(firstChunksOfSignedInPage).not.toHaveBeenCalled();
    expect(firstChunksOfLoginPage).toHaveBeenCalled();
  });

  it('should take the settings from the document and not ask for them', async () => {
    signIn();
    const config = {
      environment: 'production',
      termsUrl: 'https://agency.example/terms',
      privacyUrl: 'https://agency.example/privacy',
      feedbackUrl: 'https://agency.example/feedback',
      supportEmail: 'help@agency.example',
      supportPhones: [],
      sessionDurationMinutes: 30,
      keepLoggedInDays: 30,
    };
    const element = Object.assign(document.createElement('script'), {
      id: PUBLIC_CONFIG_ELEMENT_ID,
      type: 'application/json',
      textContent: JSON.stringify(config),
    });
    document.head.append(element);
    try {
      const queryClient = createQueryClient();
      const calls = stubServer();
      void startPageLoad(queryClient, '/smtapp/help');
      await vi.waitFor(() => expect(calls.length).toBeGreaterThan(0));
      await vi.advanceTimersByTimeAsync(SETTLE_MS);

      expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
        'GET /api/getUserDetails',
      ]);
      expect(queryClient.getQueryData(publicConfigQueryKey)).toEqual(config);
    } finally {
      element.remove();
    }
  });

  it('should ask for the settings when the document holds none that read as settings', async () => {
    signIn();
    const element = Object.assign(document.createElement('script'), {
      id: PUBLIC_CONFIG_ELEMENT_ID,
      type: 'application/json',
      textContent: '{"environment":',
    });
    document.head.append(element);
    try {
      expect(await callsOf('/smtapp/help', stubServer())).toEqual([
        'GET /api/config',
        'GET /api/getUserDetails',
      ]);
    } finally {
      element.remove();
    }
  });

  it('should ask for nothing when a shared notification loads', async () => {
    signIn();
    const calls = stubServer();

    void startPageLoad(createQueryClient(), '/smtapp/share/notification/7/1770000000000/tok');
    await vi.advanceTimersByTimeAsync(SETTLE_MS);

    expect(calls).toEqual([]);
  });
});
