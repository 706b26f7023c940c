import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppAccessDenied } from '@/components/errors/access-denied-app';
import { renderScreen } from '@/testing/render';

function renderDenied() {
  const onBackToLogin = vi.fn();
  renderScreen(
    <AppAccessDenied
      supportEmail="support@example.test"
      supportPhones={['+972 3 555 0100']}
      onBackToLogin={onBackToLogin}
    />,
  );
  return { onBackToLogin };
}

describe('AppAccessDenied', () => {
  it('should say the application is not permitted and give the support contacts when rendered', () => {
    renderDenied();

    expect(
      screen.getByRole('heading', {
        name: 'You do not have privileges to access the application',
      }),
    ).toBeTruthy();
    expect(screen.getByText(/Contact support/).textContent).toBe(
      'Contact support: support@example.test, +972 3 555 0100',
    );
  });

  it("should call onBackToLogin when 'Back to login page' is clicked", async () => {
    const { onBackToLogin } = renderDenied();

    await userEvent.click(screen.getByRole('button', { name: 'Back to login page' }));

    expect(onBackToLogin).toHaveBeenCalledOnce();
  });
});
