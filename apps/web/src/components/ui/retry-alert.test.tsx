import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RetryAlert } from '@/components/ui/retry-alert';
import { renderScreen } from '@/testing/render';

describe('RetryAlert', () => {
  it('should show the message as an alert and try again when the button is pressed', async () => {
    const onRetry = vi.fn();
    renderScreen(<RetryAlert message="Can't load PNRs" onRetry={onRetry} />);

    expect(screen.getByRole('alert').textContent).toContain("Can't load PNRs");
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('should disable the button when a retry is running', () => {
    renderScreen(<RetryAlert message="Can't load PNRs" onRetry={vi.fn()} retrying />);

    expect(screen.getByRole('button', { name: /Try again/ }).hasAttribute('disabled')).toBe(true);
  });
});
