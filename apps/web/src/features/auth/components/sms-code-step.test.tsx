import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorMessages } from '@smt/shared';
import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SmsCodeStep } from '@/features/auth/components/sms-code-step';
import { renderScreen } from '@/testing/render';

type Props = ComponentProps<typeof SmsCodeStep>;

function renderStep(props: Partial<Props> = {}) {
  const onConfirm = vi.fn();
  renderScreen(
    <SmsCodeStep
      phone="+972500000003"
      error={null}
      confirming={false}
      resendAllowedAt={Date.now() + 60_000}
      resending={false}
      resendError={null}
      onConfirm={onConfirm}
      onResend={vi.fn()}
      onBack={vi.fn()}
      {...props}
    />,
  );
  return { onConfirm, user: userEvent.setup() };
}

const confirmButton = () => screen.getByRole('button', { name: 'Confirm' });
const codeField = () => screen.getByRole('textbox', { name: 'SMS code' });

describe('SmsCodeStep', () => {
  it('should disable Confirm when the code is empty', () => {
    renderStep();

    expect(confirmButton().hasAttribute('disabled')).toBe(true);
  });

  it('should disable Confirm when the code is only spaces', async () => {
    const { user } = renderStep();

    await user.type(codeField(), '   ');

    expect(confirmButton().hasAttribute('disabled')).toBe(true);
  });

  it('should confirm the trimmed code when one was typed', async () => {
    const { user, onConfirm } = renderStep();

    await user.type(codeField(), ' 123456 ');
    await user.click(confirmButton());

    expect(onConfirm).toHaveBeenCalledWith('123456');
  });

  it('should disable Confirm when the request runs', async () => {
    const { user } = renderStep({ confirming: true });

    await user.type(codeField(), '123456');

    expect(confirmButton().hasAttribute('disabled')).toBe(true);
  });

  it('should show the server message as it is when the code was refused', () => {
    renderStep({ error: errorMessages.smsCodeExpired });

    expect(screen.getByText(errorMessages.smsCodeExpired)).toBeTruthy();
  });

  it('should hold back Send again when the resend delay has not passed', () => {
    renderStep({ resendAllowedAt: Date.now() + 42_000 });

    const resend = screen.getByRole('button', { name: /Send again in \d+ s/ });
    expect(resend.hasAttribute('disabled')).toBe(true);
  });

  it('should offer Send again when the resend delay has passed', () => {
    renderStep({ resendAllowedAt: Date.now() - 1 });

    expect(screen.getByRole('button', { name: 'Send again' }).hasAttribute('disabled')).toBe(false);
  });
});
