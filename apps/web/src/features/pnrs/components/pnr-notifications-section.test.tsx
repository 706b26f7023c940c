import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NotificationListItem } from '@smt/shared';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render-app';
import { PnrNotificationsSection } from './pnr-notifications-section';

const notification = (id: number, title: string): NotificationListItem => ({
  notification_id: id,
  type: 'Reprice',
  subtype: 'Pending',
  group: 'REPRICE',
  type_status: 'Active',
  title,
  title_message: 'A lower fare is available',
  notification_time: '2026-01-10T08:00:00.000Z',
  readonly: false,
  status: 'NEW',
  contact_name: 'Dana Levi',
  pnr_summary: null,
  pnr: 'ABC123',
  alerts: [],
  agent_name: 'Bella Agent',
  deadline: null,
});

describe('PnrNotificationsSection', () => {
  it('should list each notification as a link to its details', () => {
    renderWithApp(
      <PnrNotificationsSection
        notifications={[notification(41, 'Fare drop'), notification(42, 'Fare drop again')]}
        failed={false}
        onRetry={vi.fn()}
      />,
    );

    const list = screen.getByRole('list', { name: 'Notifications' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/notifications/41',
      '/notifications/42',
    ]);
    expect(links[0]?.textContent).toMatch(
      /^Fare dropA lower fare is available · 10\/01\/2026 \d\d:00$/,
    );
  });

  it("should say 'No notifications' when the booking has none", () => {
    renderWithApp(<PnrNotificationsSection notifications={[]} failed={false} onRetry={vi.fn()} />);

    expect(screen.getByRole('status').textContent).toBe('No notifications');
  });

  it('should say "Can\'t load notifications" and retry when Try again is pressed', async () => {
    const onRetry = vi.fn();
    renderWithApp(<PnrNotificationsSection notifications={undefined} failed onRetry={onRetry} />);

    expect(screen.getByText("Can't load notifications")).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
