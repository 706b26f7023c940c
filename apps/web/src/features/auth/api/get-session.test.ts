import { describe, expect, it, vi } from 'vitest';
import { getSession } from '@/features/auth/api/get-session';
import { setStoredLoginDetails } from '@/features/auth/utils/stored-login-details';
import {
  getSessionCredentials,
  setSessionCredentials,
  type SessionCredentials,
} from '@/lib/session-credentials';

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

const CREDENTIALS: SessionCredentials = {
  accessToken: 'old-token',
  expiresAt: inMinutes(10),
  phone: '+972500000003',
  email: 'agent@demo.test',
  keepLoggedIn: true,
};

function stubRefresh(status: number, body: unknown) {
  const fetchMock = vi.fn<typeof fetch>(
    async () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const NEW_TOKEN = { accessToken: 'new-token', expiresAt: '2030-01-01T00:10:00.000Z' };
const ENDED = {
  code: 'UNAUTHORIZED',
  message: 'The session has ended.',
  reason: 'auth.session-expired',
};

describe('getSession', () => {
  it('should keep the stored credentials without a call when the token is fresh', async () => {
    setSessionCredentials(CREDENTIALS);
    const fetchMock = stubRefresh(200, NEW_TOKEN);

    await expect(getSession(false)).resolves.toEqual(CREDENTIALS);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('should refresh in the background and store the new token when it expires soon', async () => {
    setSessionCredentials({ ...CREDENTIALS, expiresAt: inMinutes(1) });
    const fetchMock = stubRefresh(200, NEW_TOKEN);

    const session = await getSession(false);

    expect(session).toEqual({ ...CREDENTIALS, ...NEW_TOKEN });
    expect(getSessionCredentials()).toEqual({ ...CREDENTIALS, ...NEW_TOKEN });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/refresh');
    expect(new Headers(init?.headers).get('X-SMT-Background')).toBe('1');
  });

  it('should sign out when the refresh answers that the session ended', async () => {
    setSessionCredentials({ ...CREDENTIALS, expiresAt: inMinutes(1) });
    stubRefresh(401, ENDED);

    await expect(getSession(false)).resolves.toBeNull();
    expect(getSessionCredentials()).toBeNull();
  });

  it('should keep the credentials when the server cannot be reached', async () => {
    const expiring = { ...CREDENTIALS, expiresAt: inMinutes(1) };
    setSessionCredentials(expiring);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );

    await expect(getSession(false)).resolves.toEqual(expiring);
  });

  it('should resume the session of another tab when the page loads without credentials', async () => {
    setStoredLoginDetails({
      email: 'agent@demo.test',
      phone: '+972500000003',
      keepLoggedIn: false,
    });
    stubRefresh(200, NEW_TOKEN);

    const session = await getSession(true);

    expect(session).toEqual({
      ...NEW_TOKEN,
      email: 'agent@demo.test',
      phone: '+972500000003',
      keepLoggedIn: false,
    });
  });

  it('should make no call when no one signed in on this browser before', async () => {
    const fetchMock = stubRefresh(401, ENDED);

    await expect(getSession(true)).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
