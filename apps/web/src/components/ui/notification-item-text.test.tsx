import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NotificationItemText } from '@/components/ui/notification-item-text';
import { renderScreen } from '@/testing/render';

describe('NotificationItemText', () => {
  it('should show the title over the message and the local time when given a notification', () => {
    renderScreen(
      <NotificationItemText
        notification={{
          title: 'Reprice',
          title_message: 'Save 120 ILS',
          notification_time: '2026-06-01T09:30:00',
        }}
      />,
    );

    expect(screen.getByText('Reprice')).toBeTruthy();
    expect(screen.getByText('Save 120 ILS · 01/06/2026 09:30')).toBeTruthy();
  });
});
