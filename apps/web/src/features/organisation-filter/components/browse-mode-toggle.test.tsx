import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BrowseModeToggle } from '@/features/organisation-filter/components/browse-mode-toggle';
import { renderScreen } from '@/testing/render';

describe('BrowseModeToggle', () => {
  it('should press the current mode and report the other one when chosen', async () => {
    const onChange = vi.fn();
    renderScreen(<BrowseModeToggle value="all" onChange={onChange} />);
    const group = screen.getByRole('group', { name: 'Browse mode' });

    expect(within(group).getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await userEvent.click(within(group).getByRole('button', { name: 'Me' }));

    expect(onChange).toHaveBeenCalledWith('me');
  });

  it('should keep the mode when the pressed button is pressed again', async () => {
    const onChange = vi.fn();
    renderScreen(<BrowseModeToggle value="me" onChange={onChange} />);

    await userEvent.click(screen.getByRole('button', { name: 'Me' }));

    expect(onChange).not.toHaveBeenCalled();
  });
});
