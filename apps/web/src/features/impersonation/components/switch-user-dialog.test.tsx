import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render-app';
import { stubApi } from '@/testing/stub-api';
import { SwitchUserDialog } from './switch-user-dialog';

const SWITCH = 'POST /api/admin/management/impersonate/switch_user';
const sentUsernames = () =>
  vi
    .mocked(fetch)
    .mock.calls.map(([, init]) => (init?.body as URLSearchParams | undefined)?.get('username'));

function renderDialog() {
  renderWithApp(<SwitchUserDialog open onClose={vi.fn()} />);
  return userEvent.setup();
}

describe('SwitchUserDialog', () => {
  it('should say the phone is invalid and send nothing when the number is not valid for the code', async () => {
    stubApi({});
    const user = renderDialog();

    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '12');
    await user.click(screen.getByRole('button', { name: 'Switch user' }));

    expect(await screen.findByText('Specify a valid phone number')).toBeTruthy();
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
  });

  it('should say the number is required when it is left empty', async () => {
    stubApi({});
    const user = renderDialog();

    await user.click(screen.getByRole('button', { name: 'Switch user' }));

    expect(await screen.findByText('Phone number is required')).toBeTruthy();
  });

  it("should send the phone in E.164 and show the server's refusal when the user is out of reach", async () => {
    stubApi({
      [SWITCH]: {
        status: 403,
        body: { code: 'FORBIDDEN', message: 'You may not switch to that user.' },
      },
    });
    const user = renderDialog();

    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '50-000-0008');
    await user.click(screen.getByRole('button', { name: 'Switch user' }));

    expect(await screen.findByText('You may not switch to that user.')).toBeTruthy();
    expect(sentUsernames()).toEqual(['+972500000008']);
  });
});
