import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSessionCredentials, setSessionCredentials } from '@/lib/session-credentials';
import { renderWithApp } from '@/testing/render-app';
import { stubApi } from '@/testing/stub-api';
import { ProfilePage } from './profile-page';

const PROFILE = {
  name: 'Adam Agent',
  email: 'agent@demo.test',
  deviceNumber: '+972500000003',
  keepLoggedIn: false,
};
const SAVED_TOKEN = { accessToken: 'new-token', expiresAt: '2030-01-01T00:00:00.000Z' };

function renderPage(impersonating = false) {
  const props = {
    impersonating,
    onSaved: vi.fn(),
    beforeUnregister: vi.fn(async () => undefined),
    onUnregistered: vi.fn(async () => undefined),
  };
  renderWithApp(<ProfilePage {...props} />);
  return { props, user: userEvent.setup() };
}

/** The form bodies the page posted to a path. */
const formsPostedTo = (path: string) =>
  vi
    .mocked(fetch)
    .mock.calls.filter(
      ([input, init]) =>
        (input instanceof Request ? input.url : input.toString()).endsWith(path) &&
        init?.method === 'POST',
    )
    .map(([, init]) => Object.fromEntries(init?.body as URLSearchParams));

const updateButton = () => screen.getByRole('button', { name: 'Update User' });

describe('ProfilePage', () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('should show the e-mail and device number disabled and keep Update User off when nothing changed', async () => {
    stubApi({ 'GET /api/xapi/user/profile': { body: PROFILE } });
    const { user } = renderPage();

    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect((name as HTMLInputElement).value).toBe('Adam Agent');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('textbox', { name: 'Device number' })).toHaveProperty('disabled', true);
    expect(updateButton()).toHaveProperty('disabled', true);

    // Keep-logged-in alone is a change; undoing it is not.
    const keep = screen.getByRole('checkbox', { name: 'Keep me logged in' });
    await user.click(keep);
    expect(updateButton()).toHaveProperty('disabled', false);
    await user.click(keep);
    expect(updateButton()).toHaveProperty('disabled', true);
  });

  it('should say the name is required and send nothing when the name is emptied', async () => {
    stubApi({ 'GET /api/xapi/user/profile': { body: PROFILE } });
    const { user } = renderPage();

    await user.clear(await screen.findByRole('textbox', { name: 'Name' }));
    await user.click(updateButton());

    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(formsPostedTo('/api/xapi/user/profile')).toEqual([]);
  });

  it('should save, snack and move the credentials to lasting storage when keep-logged-in is chosen', async () => {
    setSessionCredentials({
      accessToken: 'old-token',
      expiresAt: '2029-01-01T00:00:00.000Z',
      phone: PROFILE.deviceNumber,
      email: PROFILE.email,
      keepLoggedIn: false,
    });
    stubApi({
      'GET /api/xapi/user/profile': { body: PROFILE },
      'POST /api/xapi/user/profile': {
        body: { ...SAVED_TOKEN, profile: { ...PROFILE, name: 'Adam A.', keepLoggedIn: true } },
      },
    });
    const { user, props } = renderPage();

    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Adam A.');
    await user.click(screen.getByRole('checkbox', { name: 'Keep me logged in' }));
    await user.click(updateButton());

    expect(await screen.findByText('User successfully updated!')).toBeTruthy();
    expect(props.onSaved).toHaveBeenCalledOnce();
    expect(formsPostedTo('/api/xapi/user/profile')).toEqual([
      { name: 'Adam A.', keepLoggedIn: 'true' },
    ]);
    expect(getSessionCredentials()).toMatchObject({ accessToken: 'new-token', keepLoggedIn: true });
    expect(localStorage.length).toBe(1);
    // Saved values are the new starting point.
    await waitFor(() => expect(updateButton()).toHaveProperty('disabled', true));
  });

  it('should say Submit failed under the form when the server fails', async () => {
    stubApi({
      'GET /api/xapi/user/profile': { body: PROFILE },
      'POST /api/xapi/user/profile': {
        status: 500,
        body: { code: 'INTERNAL', message: 'boom' },
      },
    });
    const { user } = renderPage();

    await user.type(await screen.findByRole('textbox', { name: 'Name' }), '!');
    await user.click(updateButton());

    expect(await screen.findByText('Submit failed! Try again later')).toBeTruthy();
  });

  it('should ask, delete and end the session when the user unregisters', async () => {
    stubApi({
      'GET /api/xapi/user/profile': { body: PROFILE },
      'DELETE /api/xapi/unregister/v1': { body: { ok: true } },
    });
    const { user, props } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Unregister' }));
    const dialog = screen.getByRole('dialog', { name: 'Unregister?' });
    await user.click(within(dialog).getByRole('button', { name: 'Unregister' }));

    expect(await screen.findByText('Unregister successful')).toBeTruthy();
    expect(props.beforeUnregister).toHaveBeenCalledOnce();
    expect(props.onUnregistered).toHaveBeenCalledOnce();
  });

  it('should snack Operation failed and keep the session when unregistering fails', async () => {
    stubApi({
      'GET /api/xapi/user/profile': { body: PROFILE },
      'DELETE /api/xapi/unregister/v1': {
        status: 409,
        body: { code: 'CONFLICT', message: 'last super user' },
      },
    });
    const { user, props } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Unregister' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Unregister?' })).getByRole('button', {
        name: 'Unregister',
      }),
    );

    expect(await screen.findByText('Operation failed')).toBeTruthy();
    expect(props.onUnregistered).not.toHaveBeenCalled();
  });

  it('should disable Unregister when impersonating', async () => {
    stubApi({ 'GET /api/xapi/user/profile': { body: PROFILE } });
    renderPage(true);

    expect(await screen.findByRole('button', { name: 'Unregister' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByText('You cannot unregister while impersonating.')).toBeTruthy();
  });
});
