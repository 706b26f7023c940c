import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/testing/render';
import { SettingsPage } from './settings-page';

describe('SettingsPage', () => {
  it('should send the user to Notification types for their own notifications, editing none here', () => {
    renderScreen(<SettingsPage push={<p>push card</p>} />, '/settings');

    const section = screen.getByRole('region', { name: 'Your notifications' });
    expect(section.textContent).toContain(
      'Which notification types reach you, by e-mail or push, is chosen on the Notification types page.',
    );
    const link = within(section).getByRole('link', { name: 'Notification types' });
    expect(link.getAttribute('href')).toBe('/notificationsSettings');
    // One place for every subscription (docs/decisions/075): no ticks, no save here.
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByText('push card')).toBeTruthy();
  });
});
