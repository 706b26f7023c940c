import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorMessages, signInMessages } from '@smt/shared';
import { describe, expect, it, vi } from 'vitest';
import { LoginPage } from '@/features/auth/components/login-page';
import type { CaptchaMode } from '@/features/auth/hooks/use-send-sign-in';
import { setStoredLoginDetails } from '@/features/auth/utils/stored-login-details';
import { getSessionCredentials } from '@/lib/session-credentials';
import { renderWithApp } from '@/testing/render-app';
import { stubApi } from '@/testing/stub-api';

const TOKEN = { accessToken: 'tok-1', expiresAt: '2030-01-01T00:10:00.000Z' };
const SENT = { sent: true, resendAfterSeconds: 60 };

function renderLogin(path = '/login', captchaMode: CaptchaMode = 'test-key') {
  renderWithApp(
    <LoginPage captchaMode={captchaMode} termsUrl="https://t.test" privacyUrl="https://p.test" />,
    path,
  );
  return userEvent.setup();
}

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'Agent@demo.test');
  await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '500000003');
}

describe('LoginPage', () => {
  it('should link the terms and privacy pages of the deployment', () => {
    stubApi({});
    renderLogin();

    expect(screen.getByRole('link', { name: 'Terms of use' }).getAttribute('href')).toBe(
      'https://t.test',
    );
    expect(screen.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe(
      'https://p.test',
    );
  });

  it('should send the test key and open a session when an SMS code is confirmed', async () => {
    const calls = stubApi({
      'POST /api/auth/sms/send': { body: SENT },
      'POST /api/auth/sms/verify': { body: TOKEN },
    });
    const user = renderLogin();

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'SMS' }));
    await user.type(await screen.findByRole('textbox', { name: 'SMS code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/auth/sms/send',
      'POST /api/auth/sms/verify',
    ]);
    expect(calls[0]?.body).toEqual({
      email: 'agent@demo.test',
      phone: '+972500000003',
      captcha: 'local-test-key',
    });
    expect(calls[1]?.body).toEqual({
      email: 'agent@demo.test',
      phone: '+972500000003',
      code: '123456',
      keepLoggedIn: false,
    });
    expect(getSessionCredentials()).toEqual({
      ...TOKEN,
      email: 'agent@demo.test',
      phone: '+972500000003',
      keepLoggedIn: false,
    });
  });

  it('should show the server message when the SMS code is refused', async () => {
    stubApi({
      'POST /api/auth/sms/send': { body: SENT },
      'POST /api/auth/sms/verify': {
        status: 400,
        body: {
          code: 'BAD_REQUEST',
          message: errorMessages.smsCodeInvalid,
          fieldErrors: { code: errorMessages.smsCodeInvalid },
        },
      },
    });
    const user = renderLogin();

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'SMS' }));
    await user.type(await screen.findByRole('textbox', { name: 'SMS code' }), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText(errorMessages.smsCodeInvalid)).toBeTruthy();
    expect(getSessionCredentials()).toBeNull();
  });

  it('should solve the captcha and validate it before sending when the captcha is on', async () => {
    const { createChallenge } = await import('altcha-lib/v1');
    const challenge = await createChallenge({ hmacKey: 'secret', maxNumber: 200 });
    const calls = stubApi({
      'GET /api/auth/captcha': { body: challenge },
      'POST /api/validateUserDetails': { body: { ok: true } },
      'POST /api/auth/email/send': { body: SENT },
    });
    const user = renderLogin('/login', 'solve');

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Email' }));

    // The solver is a chunk of its own, loaded with the first send.
    expect(
      await screen.findByRole('heading', { name: 'Check your email box' }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/auth/captcha',
      'POST /api/validateUserDetails',
      'POST /api/auth/email/send',
    ]);
    const validated = calls[1]?.body as { reCaptchaResponse: string; deviceNumber: string };
    expect(validated.deviceNumber).toBe('+972500000003');
    expect(calls[2]?.body).toMatchObject({ captcha: validated.reCaptchaResponse });
  });

  it('should show why when the server refuses to send', async () => {
    stubApi({
      'POST /api/auth/sms/send': {
        status: 429,
        body: { code: 'RATE_LIMITED', message: 'Please wait a minute.' },
      },
    });
    const user = renderLogin();

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'SMS' }));

    expect(await screen.findByText('Please wait a minute.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'SMS code' })).toBeNull();
  });

  it('should complete the e-mail link by itself when the e-mail was saved', async () => {
    setStoredLoginDetails({ email: 'agent@demo.test', phone: '+972500000003', keepLoggedIn: true });
    const calls = stubApi({ 'POST /api/auth/email/verify': { body: TOKEN } });
    renderLogin('/login?oobCode=link-1');

    expect(screen.getByText('Signing In...')).toBeTruthy();
    await vi.waitFor(() => expect(getSessionCredentials()).not.toBeNull());
    expect(calls.filter((call) => call.path === '/api/auth/email/verify')).toHaveLength(1);
    expect(calls[0]?.body).toEqual({
      email: 'agent@demo.test',
      oobCode: 'link-1',
      keepLoggedIn: true,
    });
    expect(getSessionCredentials()).toMatchObject({ phone: '+972500000003', keepLoggedIn: true });
  });

  it('should ask for the details first when the link opens where none were saved', async () => {
    const calls = stubApi({ 'POST /api/auth/email/verify': { body: TOKEN } });
    const user = renderLogin('/login?oobCode=link-2');

    expect(screen.getByRole('heading', { name: 'Confirm your details' })).toBeTruthy();
    expect(calls).toHaveLength(0);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await vi.waitFor(() => expect(getSessionCredentials()).not.toBeNull());
    expect(calls[0]?.body).toEqual({
      email: 'agent@demo.test',
      oobCode: 'link-2',
      keepLoggedIn: false,
    });
  });

  it('should say the token expired and show the form when the link is refused', async () => {
    setStoredLoginDetails({
      email: 'agent@demo.test',
      phone: '+972500000003',
      keepLoggedIn: false,
    });
    stubApi({
      'POST /api/auth/email/verify': {
        status: 400,
        body: { code: 'BAD_REQUEST', message: errorMessages.loginLinkExpired },
      },
    });
    renderLogin('/login?oobCode=used');

    expect(await screen.findByText(errorMessages.loginLinkExpired)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'SMS' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveProperty(
      'value',
      'agent@demo.test',
    );
  });

  it('should say to sign in by SMS first and keep the typed details when the link cannot register the phone', async () => {
    stubApi({
      'POST /api/auth/email/verify': {
        status: 403,
        body: { code: 'FORBIDDEN', message: signInMessages.registerBySmsFirst },
      },
    });
    const user = renderLogin('/login?oobCode=link-3');

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText(signInMessages.registerBySmsFirst)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'SMS' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveProperty(
      'value',
      'Agent@demo.test',
    );
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveProperty(
      'value',
      '500000003',
    );
  });
});
