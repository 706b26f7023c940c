import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COUNTRIES } from '@smt/shared';
import { describe, expect, it, vi } from 'vitest';
import { LoginForm } from '@/features/auth/components/login-form';
import { NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { renderScreen } from '@/testing/render';

// The sign-in rules load as a chunk of their own when the form is first used; here that
// load fails every time, as it does while the connection is down.
vi.mock('@/features/auth/hooks/use-login-check', () => ({
  useLoginCheck: () => ({
    check: null,
    load: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
  }),
}));

const ISRAEL = COUNTRIES.find((country) => country.code === 'IL') ?? null;

describe('LoginForm without its sign-in rules', () => {
  it('should say the server cannot be reached and send nothing when the rules fail to load', async () => {
    const onSubmit = vi.fn();
    renderScreen(
      <LoginForm
        initialValues={{
          email: 'adam@smt.travel',
          country: ISRAEL,
          phoneNum: '501234567',
          keepLoggedIn: false,
        }}
        pendingChannel={null}
        onSubmit={onSubmit}
      />,
    );

    await userEvent.setup().click(screen.getByRole('button', { name: 'SMS' }));

    expect(await screen.findByText(NETWORK_ERROR_MESSAGE)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
