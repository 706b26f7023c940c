import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PushPermissionCard, type PushPermissionState } from './push-permission-card';

describe('PushPermissionCard', () => {
  it.each<[PushPermissionState, string, string, boolean]>([
    ['on', 'This browser receives push notifications.', 'Turn off', false],
    ['off', 'This browser does not receive push notifications.', 'Turn on', false],
    [
      'blocked',
      "Notifications are blocked for this site in the browser's settings.",
      'Turn on',
      true,
    ],
    ['unsupported', 'This browser cannot receive push notifications.', 'Turn on', true],
    ['checking', 'Checking this browser…', 'Turn on', true],
  ])('should say so and offer the button when push is %s', (state, text, button, disabled) => {
    render(<PushPermissionCard state={state} busy={false} onChange={() => undefined} />);
    expect(screen.getByRole('status').textContent).toContain(text);
    expect(screen.getByRole('button', { name: button })).toHaveProperty('disabled', disabled);
  });

  it('should ask to turn push on when it is off, and off when it is on', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { rerender } = render(
      <PushPermissionCard state="off" busy={false} onChange={onChange} />,
    );
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    rerender(<PushPermissionCard state="on" busy={false} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(onChange.mock.calls).toEqual([[true], [false]]);
  });
});
